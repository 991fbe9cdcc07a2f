import { Role } from '../../models';
import * as m0005 from '../../models/migrations/0005-finance-catalogue';
import { createMigrator } from '../../models/migrator';
import { hasPermission } from '../../models/permissions';
import { setupApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  // Taking the billing tables down and up would empty them under the other suites sharing the MariaDB database.
  t = await setupApp({}, { ownDatabase: true });
});
afterAll(() => t.close());

describe('migration 0005-finance-catalogue', () => {
  test('adds the business-category and product permissions FINANCE lacked, keeps what staff added, and down takes only those back', async () => {
    const finance = await Role.findOne({ where: { name: 'FINANCE' } });
    const original = [...finance!.permissions];
    try {
      // An install from before issue 4, where staff also granted one extra permission.
      const before = original.filter((p) => p !== 'business_categories:*' && p !== 'products:*').concat('business_categories:update', 'coaches:update');
      await finance!.update({ permissions: before });
      await m0005.up({ context: t.deps.sequelize.getQueryInterface() });
      const after = (await Role.findOne({ where: { name: 'FINANCE' } }))!.permissions;
      expect(after).toEqual([...before, 'business_categories:*', 'products:*']);
      for (const p of ['business_categories:create', 'business_categories:delete', 'products:create', 'products:publish', 'coaches:update'])
        expect(hasPermission(after, p)).toBe(true);

      // Running it again adds nothing.
      await m0005.up({ context: t.deps.sequelize.getQueryInterface() });
      expect((await Role.findOne({ where: { name: 'FINANCE' } }))!.permissions).toEqual(after);

      await m0005.down({ context: t.deps.sequelize.getQueryInterface() });
      expect((await Role.findOne({ where: { name: 'FINANCE' } }))!.permissions).toEqual(before);
    } finally {
      await Role.update({ permissions: original }, { where: { name: 'FINANCE' } });
    }
  });

  test('a fresh install already gives FINANCE the catalogue permissions it sells with', async () => {
    const finance = (await Role.findOne({ where: { name: 'FINANCE' } }))!.permissions;
    expect(hasPermission(finance, 'products:publish')).toBe(true);
    expect(hasPermission(finance, 'business_categories:create')).toBe(true);
    expect(hasPermission(finance, 'programs:create')).toBe(false);
  });
});

describe('migration 0007-billing', () => {
  test('down (after the later migrations, newest first) takes the billing tables and columns away and up puts them back', async () => {
    const migrator = createMigrator(t.deps.sequelize);
    const qi = t.deps.sequelize.getQueryInterface();
    const tables = async () => (await qi.showAllTables()).map(String);
    const indexNames = async () => ((await qi.showIndex('payment_schedules')) as Array<{ name: string }>).map((i) => i.name);
    await migrator.down({ to: '0007-billing' });
    expect((await migrator.executed()).map((m) => m.name)).not.toContain('0007-billing');
    expect(await tables()).not.toContain('payments');
    expect(Object.keys(await qi.describeTable('student_payment_plans'))).not.toContain('payment_claim');
    await migrator.up();
    expect(await migrator.pending()).toEqual([]);
    // 0009 dropped the index 0008's covering index makes redundant.
    expect(await indexNames()).toContain('payment_schedules_past_due_cover');
    expect(await indexNames()).not.toContain('payment_schedules_student_payment_plan_id_status_due_date');
    for (const table of [
      'payments',
      'payment_allocations',
      'ledger_entries',
      'external_payments',
      'refunds',
      'refund_transactions',
      'disputes',
      'failed_payments',
      'gateway_events',
    ]) {
      expect(await tables()).toContain(table);
    }
    expect(Object.keys(await qi.describeTable('student_payment_plans'))).toEqual(expect.arrayContaining(['payment_claim', 'next_due_date', 'principal_paid']));
    expect(Object.keys(await qi.describeTable('payment_schedules'))).toEqual(expect.arrayContaining(['payment_method_id', 'paid_at']));
  });
});

describe('migration 0011-described-entries', () => {
  test('down takes the description key and parameters off the activity log and the account history; up puts them back', async () => {
    const migrator = createMigrator(t.deps.sequelize);
    const qi = t.deps.sequelize.getQueryInterface();
    const columns = async (table: string) => Object.keys(await qi.describeTable(table));
    await migrator.down({ to: '0011-described-entries' });
    for (const table of ['activity_logs', 'ledger_entries']) expect(await columns(table)).not.toEqual(expect.arrayContaining(['description_key']));
    await migrator.up();
    expect(await migrator.pending()).toEqual([]);
    for (const table of ['activity_logs', 'ledger_entries']) expect(await columns(table)).toEqual(expect.arrayContaining(['description', 'description_key', 'description_params']));
  });
});
