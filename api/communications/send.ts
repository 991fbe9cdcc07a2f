import type { Transaction } from 'sequelize';
import type { ActivityEntityType, Of } from '../../models/enums';
import type { Actor, Deps } from '../common/context';
import { createIntent, deliverNow } from './dispatcher';

/**
 * How every area sends one of the product's emails (issue 17): by its template's key, to one
 * recipient, in their language, with the template's params. `dedupeKey` makes a repeated call (an
 * event delivered twice) send once.
 *
 * The call creates an EMAIL intent of the template (communication_intents) — in the caller's
 * transaction when given one, so the email exists exactly when the change that decided it committed —
 * and then delivers THAT intent at once, after the commit (the person waiting for a reset link or a
 * sign-up code gets it in seconds; the caller's commit, or this call without a transaction, waits for
 * it). A delivery that fails is not the caller's failure: the intent waits and the
 * COMMUNICATION_DISPATCH job retries it with backoff (dispatcher.ts).
 */
export interface TemplatedMessage {
  key: string;
  to: string;
  /** EN or ES (the student's language); English when unknown. */
  language?: string | null;
  studentId?: number | null;
  params: Record<string, unknown>;
  dedupeKey?: string;
  actor?: Actor;
  about?: { entityType: Of<typeof ActivityEntityType>; entityId: number };
  /** The transaction that decided the email, if any: the message leaves only once it commits. */
  transaction?: Transaction;
}

export async function sendTemplate(deps: Deps, m: TemplatedMessage): Promise<void> {
  const id = await createIntent(
    {
      templateKey: m.key,
      studentId: m.studentId ?? null,
      toAddress: m.to,
      language: m.language?.toUpperCase() === 'ES' ? 'ES' : 'EN',
      channel: 'EMAIL',
      params: m.params,
      dedupeKey: m.dedupeKey ?? null,
      aboutEntityType: m.about?.entityType ?? null,
      aboutEntityId: m.about?.entityId ?? null,
      actorUserId: m.actor?.userId ?? null,
      actorName: m.actor?.name ?? null,
      nextAttemptAt: new Date(),
    },
    m.transaction,
  );
  if (id === null) return; // sent (or being sent) already under this dedupe key
  if (m.transaction) m.transaction.afterCommit(() => deliverNow(deps, [id]));
  else await deliverNow(deps, [id]);
}
