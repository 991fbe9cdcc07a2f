import { DataTypes, QueryTypes, type QueryInterface } from 'sequelize';

type Ctx = { context: QueryInterface };

/**
 * Issue 16 §2, domain events: the `domain_events` outbox. A raised event is written in the raising
 * transaction as one row per (event, handler) — a delivery — so each handler's progress, attempts and
 * last error are its own. A dispatcher claims due deliveries with a lease (claimed_by, claimed_until)
 * so two processes never run one delivery at once; a lapsed lease is taken over. A CRM row keeps the
 * event it was written for (domain_event_id, unique). The seeded roles that
 * read everything gain `domain_events:read` (roles are editable: only what is missing is added).
 */
const READERS = ['FINANCE', 'ADMISSIONS', 'ACADEMIC', 'SUPPORT'];
const READ = 'domain_events:read';

export async function up({ context: qi }: Ctx): Promise<void> {
  await qi.createTable('domain_events', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    event_id: { type: DataTypes.STRING(36), allowNull: false },
    type: { type: DataTypes.STRING(60), allowNull: false },
    handler: { type: DataTypes.STRING(100), allowNull: false },
    payload: { type: DataTypes.TEXT, allowNull: false },
    status: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'PENDING' },
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    next_attempt_at: { type: DataTypes.DATE(3), allowNull: false },
    last_error: { type: DataTypes.STRING(1000), allowNull: true },
    claimed_by: { type: DataTypes.STRING(100), allowNull: true },
    claimed_until: { type: DataTypes.DATE(3), allowNull: true },
    done_at: { type: DataTypes.DATE(3), allowNull: true },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
    updated_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.addIndex('domain_events', ['event_id', 'handler'], { unique: true, name: 'domain_events_event_handler_unique' });
  // The dispatcher's scan (due PENDING deliveries, oldest first) and the console's status filter.
  await qi.addIndex('domain_events', ['status', 'next_attempt_at', 'id'], { name: 'domain_events_status_next_attempt' });
  await qi.addIndex('domain_events', ['type', 'id'], { name: 'domain_events_type_id' });
  // The CRM row a status change's event made (its handler writes one per event, whatever runs twice).
  await qi.addColumn('crm_notifications', 'domain_event_id', { type: DataTypes.STRING(36), allowNull: true });
  await qi.addIndex('crm_notifications', ['domain_event_id'], { unique: true, name: 'crm_notifications_domain_event_unique' });

  const roles = await qi.sequelize.query<{ id: number; name: string; permissions: string }>(
    `SELECT id, name, permissions FROM roles WHERE name IN (${READERS.map((r) => `'${r}'`).join(', ')})`,
    { type: QueryTypes.SELECT },
  );
  for (const role of roles) {
    const permissions: string[] = typeof role.permissions === 'string' ? JSON.parse(role.permissions) : role.permissions;
    if (!permissions.includes(READ) && !permissions.includes('domain_events:*') && !permissions.includes('*')) {
      await qi.bulkUpdate('roles', { permissions: JSON.stringify([...permissions, READ]) }, { id: role.id });
    }
  }
}

export async function down({ context: qi }: Ctx): Promise<void> {
  await qi.removeIndex('crm_notifications', 'crm_notifications_domain_event_unique');
  await qi.removeColumn('crm_notifications', 'domain_event_id');
  await qi.dropTable('domain_events');
}
