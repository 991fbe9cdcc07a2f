import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';
import type { CircleTypeRecord } from './circleTypeRecord';

/**
 * /coaching-circles-types — the coaching circle types (issue 19), with the type's drawer on
 * /coaching-circles-types/{id} and the add drawer on /coaching-circles-types/create; for staff with
 * coaching_circles:read (writing needs create / update, archiving delete), loaded on first use.
 */
const coachingCircleTypes: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./CircleTypeList')),
  icon: EventRepeatIcon,
  hasCreate: true,
  hasEdit: true,
  recordRepresentation: (record) => (record as CircleTypeRecord).name,
};

export default coachingCircleTypes;
