import { DataTypes, type QueryInterface } from 'sequelize';

type Ctx = { context: QueryInterface };

/**
 * Issue 17, reliability and sender fields (comms-ops): every email the dispatcher sends carries a
 * Message-ID of its intent (`<ci-<intentId>@domain>`), kept on its outbox row BEFORE the mail server is
 * asked. A dispatcher that died leaves its intents SENDING; the one taking them over looks their
 * Message-IDs up here: an outbox row already SENT means the server accepted the message, so the intent
 * is marked SENT without sending it again (unique: one row per message). The sender fields the
 * template gave the message (From, Reply-To, Bcc) are kept on the row too, for the console's Outbox.
 *
 * And students(email): every delivered email finds the students it went to by address (mail.ts
 * recordDelivery, the timeline entry); the only index holding email led with archived and is_student,
 * so that lookup read all 100k students' index entries — ~40 ms an email, the dispatcher's bottleneck
 * (8 emails/s in the comms-ops bench).
 */
export async function up({ context: qi }: Ctx): Promise<void> {
  await qi.addColumn('outbox_messages', 'message_id', { type: DataTypes.STRING(255), allowNull: true });
  await qi.addColumn('outbox_messages', 'from_address', { type: DataTypes.STRING(400), allowNull: true });
  await qi.addColumn('outbox_messages', 'reply_to', { type: DataTypes.STRING(400), allowNull: true });
  await qi.addColumn('outbox_messages', 'bcc', { type: DataTypes.STRING(500), allowNull: true });
  await qi.addIndex('outbox_messages', ['message_id'], { name: 'outbox_messages_message_id', unique: true });
  await qi.addIndex('students', ['email'], { name: 'students_email' });
}

export async function down({ context: qi }: Ctx): Promise<void> {
  await qi.removeIndex('students', 'students_email');
  await qi.removeIndex('outbox_messages', 'outbox_messages_message_id');
  await qi.removeColumn('outbox_messages', 'bcc');
  await qi.removeColumn('outbox_messages', 'reply_to');
  await qi.removeColumn('outbox_messages', 'from_address');
  await qi.removeColumn('outbox_messages', 'message_id');
}
