import type { Deps } from '../common/context';
import { route } from '../common/route';
import { domainEventIdParams, domainEventListQuery, type DomainEventListQuery } from './domain-events.schemas';
import * as events from './domain-events.service';
import { domainEventAnswer, domainEventPage } from '../../domain/contract/domain-events';

/**
 * /api/domain_events: the deliveries of domain events to their handlers (api/common/events.ts), so
 * staff see what failed. `domain_events:read` (every seeded role that reads the back office, SUPPORT
 * included) to read; `domain_events:retry` (SUPER_ADMIN by default) to send a FAILED one again.
 */
export function domainEventRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      answer: domainEventPage,
      summary: 'List domain event deliveries, newest first (status PENDING|DONE|FAILED, type: the event type)',
      access: 'domain_events:read',
      query: domainEventListQuery,
      handle: ({ query }) => events.listDomainEvents(query as DomainEventListQuery),
    }),
    route({
      method: 'get',
      path: '/:id',
      answer: domainEventAnswer,
      summary: 'One domain event delivery with its payload',
      access: 'domain_events:read',
      params: domainEventIdParams,
      handle: ({ params }) => events.getDomainEvent(params.id),
    }),
    route({
      method: 'post',
      path: '/:id/retry',
      summary: 'Send a FAILED delivery again now: back to PENDING (attempts from zero) and delivered (409 DOMAIN_EVENT_NOT_FAILED when not FAILED)',
      access: 'domain_events:retry',
      params: domainEventIdParams,
      handle: ({ params }) => events.retryDomainEvent(params.id),
    }),
  ];
}
