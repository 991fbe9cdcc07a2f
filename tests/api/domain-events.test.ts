import crypto from 'node:crypto';
import request from 'supertest';
import { Op } from 'sequelize';
import { CrmNotification, DomainEvent, Enrollment, FailedPayment, OutboxMessage, Payment, Role, StudentPaymentPlan, Voucher } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { claimPlan, releasePlan } from '../../api/billing/ledger';
import { systemActor } from '../../api/common/context';
import { dispatchEvents, installEventHandlers, installedEventHandlers, MAX_ATTEMPTS, on, raise, type EventHandler, type PlanIssued } from '../../api/common/events';
import { crmIdle } from '../../api/integrations/crm';
import { retryDeclinedDeposits } from '../../api/payments/payments.service';
import { setupApp, type TestApp } from '../support/app';
import { makeChargeableCard, makeEnrolledPlan } from '../support/billing-factories';
import { makeApplication, makeEnrollableProduct, makeVoucher, type EnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';

/**
 * Domain events (issue 16 §2): raised in the transaction and rolled back with it; delivered after the
 * commit by the raising call, else by dispatchEvents; a failing handler retried with backoff (its
 * effect once), FAILED after the last attempt; two dispatchers never deliver one delivery twice; the
 * real handlers idempotent; the staff list and retry.
 */

let t: TestApp;
let real: EventHandler[];
let adminToken: string;
let supportToken: string;
let noneToken: string;
let product: EnrollableProduct;

beforeAll(async () => {
  t = await setupApp();
  real = installedEventHandlers();
  adminToken = (await makeAdmin(t.deps)).token;
  supportToken = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  const none = await Role.create({ name: unique('NOEVENTS').toUpperCase(), description: 'Students only', permissions: ['students:read'], system: false } as never);
  noneToken = (await makeAdmin(t.deps, { roles: [none.name] })).token;
  product = await makeEnrollableProduct({ flow: [] });
});
afterEach(async () => {
  installEventHandlers(real, t.deps.log);
  await crmIdle();
});
afterAll(() => t.close());

const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const effects = (eventId: string) => OutboxMessage.count({ where: { subject: `effect ${eventId}` } });
const deliveriesOf = (eventId: string) => DomainEvent.findAll({ where: { eventId }, order: [['id', 'ASC']] });

/** A PlanIssued for a plan that does not exist: only the test's handlers see it. */
const planIssued = (): PlanIssued => ({ type: 'PlanIssued', planId: 0, applicationId: 0, studentId: 0, actor: systemActor });

/**
 * A test handler of PlanIssued whose effect is an outbox row named after the event (written in the
 * delivery's transaction, idempotent: written once per event); it throws while `failures` lasts.
 */
function effectHandler(opts: { name?: string; failures?: number; calls?: Map<number | null, number>; delayMs?: number } = {}) {
  let failures = opts.failures ?? 0;
  return on({
    name: opts.name ?? 'test.effect',
    type: 'PlanIssued',
    async handle(_e, { transaction, eventId, deliveryId }) {
      opts.calls?.set(deliveryId, (opts.calls.get(deliveryId) ?? 0) + 1);
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      if (!(await effects(eventId))) {
        await OutboxMessage.create(
          { toAddress: 'events@example.com', subject: `effect ${eventId}`, textBody: 'x', htmlBody: null, templateKey: null, status: 'SENT', error: null, sentAt: new Date() },
          { transaction },
        );
      }
      if (failures > 0) {
        failures -= 1;
        throw new Error('Handler refused for the test');
      }
    },
  });
}

describe('raise', () => {
  test('writes one delivery per handler in the transaction: rolled back with it; committed, delivered before the call returns', async () => {
    installEventHandlers([effectHandler(), effectHandler({ name: 'test.second' })]);
    let rolledBack = '';
    await expect(
      t.deps.sequelize.transaction(async (transaction) => {
        rolledBack = await raise(planIssued(), transaction);
        expect(await DomainEvent.count({ where: { eventId: rolledBack }, transaction })).toBe(2);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await deliveriesOf(rolledBack)).toEqual([]);
    expect(await effects(rolledBack)).toBe(0);

    const committed = await t.deps.sequelize.transaction((transaction) => raise(planIssued(), transaction));
    const rows = await deliveriesOf(committed);
    expect(rows.map((r) => [r.type, r.handler, r.status, r.attempts, r.lastError, r.claimedBy])).toEqual([
      ['PlanIssued', 'test.effect', 'DONE', 1, null, null],
      ['PlanIssued', 'test.second', 'DONE', 1, null, null],
    ]);
    expect(rows[0].payload).toEqual(JSON.parse(JSON.stringify(planIssued())));
    expect(await effects(committed)).toBe(1);
  });

  test('an inTransaction handler runs inside the raising transaction: its error undoes the change, and no delivery is written', async () => {
    installEventHandlers([
      on({
        name: 'test.inside',
        type: 'PlanIssued',
        inTransaction: true,
        async handle() {
          throw new Error('refused inside');
        },
      }),
      effectHandler(),
    ]);
    let id = '';
    await expect(
      t.deps.sequelize.transaction(async (transaction) => {
        id = 'none';
        id = await raise(planIssued(), transaction);
      }),
    ).rejects.toThrow('refused inside');
    expect(id).toBe('none');
    expect(await DomainEvent.count({ where: { handler: 'test.inside' } })).toBe(0);
  });
});

describe('dispatchEvents', () => {
  test('a handler failing twice then succeeding runs its effect once; backoff between attempts; a second delivery changes nothing', async () => {
    installEventHandlers([effectHandler({ failures: 2 })]);
    const eventId = await t.deps.sequelize.transaction((transaction) => raise(planIssued(), transaction));
    // The raising call's own dispatch: the first attempt failed, its effect rolled back with it.
    let [row] = await deliveriesOf(eventId);
    expect([row.status, row.attempts, row.lastError, row.claimedBy]).toEqual(['PENDING', 1, 'Handler refused for the test', null]);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(await effects(eventId)).toBe(0);
    // Not due yet: nothing is claimed.
    expect(await dispatchEvents({ owner: 'test', eventIds: [eventId] })).toEqual({ claimed: 0, done: 0, retrying: 0, failed: 0 });
    expect(await dispatchEvents({ owner: 'test', eventIds: [eventId], now: later(1) })).toEqual({ claimed: 1, done: 0, retrying: 1, failed: 0 });
    [row] = await deliveriesOf(eventId);
    expect([row.status, row.attempts]).toEqual(['PENDING', 2]);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 100_000);
    expect(await dispatchEvents({ owner: 'test', eventIds: [eventId], now: later(10) })).toEqual({ claimed: 1, done: 1, retrying: 0, failed: 0 });
    [row] = await deliveriesOf(eventId);
    expect(row.doneAt).not.toBeNull();
    expect([row.status, row.attempts, row.lastError]).toEqual(['DONE', 3, null]);
    expect(await effects(eventId)).toBe(1);
    // DONE is never claimed again; delivered once more by hand, the effect is still one.
    expect((await dispatchEvents({ owner: 'test', eventIds: [eventId], now: later(60) })).claimed).toBe(0);
    await row.update({ status: 'PENDING' });
    expect((await dispatchEvents({ owner: 'test', eventIds: [eventId], now: later(60) })).done).toBe(1);
    expect(await effects(eventId)).toBe(1);
  });

  test(`after ${MAX_ATTEMPTS} attempts the delivery is FAILED with its error`, async () => {
    installEventHandlers([effectHandler({ failures: 100 })]);
    const eventId = await t.deps.sequelize.transaction((transaction) => raise(planIssued(), transaction));
    for (let i = 2; i <= MAX_ATTEMPTS; i += 1) await dispatchEvents({ owner: 'test', eventIds: [eventId], now: later(24 * 60 * i) });
    const [row] = await deliveriesOf(eventId);
    expect([row.status, row.attempts, row.lastError]).toEqual(['FAILED', MAX_ATTEMPTS, 'Handler refused for the test']);
    expect((await dispatchEvents({ owner: 'test', eventIds: [eventId], now: later(24 * 60 * 30) })).claimed).toBe(0);
    expect(await effects(eventId)).toBe(0);
  });

  test('two dispatchers racing deliver each delivery once; a lapsed claim is taken over, a live one is not', async () => {
    const calls = new Map<number | null, number>();
    installEventHandlers([effectHandler({ calls, delayMs: 2 })]);
    // Deliveries whose raising call never dispatched them (as after a crash).
    const eventIds = Array.from({ length: 24 }, () => crypto.randomUUID());
    const now = new Date(Date.now() - 1000);
    await DomainEvent.bulkCreate(eventIds.map((eventId) => ({ eventId, type: 'PlanIssued', handler: 'test.effect', payload: planIssued() as never, nextAttemptAt: now })));
    const rows = await DomainEvent.findAll({ where: { eventId: eventIds }, order: [['id', 'ASC']] });
    await rows[0].update({ claimedBy: 'dead#1', claimedUntil: new Date(Date.now() - 1) });
    await rows[1].update({ claimedBy: 'alive#1', claimedUntil: later(5) });

    const [a, b] = await Promise.all([dispatchEvents({ owner: 'A', eventIds, limit: 50 }), dispatchEvents({ owner: 'B', eventIds, limit: 50 })]);
    expect(a.done + b.done).toBe(23);
    expect(a.claimed + b.claimed).toBe(23);
    expect([...calls.values()].every((n) => n === 1)).toBe(true);
    expect(calls.size).toBe(23);
    const after = await DomainEvent.findAll({ where: { eventId: eventIds }, order: [['id', 'ASC']] });
    expect(after.filter((r) => r.status === 'DONE').length).toBe(23);
    expect([after[1].status, after[1].claimedBy]).toEqual(['PENDING', 'alive#1']);
    expect(await OutboxMessage.count({ where: { subject: eventIds.map((e) => `effect ${e}`) } })).toBe(23);
  });

  test('deliveries of one dispatch share a transaction: a handler failing in the middle undoes only its own effect; afterCommit hooks run after the commit', async () => {
    const seenDone: string[] = [];
    installEventHandlers([
      effectHandler({ failures: 1 }),
      on({
        name: 'test.hook',
        type: 'PlanIssued',
        async handle(_e, { transaction, deliveryId }) {
          // What a hook reads runs after the real commit: the delivery is DONE by then.
          transaction!.afterCommit(async () => {
            const row = await DomainEvent.findByPk(deliveryId!);
            seenDone.push(row!.status);
          });
        },
      }),
    ]);
    const eventIds = Array.from({ length: 3 }, () => crypto.randomUUID());
    const now = new Date(Date.now() - 1000);
    await DomainEvent.bulkCreate(eventIds.map((eventId) => ({ eventId, type: 'PlanIssued', handler: 'test.effect', payload: planIssued() as never, nextAttemptAt: now })));
    await DomainEvent.bulkCreate(eventIds.map((eventId) => ({ eventId, type: 'PlanIssued', handler: 'test.hook', payload: planIssued() as never, nextAttemptAt: now })));
    expect(await dispatchEvents({ owner: 'test', eventIds, limit: 10 })).toEqual({ claimed: 6, done: 5, retrying: 1, failed: 0 });
    const rows = await DomainEvent.findAll({ where: { eventId: eventIds, handler: 'test.effect' }, order: [['id', 'ASC']] });
    expect(rows.map((r) => [r.status, r.attempts, r.lastError])).toEqual([
      ['PENDING', 1, 'Handler refused for the test'],
      ['DONE', 1, null],
      ['DONE', 1, null],
    ]);
    expect(await Promise.all(eventIds.map(effects))).toEqual([0, 1, 1]);
    expect(seenDone).toEqual(['DONE', 'DONE', 'DONE']);
  });

  test('a delivery whose handler is not installed fails with a message (and is retried)', async () => {
    installEventHandlers([effectHandler()]);
    const eventId = crypto.randomUUID();
    await DomainEvent.create({ eventId, type: 'PlanIssued', handler: 'test.gone', payload: planIssued() as never, nextAttemptAt: new Date(Date.now() - 1000) });
    expect(await dispatchEvents({ owner: 'test', eventIds: [eventId] })).toMatchObject({ claimed: 1, retrying: 1 });
    expect((await deliveriesOf(eventId))[0].lastError).toBe('No handler named test.gone for PlanIssued is installed');
  });
});

describe('the status change and its handlers', () => {
  const patch = (id: number, status: string) => request(t.app).patch(`/api/applications/${id}/status?status=${status}`).set(bearer(adminToken));

  test('ENROLLED: enrollments and the plan in the transaction; the deposit and the CRM row delivered before the answer; delivered again, nothing changes', async () => {
    const s = await makeStudent(t.deps);
    const card = await makeChargeableCard(s.student.id);
    const application = await makeApplication(s.student.id, product, { status: 'SIGNED', chosen: true, fields: { paymentMethodId: card.id } });
    expect((await patch(application.id, 'ENROLLED')).status).toBe(200);
    await crmIdle();
    const events = await DomainEvent.findAll({ where: { payload: { [Op.like]: `%"applicationId":${application.id},%` } as never }, order: [['id', 'ASC']] });
    expect(events.map((e) => [e.type, e.handler, e.status])).toEqual([
      ['ApplicationStatusChanged', 'vouchers.recountOnClosedApplication', 'DONE'],
      ['ApplicationStatusChanged', 'applications.notifyCrm', 'DONE'],
      // The learning system's handlers (issue 21): the product's cohorts have no LMS, so nothing to do.
      ['ApplicationStatusChanged', 'lms.enrollOnEnrolled', 'DONE'],
      ['ApplicationStatusChanged', 'lms.unenrollOnLeaving', 'DONE'],
      ['PlanIssued', 'payments.chargeEnrollmentDeposit', 'DONE'],
    ]);
    const plan = (await StudentPaymentPlan.findOne({ where: { applicationId: application.id } }))!;
    const counts = async () => [
      await Enrollment.count({ where: { applicationId: application.id } }),
      await StudentPaymentPlan.count({ where: { applicationId: application.id } }),
      await Payment.count({ where: { studentPaymentPlanId: plan.id, status: 'ACCEPTED' } }),
      await CrmNotification.count({ where: { applicationId: application.id } }),
    ];
    expect(await counts()).toEqual([1, 1, 1, 1]);

    // At least once: every delivery again (as if its DONE had been lost) changes nothing.
    await DomainEvent.update({ status: 'PENDING' }, { where: { id: events.map((e) => e.id) } });
    expect(await dispatchEvents({ owner: 'test', eventIds: [...new Set(events.map((e) => e.eventId))] })).toEqual({ claimed: 5, done: 5, retrying: 0, failed: 0 });
    expect(await counts()).toEqual([1, 1, 1, 1]);
  });

  test('a declined deposit is a recorded failed payment on the retry calendar (+3 days), not a swallowed error', async () => {
    const s = await makeStudent(t.deps);
    const card = await makeChargeableCard(s.student.id, { token: 'tok_chargeDeclined' });
    const application = await makeApplication(s.student.id, product, { status: 'SIGNED', chosen: true, fields: { paymentMethodId: card.id } });
    expect((await patch(application.id, 'ENROLLED')).status).toBe(200);
    const plan = (await StudentPaymentPlan.findOne({ where: { applicationId: application.id } }))!;
    const failed = await FailedPayment.findAll({ where: { studentPaymentPlanId: plan.id } });
    const inThree = new Date(Date.parse(`${schoolToday()}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
    expect(failed.map((f) => [f.source, f.status, f.attempts, f.nextRetryDate])).toEqual([['ENROLLMENT', 'FAILED', 1, inThree]]);
    // Staff see it in Failed payments.
    const listed = await request(t.app)
      .post('/api/failed_payments/find_by_criteria')
      .set(bearer(adminToken))
      .send({ sources: ['ENROLLMENT'] })
      .query({ size: 1000 });
    expect(listed.body.content.map((f: { id: number }) => f.id)).toContain(failed[0].id);
  });

  test('a declined deposit is charged again by the failed-payment retries when its retry date comes; once, whatever runs twice', async () => {
    const s = await makeStudent(t.deps);
    const card = await makeChargeableCard(s.student.id, { token: 'tok_chargeDeclined' });
    const application = await makeApplication(s.student.id, product, { status: 'SIGNED', chosen: true, fields: { paymentMethodId: card.id } });
    expect((await patch(application.id, 'ENROLLED')).status).toBe(200);
    const plan = (await StudentPaymentPlan.findOne({ where: { applicationId: application.id } }))!;
    const [failed] = await FailedPayment.findAll({ where: { studentPaymentPlanId: plan.id } });
    // Not before its retry date.
    expect(await retryDeclinedDeposits(schoolToday())).toMatchObject({ charged: 0 });
    // The student adds a card that works; the retry date comes.
    const good = await makeChargeableCard(s.student.id);
    await plan.update({ paymentMethodId: good.id });
    await failed.update({ nextRetryDate: schoolToday() });
    expect(await retryDeclinedDeposits(schoolToday())).toMatchObject({ charged: 1, failed: 0 });
    expect(await retryDeclinedDeposits(schoolToday())).toMatchObject({ charged: 0 });
    expect((await Payment.findAll({ where: { studentPaymentPlanId: plan.id, status: 'ACCEPTED' } })).map((p) => p.type)).toEqual(['ENROLLMENT']);
    expect((await failed.reload()).status).toBe('RESOLVED');
  });

  test('a deposit that meets another payment in progress is not dropped: the delivery waits and the next dispatch charges it', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: product });
    const claim = await claimPlan(p.plan.id);
    const eventId = await t.deps.sequelize.transaction((transaction) =>
      raise({ type: 'PlanIssued', planId: p.plan.id, applicationId: p.application.id, studentId: p.plan.studentId, actor: systemActor }, transaction),
    );
    let [row] = await deliveriesOf(eventId);
    expect([row.handler, row.status, row.attempts, row.lastError]).toEqual([
      'payments.chargeEnrollmentDeposit',
      'PENDING',
      1,
      `The deposit of plan ${p.plan.id} waits: Another payment in progress`,
    ]);
    expect(await Payment.count({ where: { studentPaymentPlanId: p.plan.id } })).toBe(0);
    await releasePlan(p.plan.id, claim);
    expect((await dispatchEvents({ owner: 'job', eventIds: [eventId], now: later(1) })).done).toBe(1);
    [row] = await deliveriesOf(eventId);
    expect(row.status).toBe('DONE');
    expect((await Payment.findAll({ where: { studentPaymentPlanId: p.plan.id } })).map((x) => [x.type, x.status])).toEqual([['ENROLLMENT', 'ACCEPTED']]);
  });

  test('CANCELLED with a voucher: its use count is recounted by the vouchers handler; again, the same count', async () => {
    const voucher = await makeVoucher();
    const s = await makeStudent(t.deps);
    const application = await makeApplication(s.student.id, product, { status: 'CREATED', fields: { voucherId: voucher.id } });
    await Voucher.update({ timesUsed: 5 }, { where: { id: voucher.id } });
    expect((await patch(application.id, 'CANCELLED')).status).toBe(200);
    expect((await Voucher.findByPk(voucher.id))!.timesUsed).toBe(0);
    const deliveries = await DomainEvent.findAll({
      where: { handler: 'vouchers.recountOnClosedApplication', payload: { [Op.like]: `%"applicationId":${application.id},%` } as never },
    });
    expect(deliveries.map((d) => d.status)).toEqual(['DONE']);
    await DomainEvent.update({ status: 'PENDING' }, { where: { id: deliveries[0].id } });
    await dispatchEvents({ owner: 'test', ids: [deliveries[0].id] });
    expect((await Voucher.findByPk(voucher.id))!.timesUsed).toBe(0);
  });
});

describe('GET /api/domain_events and POST /api/domain_events/{id}/retry', () => {
  async function failedDelivery(failures = MAX_ATTEMPTS) {
    installEventHandlers([effectHandler({ failures })]);
    const eventId = await t.deps.sequelize.transaction((transaction) => raise(planIssued(), transaction));
    for (let i = 2; i <= MAX_ATTEMPTS; i += 1) await dispatchEvents({ owner: 'test', eventIds: [eventId], now: later(24 * 60 * i) });
    return (await deliveriesOf(eventId))[0];
  }

  test('newest first, paged, filtered by status and type; SUPPORT reads; 400, 401, 403', async () => {
    const failed = await failedDelivery();
    const done = (await deliveriesOf(await t.deps.sequelize.transaction((transaction) => raise(planIssued(), transaction))))[0];
    const all = await request(t.app).get('/api/domain_events').query({ size: 2 }).set(bearer(supportToken));
    expect(all.status).toBe(200);
    expect(all.body.content.map((e: { id: number }) => e.id)).toEqual([done.id, failed.id]);
    expect(all.body.content[1]).toMatchObject({
      id: failed.id,
      type: 'PlanIssued',
      handler: 'test.effect',
      status: 'FAILED',
      attempts: MAX_ATTEMPTS,
      lastError: 'Handler refused for the test',
    });
    const onlyFailed = await request(t.app).get('/api/domain_events').query({ status: 'FAILED', type: 'PlanIssued', size: 1000 }).set(bearer(supportToken));
    expect(onlyFailed.body.content.map((e: { id: number }) => e.id)).toContain(failed.id);
    expect(onlyFailed.body.content.every((e: { status: string }) => e.status === 'FAILED')).toBe(true);
    expect(
      (await request(t.app).get('/api/domain_events').query({ type: 'ApplicationStatusChanged', size: 1000 }).set(bearer(supportToken))).body.content.map(
        (e: { id: number }) => e.id,
      ),
    ).not.toContain(failed.id);
    expect((await request(t.app).get(`/api/domain_events/${failed.id}`).set(bearer(supportToken))).body).toMatchObject({ id: failed.id, payload: { type: 'PlanIssued' } });
    expect((await request(t.app).get('/api/domain_events').query({ status: 'LOST' }).set(bearer(supportToken))).status).toBe(400);
    expect((await request(t.app).get('/api/domain_events').query({ type: 'Nothing' }).set(bearer(supportToken))).status).toBe(400);
    expect((await request(t.app).get('/api/domain_events')).status).toBe(401);
    expect((await request(t.app).get('/api/domain_events').set(bearer(noneToken))).status).toBe(403);
    expect((await request(t.app).get('/api/domain_events/999999999').set(bearer(supportToken))).status).toBe(404);
  });

  test('retry: a FAILED delivery is sent again (DONE when it now succeeds); 400, 401, 403, 404; 409 when not FAILED', async () => {
    const failed = await failedDelivery();
    // The handler now succeeds (its failures are spent): the retry delivers it.
    const res = await request(t.app).post(`/api/domain_events/${failed.id}/retry`).set(bearer(adminToken));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: failed.id, status: 'DONE', attempts: 1, lastError: null });
    expect(await effects(failed.eventId)).toBe(1);
    const again = await request(t.app).post(`/api/domain_events/${failed.id}/retry`).set(bearer(adminToken));
    expect([again.status, again.body.code, again.body.message]).toEqual([409, 'DOMAIN_EVENT_NOT_FAILED', 'Only a failed delivery can be sent again']);
    expect((await DomainEvent.findByPk(failed.id))!.status).toBe('DONE');

    const still = await failedDelivery(MAX_ATTEMPTS + 1);
    const failsAgain = await request(t.app).post(`/api/domain_events/${still.id}/retry`).set(bearer(adminToken));
    expect(failsAgain.body).toMatchObject({ status: 'PENDING', attempts: 1, lastError: 'Handler refused for the test' });
    expect((await request(t.app).post('/api/domain_events/abc/retry').set(bearer(adminToken))).status).toBe(400);
    expect((await request(t.app).post(`/api/domain_events/${still.id}/retry`)).status).toBe(401);
    expect((await request(t.app).post(`/api/domain_events/${still.id}/retry`).set(bearer(supportToken))).status).toBe(403);
    expect((await request(t.app).post('/api/domain_events/999999999/retry').set(bearer(adminToken))).status).toBe(404);
    expect((await DomainEvent.findByPk(still.id))!.status).toBe('PENDING');
  });
});
