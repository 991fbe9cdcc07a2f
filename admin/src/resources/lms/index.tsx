import SchoolIcon from '@mui/icons-material/School';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';
import type { LmsRecord } from './lmsRecord';

/**
 * /lms — the learning-system connections (issue 21), with a connection's drawer on /lms/{id} and the
 * add drawer on /lms/create; for staff with lms:read (every staff role reads; ACADEMIC and SUPER_ADMIN
 * change, test and remove them). D2L's OAuth callback is the console's /d2l-auth (D2lAuthPage).
 */
const lms: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./LmsList')),
  icon: SchoolIcon,
  hasCreate: true,
  hasEdit: true,
  recordRepresentation: (record) => (record as LmsRecord).name,
};

export default lms;
