import type { Transaction } from 'sequelize';
import type { ActivityEntityType, Of } from '../../models/enums';
import type { Actor, Deps } from '../common/context';
import { composeFromTemplate, loadTemplates } from './compose';

/**
 * How every area sends one of the product's emails (issue 17): by its template's key, to one
 * recipient, in their language, with the template's params. `dedupeKey` makes a repeated call (an
 * event delivered twice) send once.
 *
 * Today this renders and hands the message to the mailer at once; the delivery slice turns it into
 * an intent (communication_intents) sent by the dispatcher — callers do not change.
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
  const deliver = async () => {
    const [template] = await loadTemplates({ keys: [m.key] });
    if (!template) throw new Error(`No communication template with the key ${m.key}`);
    const message = await composeFromTemplate(template, m.language === 'ES' ? 'ES' : 'EN', m.params);
    await deps.mailer.send({ to: m.to, subject: message.subject, text: message.text, html: message.html, templateKey: m.key, actor: m.actor, about: m.about });
  };
  if (m.transaction) m.transaction.afterCommit(() => deliver().catch((err) => deps.log.error({ err, key: m.key }, 'templated email not sent')));
  else await deliver();
}
