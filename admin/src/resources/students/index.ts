import SchoolIcon from '@mui/icons-material/School';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';
import { fullName, type StudentRecord } from './studentRecord';

/**
 * /students/:id? — the list with its drawer. Creating and editing happen in the drawer over the
 * list (/students/create, /students/42), so the list is the only route; `hasCreate` / `hasEdit`
 * tell react-admin that create and edit links exist (CreateButton, row links).
 */
const students: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./StudentList')),
  icon: SchoolIcon,
  hasCreate: true,
  hasEdit: true,
  recordRepresentation: (record) => fullName(record as StudentRecord),
};

export default students;
