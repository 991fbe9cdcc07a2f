import EventNoteIcon from '@mui/icons-material/EventNote';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';

/**
 * /domain-events — the deliveries of domain events (GET /api/domain_events): what each change made
 * happen in other areas, and which failed; for staff with domain_events:read, loaded on first use.
 */
const domainEvents: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./DomainEventList')),
  icon: EventNoteIcon,
};

export default domainEvents;
