import { DataTypes, QueryTypes, type QueryInterface } from 'sequelize';
import { addCatalogueSchedule } from './support';

type Ctx = { context: QueryInterface };

/**
 * Issue 17, delivery: what the dispatcher keeps on each intent besides 0014's columns — the portal
 * inbox's rendered text (`body`, written when an INBOX intent is sent, so the inbox list reads rows
 * and never renders) and who had a product email sent (`actor_user_id`, `actor_name`: the student's
 * timeline names them as the mailer did before the dispatcher); the portal inbox's index (a student's
 * SENT INBOX messages newest first); and the COMMUNICATION_DISPATCH schedule (every minute) when the
 * catalogue's insert of 0012 did not already make it (a database migrated before this issue).
 */
const TYPE = 'COMMUNICATION_DISPATCH';

export async function up({ context: qi }: Ctx): Promise<void> {
  await qi.addColumn('communication_intents', 'body', { type: DataTypes.TEXT, allowNull: true });
  await qi.addColumn('communication_intents', 'actor_user_id', { type: DataTypes.INTEGER, allowNull: true });
  await qi.addColumn('communication_intents', 'actor_name', { type: DataTypes.STRING(200), allowNull: true });
  await qi.addIndex('communication_intents', ['student_id', 'channel', 'status', 'sent_at', 'id'], { name: 'communication_intents_student_inbox' });
  // A resend's intents by their original (the console's intents list shows them together).
  await qi.addIndex('communication_intents', ['resend_of_id'], { name: 'communication_intents_resend_of' });

  await addCatalogueSchedule(qi, TYPE);
}

export async function down({ context: qi }: Ctx): Promise<void> {
  await qi.bulkDelete('job_schedules', { type: TYPE });
  await qi.removeIndex('communication_intents', 'communication_intents_resend_of');
  await qi.removeIndex('communication_intents', 'communication_intents_student_inbox');
  await qi.removeColumn('communication_intents', 'actor_name');
  await qi.removeColumn('communication_intents', 'actor_user_id');
  await qi.removeColumn('communication_intents', 'body');
}
