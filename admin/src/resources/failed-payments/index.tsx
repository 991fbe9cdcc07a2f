import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';

/** /failed-payments — charges that did not go through, with 'Retry' (back-office spec §2), loaded on first use. */
const failedPayments: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./FailedPaymentList')),
  icon: ReportProblemIcon,
};

export default failedPayments;
