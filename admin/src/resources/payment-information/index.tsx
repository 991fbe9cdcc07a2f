import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';
import type { PlanRecord } from '../../common/planRecord';

/**
 * /payment-information/:id? — the students' payment plans (back-office spec §2 "payment detail"):
 * the list, with the plan detail drawer on /payment-information/{id}, loaded on first use.
 */
const paymentInformation: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./PlanList')),
  icon: AccountBalanceWalletIcon,
  hasEdit: true,
  recordRepresentation: (record) => `${(record as PlanRecord).name ?? ''} #${record.id}`.trim(),
};

export default paymentInformation;
