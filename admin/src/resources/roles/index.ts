import SecurityIcon from '@mui/icons-material/Security';
import { lazyScreen } from '../../common/lazyScreen';
import type { Role } from './rolePayload';

/** /roles: the list, and full pages for the permission editor (the matrix needs the width). */
export default {
  list: lazyScreen(() => import('./RoleList')),
  create: lazyScreen(() => import('./RoleCreate')),
  edit: lazyScreen(() => import('./RoleEdit')),
  show: undefined,
  icon: SecurityIcon,
  recordRepresentation: (record: Role) => record.name,
};
