import { DataTypes, type QueryInterface } from 'sequelize';

type Ctx = { context: QueryInterface };

/**
 * Issue 17, communications: email templates (header and footer), communication templates with one
 * content per language, communications staff write, and their intents — one per recipient, channel
 * and attempt — which the COMMUNICATION_DISPATCH job sends. Product emails (password reset, receipts,
 * reminders…) are intents too, of a template (template_key) rather than a communication. An intent is
 * claimed with a lease (claimed_by, claimed_until) so two processes never send it twice; dedupe_key
 * (unique) makes its creation idempotent (one per recipient and channel of a communication, one per
 * event and recipient of a product email). Seeded templates and roles come in later migrations.
 */
export async function up({ context: qi }: Ctx): Promise<void> {
  const timestamps = {
    updated_by_id: { type: DataTypes.INTEGER, allowNull: true },
    updated_by_name: { type: DataTypes.STRING(200), allowNull: true },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
    updated_at: { type: DataTypes.DATE(3), allowNull: false },
  };
  await qi.createTable('email_templates', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    name: { type: DataTypes.STRING(120), allowNull: false },
    category: { type: DataTypes.STRING(40), allowNull: false, defaultValue: 'INSTITUTE' },
    header: { type: DataTypes.TEXT, allowNull: true },
    footer: { type: DataTypes.TEXT, allowNull: true },
    deleted: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    ...timestamps,
  });
  await qi.addIndex('email_templates', ['deleted', 'category', 'id'], { name: 'email_templates_deleted_category' });
  await qi.addIndex('email_templates', ['name'], { name: 'email_templates_name' });

  await qi.createTable('communication_templates', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    name: { type: DataTypes.STRING(120), allowNull: false },
    key: { type: DataTypes.STRING(80), allowNull: false },
    sender: { type: DataTypes.STRING(255), allowNull: true },
    from_name: { type: DataTypes.STRING(120), allowNull: true },
    reply_to: { type: DataTypes.STRING(255), allowNull: true },
    reply_to_name: { type: DataTypes.STRING(120), allowNull: true },
    bcc: { type: DataTypes.STRING(500), allowNull: true },
    description: { type: DataTypes.STRING(500), allowNull: true },
    type: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'MESSAGE' },
    category: { type: DataTypes.STRING(40), allowNull: false },
    available_params: { type: DataTypes.TEXT, allowNull: false },
    email_template_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: 'email_templates', key: 'id' } },
    // A template the product itself sends (password reset, receipts…): editable, never deleted.
    system: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    ...timestamps,
  });
  await qi.addIndex('communication_templates', ['key'], { unique: true, name: 'communication_templates_key_unique' });
  await qi.addIndex('communication_templates', ['category', 'id'], { name: 'communication_templates_category' });
  await qi.addIndex('communication_templates', ['type', 'id'], { name: 'communication_templates_type' });
  await qi.addIndex('communication_templates', ['name'], { name: 'communication_templates_name' });
  await qi.addIndex('communication_templates', ['email_template_id'], { name: 'communication_templates_email_template' });

  await qi.createTable('communication_template_contents', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    communication_template_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'communication_templates', key: 'id' }, onDelete: 'CASCADE' },
    language: { type: DataTypes.STRING(2), allowNull: false },
    subject: { type: DataTypes.STRING(255), allowNull: false },
    message_body_template: { type: DataTypes.TEXT, allowNull: false },
    voice_mail_template: { type: DataTypes.TEXT, allowNull: true },
    inbox_template: { type: DataTypes.TEXT, allowNull: true },
    email_template_html: { type: DataTypes.TEXT, allowNull: true },
    ...timestamps,
  });
  await qi.addIndex('communication_template_contents', ['communication_template_id', 'language'], { unique: true, name: 'communication_template_contents_language_unique' });

  await qi.createTable('communications', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    type: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'MESSAGE' },
    category: { type: DataTypes.STRING(40), allowNull: false, defaultValue: 'MANUAL_NOTIFICATION' },
    recipient_type: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'BROADCAST' },
    search_filter: { type: DataTypes.TEXT, allowNull: true },
    recipients: { type: DataTypes.TEXT, allowNull: true },
    schedule_type: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'NOW' },
    schedule_date: { type: DataTypes.DATEONLY, allowNull: true },
    schedule_time: { type: DataTypes.STRING(8), allowNull: true },
    // The instant it is due (scheduleDate and scheduleTime in America/New_York; now for NOW).
    scheduled_at: { type: DataTypes.DATE(3), allowNull: false },
    subject: { type: DataTypes.STRING(255), allowNull: false },
    header: { type: DataTypes.STRING(255), allowNull: true },
    long_message_body: { type: DataTypes.TEXT, allowNull: true },
    short_message_body: { type: DataTypes.TEXT, allowNull: true },
    communication_template_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: 'communication_templates', key: 'id' } },
    email_template_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: 'email_templates', key: 'id' } },
    params: { type: DataTypes.TEXT, allowNull: true },
    status: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'CREATED' },
    recipient_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    sent_at: { type: DataTypes.DATE(3), allowNull: true },
    created_by_id: { type: DataTypes.INTEGER, allowNull: true },
    ...timestamps,
  });
  await qi.addIndex('communications', ['status', 'scheduled_at', 'id'], { name: 'communications_status_scheduled' });
  await qi.addIndex('communications', ['sent_at', 'id'], { name: 'communications_sent_at' });
  await qi.addIndex('communications', ['category', 'sent_at', 'id'], { name: 'communications_category_sent_at' });
  await qi.addIndex('communications', ['subject'], { name: 'communications_subject' });

  await qi.createTable('communication_intents', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    communication_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: 'communications', key: 'id' } },
    template_key: { type: DataTypes.STRING(80), allowNull: true },
    student_id: { type: DataTypes.INTEGER, allowNull: true },
    to_address: { type: DataTypes.STRING(255), allowNull: true },
    language: { type: DataTypes.STRING(2), allowNull: false, defaultValue: 'EN' },
    channel: { type: DataTypes.STRING(10), allowNull: false },
    status: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'CREATED' },
    params: { type: DataTypes.TEXT, allowNull: true },
    dedupe_key: { type: DataTypes.STRING(120), allowNull: true },
    resend_of_id: { type: DataTypes.INTEGER, allowNull: true },
    subject: { type: DataTypes.STRING(255), allowNull: true },
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    next_attempt_at: { type: DataTypes.DATE(3), allowNull: false },
    claimed_by: { type: DataTypes.STRING(100), allowNull: true },
    claimed_until: { type: DataTypes.DATE(3), allowNull: true },
    last_error: { type: DataTypes.STRING(1000), allowNull: true },
    outbox_message_id: { type: DataTypes.INTEGER, allowNull: true },
    about_entity_type: { type: DataTypes.STRING(40), allowNull: true },
    about_entity_id: { type: DataTypes.INTEGER, allowNull: true },
    sent_at: { type: DataTypes.DATE(3), allowNull: true },
    read_at: { type: DataTypes.DATE(3), allowNull: true },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
    updated_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.addIndex('communication_intents', ['dedupe_key'], { unique: true, name: 'communication_intents_dedupe_unique' });
  // The dispatcher's scan: due CREATED intents, oldest first.
  await qi.addIndex('communication_intents', ['status', 'next_attempt_at', 'id'], { name: 'communication_intents_status_next_attempt' });
  await qi.addIndex('communication_intents', ['communication_id', 'status', 'id'], { name: 'communication_intents_communication' });
  // A student's messages (the console tab, the portal inbox and its unread count).
  await qi.addIndex('communication_intents', ['student_id', 'channel', 'status', 'read_at'], { name: 'communication_intents_student_channel' });
  await qi.addIndex('communication_intents', ['sent_at', 'id'], { name: 'communication_intents_sent_at' });
}

export async function down({ context: qi }: Ctx): Promise<void> {
  await qi.dropTable('communication_intents');
  await qi.dropTable('communications');
  await qi.dropTable('communication_template_contents');
  await qi.dropTable('communication_templates');
  await qi.dropTable('email_templates');
}
