import { GatewayEvent } from '../../models';
import { insertRowSql, updateWhereSql } from '../../api/common/rows';
import { hotTransaction, runStatements } from '../../api/common/sql';
import { setupApp, type TestApp } from '../support/app';
import { makeEnrolledPlan } from '../support/billing-factories';
import { expectLedgerConsistent } from '../support/ledger-invariants';

/**
 * api/common/sql.ts: statement batches (one round trip on MariaDB, one by one on SQLite) and hot
 * transactions (begun with their first batch, committed with their last, rolled back on any
 * failure), on SQLite and (npm run test:mysql) MariaDB. Each test writes gateway events of its own
 * student and reads back what the database kept.
 */

let t: TestApp;
beforeAll(async () => {
  t = await setupApp();
});
afterEach(() => expectLedgerConsistent());
afterAll(() => t.close());

const event = (studentId: number, message: string) => insertRowSql(GatewayEvent, { studentId, provider: 'SANDBOX', kind: 'CHARGE', amount: 1, status: 'FAILED', message });
const messagesOf = async (studentId: number) => (await GatewayEvent.findAll({ where: { studentId }, order: [['id', 'ASC']] })).map((e) => e.message);

describe('runStatements', () => {
  test("each statement's result in order: an INSERT's id, an UPDATE's rows, a SELECT's rows", async () => {
    const { plan } = await makeEnrolledPlan(t.deps);
    const sid = plan.studentId;
    const [first, second, changed, rows] = await runStatements(t.deps.sequelize, [
      event(sid, 'a'),
      event(sid, 'b'),
      updateWhereSql(GatewayEvent, { message: 'c' }, { studentId: sid, message: 'b' }),
      `SELECT message FROM gateway_events WHERE student_id = ${sid} ORDER BY id`,
    ]);
    const ids = [(first as { insertId: number }).insertId, (second as { insertId: number }).insertId];
    expect(ids[1]).toBeGreaterThan(ids[0]);
    expect((await GatewayEvent.findByPk(ids[0]))?.message).toBe('a');
    expect((changed as { affectedRows: number }).affectedRows).toBe(1);
    expect(rows).toEqual([{ message: 'a' }, { message: 'c' }]);
    expect(await runStatements(t.deps.sequelize, [])).toEqual([]);
  });

  test('a failing statement rejects and the ones after it do not run', async () => {
    const { plan } = await makeEnrolledPlan(t.deps);
    const sid = plan.studentId;
    await expect(runStatements(t.deps.sequelize, [event(sid, 'kept'), 'SELECT no_such_column FROM gateway_events', event(sid, 'never')])).rejects.toThrow();
    // Outside a transaction the statement before the failure stands (autocommit), the one after never ran.
    expect(await messagesOf(sid)).toEqual(['kept']);
  });
});

describe('hotTransaction', () => {
  test('committed with its last batch: everything it wrote is kept', async () => {
    const { plan } = await makeEnrolledPlan(t.deps);
    const sid = plan.studentId;
    const answer = await hotTransaction(t.deps.sequelize, async (transaction) => {
      const [rows] = await runStatements(t.deps.sequelize, [`SELECT COUNT(*) AS n FROM gateway_events WHERE student_id = ${sid}`, event(sid, 'one')], transaction);
      await runStatements(t.deps.sequelize, [event(sid, 'two')], transaction, { commit: true });
      return Number((rows as Array<{ n: number }>)[0].n);
    });
    expect(answer).toBe(0);
    expect(await messagesOf(sid)).toEqual(['one', 'two']);
  });

  test('committed when the work returns, models included once a batch has begun it', async () => {
    const { plan } = await makeEnrolledPlan(t.deps);
    const sid = plan.studentId;
    await hotTransaction(t.deps.sequelize, async (transaction) => {
      await runStatements(t.deps.sequelize, [event(sid, 'batch')], transaction);
      await GatewayEvent.create({ studentId: sid, provider: 'SANDBOX', kind: 'CHARGE', amount: 2, status: 'FAILED', message: 'model' }, { transaction });
    });
    expect(await messagesOf(sid)).toEqual(['batch', 'model']);
  });

  test('rolled back when the work throws after its first batch, or when a statement of its last batch fails', async () => {
    const { plan } = await makeEnrolledPlan(t.deps);
    const sid = plan.studentId;
    await expect(
      hotTransaction(t.deps.sequelize, async (transaction) => {
        await runStatements(t.deps.sequelize, [event(sid, 'undone')], transaction);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await expect(
      hotTransaction(t.deps.sequelize, async (transaction) => {
        await runStatements(t.deps.sequelize, [event(sid, 'undone too')], transaction);
        await runStatements(t.deps.sequelize, [event(sid, 'never'), 'SELECT no_such_column FROM gateway_events'], transaction, { commit: true });
      }),
    ).rejects.toThrow();
    expect(await messagesOf(sid)).toEqual([]);
    // The pool is not left with an open transaction: a later write outside one is kept.
    await runStatements(t.deps.sequelize, [event(sid, 'after')]);
    expect(await messagesOf(sid)).toEqual(['after']);
  });

  test('a transaction that sent nothing answers its result and holds nothing', async () => {
    const results = await Promise.all([1, 2, 3].map((n) => hotTransaction(t.deps.sequelize, async () => n * 2)));
    expect(results).toEqual([2, 4, 6]);
  });
});

describe('many writers at once', () => {
  // SQLite waits for its one write lock inside a libuv thread (4 of them): a dozen transactions
  // waiting there at once left none for the one holding the lock, and sign-ins failed by timeout
  // (security.test.ts under CI's load). They now wait in JavaScript between short tries.
  test('three times as many transactions as libuv has threads, each with writes after its read, all commit', async () => {
    const { plan } = await makeEnrolledPlan(t.deps);
    const row = await GatewayEvent.create({ studentId: plan.studentId, provider: 'SANDBOX', kind: 'CHARGE', amount: 0, status: 'FAILED', message: 'counter' });
    const bump = () =>
      t.deps.sequelize.transaction(async (transaction) => {
        const current = (await GatewayEvent.findByPk(row.id, { transaction, lock: transaction.LOCK.UPDATE }))!;
        await GatewayEvent.create({ studentId: plan.studentId, provider: 'SANDBOX', kind: 'CHARGE', amount: 1, status: 'FAILED', message: 'bump' }, { transaction });
        await GatewayEvent.update({ amount: Number(current.amount) + 1 }, { where: { id: row.id }, transaction });
      });
    await Promise.all(Array.from({ length: 12 }, bump));
    expect(Number((await GatewayEvent.findByPk(row.id))!.amount)).toBe(12);
    expect(await GatewayEvent.count({ where: { studentId: plan.studentId, message: 'bump' } })).toBe(12);
  });
});
