import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';
import { applicationLabel, type ApplicationRecord } from '../../common/applicationRecord';

/**
 * /enrollments/:id? — applications and enrollments (back-office spec §2): the list, with the
 * application drawer on /enrollments/{id} and the student drawer over it, loaded on first use.
 * Applications are created from a dialog on the list; `hasEdit` tells react-admin record links exist.
 */
const enrollments: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./EnrollmentList')),
  icon: AssignmentIndIcon,
  hasEdit: true,
  recordRepresentation: (record) => applicationLabel(record as ApplicationRecord),
};

export default enrollments;
