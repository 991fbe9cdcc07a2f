import PeopleIcon from '@mui/icons-material/People';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../../common/lazyScreen';
import { fullName, type StudentRecord } from '../studentRecord';

/**
 * /customers/:id? — every learner account, with the students screens over /api/customers. There is
 * no create call for customers; editing happens in the drawer (/customers/42).
 */
const customers: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./CustomerList')),
  icon: PeopleIcon,
  hasEdit: true,
  recordRepresentation: (record) => fullName(record as StudentRecord),
};

export default customers;
