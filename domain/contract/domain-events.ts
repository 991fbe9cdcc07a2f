/**
 * The answers of /api/domain_events (issue 16 §2): one delivery of a domain event to one handler,
 * PENDING until DONE, or FAILED after its last attempt. The console's DomainEventRecord is `z.infer`
 * of `domainEventAnswer`.
 */
import { z } from 'zod';
import { DomainEventStatus } from '../../models/enums';
import { id, page, timestamp } from './common';

/** GET /domain_events/{id}, POST …/retry. */
export const domainEventAnswer = z
  .object({
    id,
    eventId: z.string(),
    /** The event's type (DomainEventType; the next areas add theirs, so any name is read). */
    type: z.string(),
    handler: z.string(),
    status: z.enum(DomainEventStatus),
    attempts: z.number().int().min(0),
    nextAttemptAt: timestamp,
    lastError: z.string().nullable(),
    /** The process delivering it now, and until when it holds it. */
    claimedBy: z.string().nullable(),
    claimedUntil: timestamp.nullable(),
    doneAt: timestamp.nullable(),
    payload: z.record(z.string(), z.unknown()),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type DomainEventAnswer = z.infer<typeof domainEventAnswer>;

/** GET /domain_events. */
export const domainEventPage = page(domainEventAnswer);
