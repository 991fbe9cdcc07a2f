import GroupsIcon from '@mui/icons-material/Groups';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';
import type { CircleRecord } from './circleRecord';

/**
 * /coaching-circles — coaching circles (issue 19): the list and the calendar tabs, the circle's drawer
 * on /coaching-circles/{id} and the add drawer on /coaching-circles/create; for staff with
 * coaching_circles:read, loaded on first use (the calendar's library with its own tab only).
 */
const coachingCircles: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./CircleList')),
  icon: GroupsIcon,
  hasCreate: true,
  hasEdit: true,
  recordRepresentation: (record) => (record as CircleRecord).name ?? `#${String(record.id)}`,
};

export default coachingCircles;
