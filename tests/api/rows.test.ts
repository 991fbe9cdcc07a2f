import { FailedPayment, GatewayEvent, PaymentSchedule } from '../../models';
import { insertRow, insertRows, updateRow, updateRows, updateWhere } from '../../api/common/rows';
import { toCents } from '../../api/billing/ledger';
import { setupApp, type TestApp } from '../support/app';
import { makeEnrolledPlan } from '../support/billing-factories';
import { expectLedgerConsistent } from '../support/ledger-invariants';

/**
 * api/common/rows.ts: the statement-level writes of the payment hot path read back through the models
 * exactly as Model.create / Model.update would have written them (milliseconds of DATE(3), DECIMAL
 * cents, booleans, defaults, timestamps), on SQLite and (npm run test:mysql) MariaDB.
 */

let t: TestApp;
beforeAll(async () => {
  t = await setupApp();
});
afterEach(() => expectLedgerConsistent());
afterAll(() => t.close());

describe('insertRow / insertRows', () => {
  test('one row: its id; values, the model defaults and createdAt (with milliseconds) as the model reads them', async () => {
    const p = await makeEnrolledPlan(t.deps);
    const now = new Date(Date.UTC(2026, 10, 21, 14, 3, 4, 567));
    const id = await insertRow(
      GatewayEvent,
      { studentId: p.plan.studentId, provider: 'SANDBOX', kind: 'CHARGE', amount: 1234.56, status: 'SUCCEEDED', reference: "ch_'quoted'" },
      undefined,
      now,
    );
    const row = (await GatewayEvent.findByPk(id))!;
    expect([row.studentId, row.provider, toCents(row.amount), row.reference, row.paymentId, row.createdAt.toISOString()]).toEqual([
      p.plan.studentId,
      'SANDBOX',
      123_456,
      "ch_'quoted'",
      null,
      '2026-11-21T14:03:04.567Z',
    ]);
  });

  test('several rows in one statement; an unknown attribute is refused before anything is written', async () => {
    const p = await makeEnrolledPlan(t.deps);
    const before = await GatewayEvent.count({ where: { studentId: p.plan.studentId } });
    await insertRows(
      GatewayEvent,
      [1, 2, 3].map((n) => ({ studentId: p.plan.studentId, provider: 'SANDBOX', kind: 'CHARGE', amount: n, status: 'FAILED', message: `m${n}` })),
    );
    const rows = await GatewayEvent.findAll({ where: { studentId: p.plan.studentId }, order: [['id', 'ASC']] });
    expect(rows.slice(before).map((r) => [toCents(r.amount), r.message])).toEqual([
      [100, 'm1'],
      [200, 'm2'],
      [300, 'm3'],
    ]);
    await expect(insertRow(GatewayEvent, { studentId: p.plan.studentId, nope: 1 })).rejects.toThrow('GatewayEvent.nope: no such attribute');
    expect(await GatewayEvent.count({ where: { studentId: p.plan.studentId } })).toBe(rows.length);
  });
});

describe('updateRow / updateRows / updateWhere', () => {
  test('updateRow: a compare-and-set answers 1, then 0 once the value moved; updatedAt follows unless silent', async () => {
    const p = await makeEnrolledPlan(t.deps);
    const entry = p.entries[1];
    const at = new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678));
    expect(await updateRow(PaymentSchedule, entry.id, { paidAmount: 12.34 }, { where: { status: 'PENDING', paidAt: null }, now: at })).toBe(1);
    expect(await updateRow(PaymentSchedule, entry.id, { status: 'PAID' }, { where: { paidAmount: 0 } })).toBe(0);
    const fresh = (await PaymentSchedule.findByPk(entry.id))!;
    expect([toCents(fresh.paidAmount), fresh.status, fresh.updatedAt.toISOString()]).toEqual([1234, 'PENDING', '2026-01-02T03:04:05.678Z']);
    // Back to what it was (silent: updatedAt stays): the ledger invariants hold again.
    expect(await updateRow(PaymentSchedule, entry.id, { paidAmount: 0 }, { silent: true })).toBe(1);
    expect((await PaymentSchedule.findByPk(entry.id))!.updatedAt.toISOString()).toBe('2026-01-02T03:04:05.678Z');
  });

  test('updateRows: each row to its own values in one statement; the others untouched', async () => {
    const p = await makeEnrolledPlan(t.deps);
    const [a, b, c] = p.entries;
    await updateRows(PaymentSchedule, [
      { id: a.id, values: { paidAmount: 1.01, status: 'PAID' } },
      { id: b.id, values: { paidAmount: 2.02, status: 'PENDING' } },
    ]);
    const rows = await PaymentSchedule.findAll({ where: { id: [a.id, b.id, c.id] }, order: [['number', 'ASC']] });
    expect(rows.map((r) => [toCents(r.paidAmount), r.status])).toEqual([
      [101, 'PAID'],
      [202, 'PENDING'],
      [toCents(c.paidAmount), c.status],
    ]);
    // Put the entries back: the suite on MariaDB shares one database and checks every plan's ledger.
    await updateRows(
      PaymentSchedule,
      [a, b].map((e) => ({ id: e.id, values: { paidAmount: e.paidAmount, status: e.status } })),
    );
    expect((await PaymentSchedule.findAll({ where: { id: [a.id, b.id] }, order: [['number', 'ASC']] })).map((r) => r.status)).toEqual([a.status, b.status]);
  });

  test('updateWhere: IN lists and IS NULL; an empty list matches nothing', async () => {
    const p = await makeEnrolledPlan(t.deps);
    const failed = await Promise.all(
      [0, 1].map((i) =>
        FailedPayment.create({
          studentId: p.plan.studentId,
          applicationId: p.application.id,
          studentPaymentPlanId: p.plan.id,
          paymentScheduleId: p.entries[i].id,
          source: 'AUTO_PAY',
          status: 'FAILED',
          amountToBePaid: 10,
          failureMessage: 'declined',
          attempts: 1,
          failedAt: new Date(),
          nextRetryDate: null,
          updatedById: null,
          updatedByName: 'System',
        }),
      ),
    );
    expect(await updateWhere(FailedPayment, { status: 'RESOLVED' }, { studentPaymentPlanId: p.plan.id, paymentScheduleId: [] })).toBe(0);
    expect(await updateWhere(FailedPayment, { status: 'RESOLVED' }, { studentPaymentPlanId: p.plan.id, resolvedAt: null, paymentScheduleId: [p.entries[0].id] })).toBe(1);
    // Created concurrently: ids need not follow the entries' order, so read each back by its own id.
    const rows = await Promise.all(failed.map((f) => FailedPayment.findByPk(f.id)));
    expect(rows.map((r) => r?.status)).toEqual(['RESOLVED', 'FAILED']);
  });
});
