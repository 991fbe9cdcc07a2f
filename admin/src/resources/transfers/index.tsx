import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';
import type { TransferRecord } from '../../common/transferRecord';

/**
 * /transfers/:id? — transfers (back-office spec §2), with the transfer's drawer on /transfers/{id},
 * loaded on first use. A transfer is offered from the application drawer ('Transfer').
 */
const transfers: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./TransferList')),
  icon: SwapHorizIcon,
  hasEdit: true,
  recordRepresentation: (record) => `#${(record as TransferRecord).id}`,
};

export default transfers;
