import FactCheckIcon from '@mui/icons-material/FactCheck';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';

/** /coaching-circles-attendance — the circles' attendance records (issue 19), for coaching_circles:read, loaded on first use. */
const coachingCirclesAttendance: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./AttendanceList')),
  icon: FactCheckIcon,
};

export default coachingCirclesAttendance;
