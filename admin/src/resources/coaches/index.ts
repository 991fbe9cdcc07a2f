import SportsIcon from '@mui/icons-material/SelfImprovement';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';
import type { CoachRecord } from './coachRecord';

/** /coaches/:id? — coaches, with the coach's drawer on /coaches/{id} and /coaches/create, loaded on first use. */
const coaches: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./CoachList')),
  icon: SportsIcon,
  hasEdit: true,
  hasCreate: true,
  recordRepresentation: (record) => (record as CoachRecord).name,
};

export default coaches;
