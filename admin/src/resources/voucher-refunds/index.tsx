import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';
import type { VoucherRefundRecord } from './voucherRefundRecord';

/**
 * /voucher-refunds/:id? — application vouchers (back-office spec §2), with the refund drawer on
 * /voucher-refunds/{id} and the voucher definitions view, loaded on first use.
 */
const voucherRefunds: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./VoucherRefundList')),
  icon: LocalOfferIcon,
  hasEdit: true,
  recordRepresentation: (record) =>
    `#${(record as VoucherRefundRecord).id}${(record as VoucherRefundRecord).voucher?.code ? ` · ${(record as VoucherRefundRecord).voucher?.code}` : ''}`,
};

export default voucherRefunds;
