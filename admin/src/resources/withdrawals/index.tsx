import LogoutIcon from '@mui/icons-material/Logout';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';
import type { WithdrawalRecord } from '../../common/withdrawalRecord';

/**
 * /withdrawals/:id? — withdrawals (back-office spec §2), with the withdrawal's drawer on
 * /withdrawals/{id}, loaded on first use. A withdrawal is requested from the application drawer ('Withdraw').
 */
const withdrawals: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./WithdrawalList')),
  icon: LogoutIcon,
  hasEdit: true,
  recordRepresentation: (record) => `#${(record as WithdrawalRecord).id}`,
};

export default withdrawals;
