import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { lazyScreen } from '../../common/lazyScreen';
import { fullName, type Administrator } from './adminPayload';

/**
 * /admins. Adding and editing happen in a drawer over the list (/admins/create, /admins/:id), so the
 * list route answers those paths too: there is no separate create or edit route.
 */
export default {
  list: lazyScreen(() => import('./AdminList')),
  create: undefined,
  edit: undefined,
  show: undefined,
  icon: AdminPanelSettingsIcon,
  recordRepresentation: (record: Administrator) => fullName(record),
};
