import MenuBookIcon from '@mui/icons-material/MenuBook';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';
import type { ProgramRecord } from './programRecord';

/**
 * /programs and /programs/:programId/modules. Adding and editing happen in the drawer over the list
 * (/programs/create, /programs/42, /programs/42/modules), so the list is the only route; `hasCreate`
 * and `hasEdit` tell react-admin that create and record links exist.
 */
const programs: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./ProgramList')),
  icon: MenuBookIcon,
  hasCreate: true,
  hasEdit: true,
  recordRepresentation: (record) => (record as ProgramRecord).name,
};

export default programs;
