import { DomainEvent } from '../../models';
import { Messages } from '../../models/messages';
import { dispatchEvents, PROCESS_OWNER } from '../common/events';
import { AppError } from '../common/errors';
import { runList, type ListSpec } from '../common/list';
import { domainEventSortable, type DomainEventListQuery } from './domain-events.schemas';

/**
 * The domain events' deliveries for staff (issue 16 §2): what each handler made of each event —
 * PENDING (waiting for its next attempt), DONE, FAILED after its last attempt with the error — and
 * sending a FAILED one again.
 */

const spec: ListSpec<DomainEvent> = { model: DomainEvent, sortable: domainEventSortable, defaultDescending: true, keywordColumns: [] };

export function domainEventDto(e: DomainEvent) {
  return {
    id: e.id,
    eventId: e.eventId,
    type: e.type,
    handler: e.handler,
    status: e.status,
    attempts: e.attempts,
    nextAttemptAt: e.nextAttemptAt,
    lastError: e.lastError ?? null,
    claimedBy: e.claimedBy ?? null,
    claimedUntil: e.claimedUntil ?? null,
    doneAt: e.doneAt ?? null,
    payload: e.payload,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}
export type DomainEventDto = ReturnType<typeof domainEventDto>;

/** GET /domain_events: deliveries newest first, optionally of one status and one event type. */
export function listDomainEvents(q: DomainEventListQuery) {
  return runList(spec, { ...q, keyword: undefined }, [q.status ? { status: q.status } : null, q.type ? { type: q.type } : null], domainEventDto);
}

/** GET /domain_events/{id}. */
export async function getDomainEvent(id: number): Promise<DomainEventDto> {
  const e = await DomainEvent.findByPk(id);
  if (!e) throw AppError.notFound('Domain event');
  return domainEventDto(e);
}

/**
 * POST /domain_events/{id}/retry: a FAILED delivery back to PENDING with its attempts from zero, due
 * now, then delivered at once (what fails again waits for the job, with the new error); answers the
 * delivery as it is after that. 409 DOMAIN_EVENT_NOT_FAILED for one that is not FAILED.
 */
export async function retryDomainEvent(id: number): Promise<DomainEventDto> {
  const e = await DomainEvent.findByPk(id, { attributes: ['id', 'status'] });
  if (!e) throw AppError.notFound('Domain event');
  const [moved] = await DomainEvent.update({ status: 'PENDING', attempts: 0, nextAttemptAt: new Date(), claimedBy: null, claimedUntil: null }, { where: { id, status: 'FAILED' } });
  if (moved !== 1) throw AppError.conflict('DOMAIN_EVENT_NOT_FAILED', Messages.DOMAIN_EVENT_NOT_FAILED);
  await dispatchEvents({ owner: `${PROCESS_OWNER}:retry`, ids: [id], limit: 1 });
  return getDomainEvent(id);
}
