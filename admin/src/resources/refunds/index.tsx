import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';
import type { RefundRecord } from './refundRecord';

/**
 * /refunds/:id? — the refund queue (back-office spec §2), with the refund's drawer on /refunds/{id}
 * and the 'New refund' dialog, loaded on first use.
 */
const refunds: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./RefundList')),
  icon: CurrencyExchangeIcon,
  hasEdit: true,
  recordRepresentation: (record) => `#${(record as RefundRecord).id}`,
};

export default refunds;
