import SchoolIcon from '@mui/icons-material/School';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';

/**
 * /graduations/:id? — graduation (issue 21): a program's and cohort's enrollments with their graduation
 * status; the ready ones are graduated from here. /graduations/{id} opens the enrollment's progress.
 * For academics:read; graduating needs academics:graduate. Loaded on first use.
 */
const graduations: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./GraduationList')),
  icon: SchoolIcon,
  hasEdit: true,
};

export default graduations;
