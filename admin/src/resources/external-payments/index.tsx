import PaymentsIcon from '@mui/icons-material/Payments';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';
import type { ExternalPaymentRecord } from './externalPaymentRecord';

/**
 * /external-payments/:id? — checks, wire transfers and other payments recorded by staff (back-office
 * spec §2), with the payment's drawer on /external-payments/{id}, loaded on first use.
 */
const externalPayments: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./ExternalPaymentList')),
  icon: PaymentsIcon,
  hasEdit: true,
  recordRepresentation: (record) => `#${(record as ExternalPaymentRecord).id}`,
};

export default externalPayments;
