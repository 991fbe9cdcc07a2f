import OutboxIcon from '@mui/icons-material/Outbox';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';

/**
 * /outbox/:id? — every email the product sent (GET /api/outbox), with the message's drawer on
 * /outbox/{id}; for staff with outbox:read (SUPER_ADMIN by default), loaded on first use.
 */
const outbox: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./OutboxList')),
  icon: OutboxIcon,
  hasEdit: true,
};

export default outbox;
