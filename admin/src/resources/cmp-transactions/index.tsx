import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';

/** /cmp-transactions — what sign-ups for coaches' products charged their customers (issue 21). */
const cmpTransactions: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./CmpTransactionList')),
  icon: ReceiptLongIcon,
};

export default cmpTransactions;
