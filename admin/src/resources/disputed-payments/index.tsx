import GavelIcon from '@mui/icons-material/Gavel';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';

/** /disputed-payments — card disputes, verified Won or Lost (back-office spec §2), loaded on first use. */
const disputedPayments: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./DisputeList')),
  icon: GavelIcon,
};

export default disputedPayments;
