import {
  ActivityLog,
  AutoChargeAttempt,
  Cohort,
  CrmNotification,
  FailedPayment,
  JobRun,
  NoticeSent,
  OutboxMessage,
  PasswordToken,
  Payment,
  PaymentSchedule,
  RefreshToken,
  Student,
  StudentPaymentPlan,
  VerificationCode,
} from '../../models';
import { schoolToday } from '../../models/catalogue';
import { toDisplayDate } from '../../models/dates';
import { JobRunner } from '../../api/jobs/runner';
import { STUCK_MESSAGE } from '../../api/jobs/crm-retry';
import { setupApp, type TestApp } from '../support/app';
import { makeChargeableCard, makeEnrolledPlan } from '../support/billing-factories';
import { makeCohort } from '../support/catalogue-factories';
import { makeApplication, makeEnrollableProduct, type EnrollableProduct } from '../support/enrollment-factories';
import { makeStudent, unique } from '../support/factories';
import { makeSchedule, runJob, runOnce } from '../support/job-factories';
import { expectLedgerConsistent } from '../support/ledger-invariants';

/**
 * Each job of the catalogue, run through the runner as the scheduler runs it, and its effect on the
 * database: reminders and notices sent once per entry and kind (in the student's language), auto-pay
 * charging an entry at most once a day even when two runs race, the retries on their date, the
 * financial status, cohort statuses, CRM deliveries retried and recovered, the cleanup. Other suites'
 * rows may be in a shared database: every assertion is on this test's own rows.
 */

let t: TestApp;
let product: EnrollableProduct;
beforeAll(async () => {
  t = await setupApp();
  product = await makeEnrollableProduct();
});
afterAll(() => t.close());

const today = schoolToday();
const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const outboxOf = (email: string) => OutboxMessage.findAll({ where: { toAddress: email }, order: [['id', 'ASC']] });

describe('INSTALLMENT_REMINDER and PAST_DUE_NOTICE', () => {
  test("reminders 7 and 1 days before due, in the student's language, once per entry and kind however many runs", async () => {
    const en = await makeEnrolledPlan(t.deps, { enrollable: product });
    const es = await makeEnrolledPlan(t.deps, { enrollable: product });
    await Student.update({ languageIso2LetterCode: 'ES' }, { where: { id: es.student.student.id } });
    await en.entries[1].update({ dueDate: addDays(today, 7) });
    await en.entries[2].update({ dueDate: addDays(today, 1) });
    await en.entries[3].update({ dueDate: addDays(today, 3) });
    // The job did not run on the 7th day before: 6 days before still gets the 7-day reminder.
    await es.entries[1].update({ dueDate: addDays(today, 6) });
    const first = await runJob(t.deps, 'INSTALLMENT_REMINDER', { daysBefore: [7, 1], catchUpDays: 2 });
    expect(first.outcome).toBe('SUCCEEDED');
    expect(first.count).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < 2; i++) expect((await runJob(t.deps, 'INSTALLMENT_REMINDER', { daysBefore: [7, 1] })).outcome).toBe('SUCCEEDED');

    const enMail = await outboxOf(en.student.email);
    const bySubject = (subject: string) => enMail.find((m) => m.subject === subject);
    expect(enMail).toHaveLength(2);
    const seven = bySubject(`Health Coach Institute: your installment is due on ${toDisplayDate(addDays(today, 7))}`)!;
    const one = bySubject(`Health Coach Institute: your installment is due on ${toDisplayDate(addDays(today, 1))}`)!;
    // The text part is wrapped at 80 columns: compare with the line breaks as spaces.
    const flat = (text: string) => text.replace(/\s+/g, ' ');
    expect(flat(seven.textBody)).toContain('(in 7 days)');
    expect(flat(one.textBody)).toContain('(tomorrow)');
    expect(enMail.every((m) => m.templateKey === 'INSTALLMENT_REMINDER' && m.status === 'SENT')).toBe(true);
    const esMail = await outboxOf(es.student.email);
    expect(esMail.map((m) => m.subject)).toEqual([`Health Coach Institute: su cuota vence el ${toDisplayDate(addDays(today, 6))}`]);
    expect(flat(esMail[0].textBody)).toContain('en 6 días');
    const notices = await NoticeSent.findAll({ where: { paymentScheduleId: [...en.entries, ...es.entries].map((e) => e.id) }, order: [['paymentScheduleId', 'ASC']] });
    expect(notices.map((n) => [n.paymentScheduleId, n.kind])).toEqual([
      [en.entries[1].id, 'REMINDER_7'],
      [en.entries[2].id, 'REMINDER_1'],
      [es.entries[1].id, 'REMINDER_7'],
    ]);
    expect(notices[0].outboxMessageId).toBe(seven.id);
  });

  test('past-due notices 1, 15 and 30 days after, once each; paid entries and closed plans get none', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: product });
    await Student.update({ languageIso2LetterCode: 'ES' }, { where: { id: p.student.student.id } });
    await p.entries[0].update({ dueDate: addDays(today, -30) });
    await p.entries[1].update({ dueDate: addDays(today, -15) });
    await p.entries[2].update({ dueDate: addDays(today, -1) });
    // Marked paid by hand for this run only (put back below: the ledger's invariants are checked across the database).
    const { status, paidAmount } = p.entries[3];
    await p.entries[3].update({ dueDate: addDays(today, -1), status: 'PAID', paidAmount: p.entries[3].amount });
    const closed = await makeEnrolledPlan(t.deps, { enrollable: product });
    await closed.entries[0].update({ dueDate: addDays(today, -1) });
    await StudentPaymentPlan.update({ status: 'CANCELLED' }, { where: { id: closed.plan.id } });
    await runJob(t.deps, 'PAST_DUE_NOTICE', { daysAfter: [1, 15, 30] });
    await runJob(t.deps, 'PAST_DUE_NOTICE', { daysAfter: [1, 15, 30] });
    await p.entries[3].update({ status, paidAmount });
    const mail = await outboxOf(p.student.email);
    expect(mail).toHaveLength(3);
    expect(mail.every((m) => m.subject === 'Health Coach Institute: tiene una cuota vencida' && m.templateKey === 'PAST_DUE_NOTICE')).toBe(true);
    expect(mail.map((m) => /tiene\s+(\d+)\s+d/.exec(m.textBody)?.[1]).sort()).toEqual(['1', '15', '30']);
    const kinds = await NoticeSent.findAll({ where: { paymentScheduleId: p.entries.map((e) => e.id) } });
    expect(kinds.map((n) => n.kind).sort()).toEqual(['PAST_DUE_1', 'PAST_DUE_15', 'PAST_DUE_30']);
    expect(await outboxOf(closed.student.email)).toHaveLength(0);
    // A notice sent is on the student's timeline (the mailer's activity entry, about the entry).
    const timeline = await ActivityLog.findAll({ where: { studentId: p.student.student.id, type: 'EMAIL_SENT', entityType: 'PAYMENT_SCHEDULE' } });
    expect(timeline.map((a) => a.entityId).sort()).toEqual([p.entries[0].id, p.entries[1].id, p.entries[2].id].sort());
  });
});

describe('AUTO_PAY and FAILED_PAYMENT_RETRY', () => {
  test('two auto-pay runs racing (two schedules, two processes): every due entry charged once', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: product, autoPay: true, backdateMonths: 1 });
    const [s1, s2] = [await makeSchedule({ type: 'AUTO_PAY' }), await makeSchedule({ type: 'AUTO_PAY' })];
    const a = new JobRunner(t.deps, { owner: 'proc-A', leaseMs: 5000 });
    const b = new JobRunner(t.deps, { owner: 'proc-B', leaseMs: 5000 });
    await Promise.all([runOnce(t.deps, s1.id, a), runOnce(t.deps, s2.id, b)]);
    await runOnce(t.deps, s1.id, b);
    const payments = await Payment.findAll({ where: { studentPaymentPlanId: p.plan.id }, order: [['id', 'ASC']] });
    expect(payments.map((x) => [x.type, x.status, x.paymentScheduleId])).toEqual([
      ['AUTO_PAY', 'ACCEPTED', p.entries[0].id],
      ['AUTO_PAY', 'ACCEPTED', p.entries[1].id],
    ]);
    expect(await AutoChargeAttempt.count({ where: { paymentScheduleId: [p.entries[0].id, p.entries[1].id], chargeDate: today } })).toBe(2);
    const runs = await JobRun.findAll({ where: { jobScheduleId: [s1.id, s2.id] } });
    expect(runs.every((r) => r.outcome === 'SUCCEEDED')).toBe(true);
    await expectLedgerConsistent({ planIds: [p.plan.id] });
  });

  test('a declining card: one attempt a day however many runs race; the retry job charges it on its retry date, auto-pay leaves it to that job', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: product, autoPay: true, cardToken: 'tok_chargeDeclined' });
    const [s1, s2] = [await makeSchedule({ type: 'AUTO_PAY' }), await makeSchedule({ type: 'FAILED_PAYMENT_RETRY' })];
    const a = new JobRunner(t.deps, { owner: 'proc-A', leaseMs: 5000 });
    const b = new JobRunner(t.deps, { owner: 'proc-B', leaseMs: 5000 });
    const s3 = await makeSchedule({ type: 'AUTO_PAY' });
    await Promise.all([runOnce(t.deps, s1.id, a), runOnce(t.deps, s3.id, b)]);
    expect((await Payment.findAll({ where: { studentPaymentPlanId: p.plan.id } })).map((x) => x.status)).toEqual(['INVALID']);
    let [failed] = await FailedPayment.findAll({ where: { studentPaymentPlanId: p.plan.id } });
    expect([failed.source, failed.attempts, failed.nextRetryDate]).toEqual(['AUTO_PAY', 1, addDays(today, 3)]);

    // The retry date has come (as if three days passed: the day's charge keys are of another day).
    await failed.update({ nextRetryDate: today });
    // Still charged today: not again, whichever job.
    expect((await runOnce(t.deps, s2.id)).count).toBe(0);
    await AutoChargeAttempt.destroy({ where: { paymentScheduleId: p.entries[0].id } });
    const good = await makeChargeableCard(p.student.student.id, { token: 'tok_amex' });
    await StudentPaymentPlan.update({ paymentMethodId: good.id }, { where: { id: p.plan.id } });
    // Auto-pay's own run leaves a failed entry to the retry job.
    expect((await runOnce(t.deps, s1.id)).count).toBe(0);
    expect(await Payment.count({ where: { studentPaymentPlanId: p.plan.id } })).toBe(1);
    const retry = await runOnce(t.deps, s2.id);
    expect([retry.outcome, retry.count]).toEqual(['SUCCEEDED', 1]);
    [failed] = await FailedPayment.findAll({ where: { studentPaymentPlanId: p.plan.id } });
    expect(failed.status).toBe('RESOLVED');
    expect((await Payment.findAll({ where: { studentPaymentPlanId: p.plan.id }, order: [['id', 'ASC']] })).map((x) => [x.type, x.status])).toEqual([
      ['AUTO_PAY', 'INVALID'],
      ['AUTO_PAY', 'ACCEPTED'],
    ]);
    expect((await PaymentSchedule.findByPk(p.entries[0].id))!.status).toBe('PAID');
    await expectLedgerConsistent({ planIds: [p.plan.id] });
  });
});

test('FINANCIAL_STATUS_RECOMPUTE: a plan a month behind becomes PAST_DUE with its days overdue', async () => {
  const p = await makeEnrolledPlan(t.deps, { enrollable: product, backdateMonths: 1 });
  await StudentPaymentPlan.update({ financialStatus: 'GOOD', daysOverdue: 0, pastDueAmount: 0 }, { where: { id: p.plan.id } });
  const run = await runJob(t.deps, 'FINANCIAL_STATUS_RECOMPUTE');
  expect(run.outcome).toBe('SUCCEEDED');
  expect(run.count).toBeGreaterThanOrEqual(1);
  const plan = (await StudentPaymentPlan.findByPk(p.plan.id))!;
  expect(plan.financialStatus).toBe('PAST_DUE');
  expect(plan.daysOverdue).toBeGreaterThanOrEqual(28);
});

test('COHORT_STATUS: a cohort that started becomes ACTIVE, one that ended COMPLETED, a cancelled one stays', async () => {
  const started = await makeCohort({ startDate: addDays(today, -10), endDate: addDays(today, 100), status: 'CREATED' });
  const ended = await makeCohort({ startDate: addDays(today, -100), endDate: addDays(today, -1), status: 'ACTIVE' });
  const cancelled = await makeCohort({ startDate: addDays(today, -10), endDate: addDays(today, 100), status: 'CANCELLED' });
  const run = await runJob(t.deps, 'COHORT_STATUS');
  expect([run.outcome, run.count >= 2]).toEqual(['SUCCEEDED', true]);
  const statuses = await Promise.all([started, ended, cancelled].map(async (c) => (await Cohort.findByPk(c.id))!.status));
  expect(statuses).toEqual(['ACTIVE', 'COMPLETED', 'CANCELLED']);
});

test('CRM_DELIVERY_RETRY: failed rows retried with backoff, rows stuck SENDING recovered, old PENDING sent; recent and exhausted rows wait', async () => {
  const student = await makeStudent(t.deps);
  const application = await makeApplication(student.student.id, product);
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
  const row = async (status: string, attempts: number, updatedMinutesAgo: number) => {
    const r = await CrmNotification.create({
      applicationId: application.id,
      crm: 'salesforce',
      event: 'APPLICATION_STATUS_CHANGED',
      payload: { n: unique() },
      status,
      attempts,
      lastError: status === 'FAILED' ? 'CRM down' : null,
      externalId: null,
      sentAt: null,
    });
    await t.deps.sequelize.query('UPDATE crm_notifications SET updated_at = :at, created_at = :at WHERE id = :id', {
      replacements: { at: minutesAgo(updatedMinutesAgo), id: r.id },
    });
    return r;
  };
  const due = await row('FAILED', 1, 20); // backoff 15 min: due
  const backingOff = await row('FAILED', 2, 20); // backoff 30 min: not yet
  const exhausted = await row('FAILED', 8, 600); // max attempts reached: staff's
  const stuck = await row('SENDING', 1, 30); // its process died 30 min ago
  const sending = await row('SENDING', 1, 1); // being sent right now
  const pending = await row('PENDING', 0, 10); // its delivery after the commit never happened
  const run = await runJob(t.deps, 'CRM_DELIVERY_RETRY', { stuckMinutes: 15, backoffMinutes: 15, maxAttempts: 8, pendingMinutes: 5 });
  expect(run.outcome).toBe('SUCCEEDED');
  expect(run.count).toBeGreaterThanOrEqual(3);
  const after = async (r: CrmNotification) => {
    const x = (await CrmNotification.findByPk(r.id))!;
    return [x.status, x.attempts];
  };
  expect(await after(due)).toEqual(['ACCEPTED', 2]);
  expect(await after(backingOff)).toEqual(['FAILED', 2]);
  expect(await after(exhausted)).toEqual(['FAILED', 8]);
  expect(await after(stuck)).toEqual(['ACCEPTED', 2]);
  expect(await after(sending)).toEqual(['SENDING', 1]);
  expect(await after(pending)).toEqual(['ACCEPTED', 1]);
  expect(STUCK_MESSAGE).toMatch(/interrupted/);
});

test('CLEANUP: expired links, refresh tokens, codes and old job runs deleted; live ones and running runs kept', async () => {
  const { user } = await makeStudent(t.deps);
  const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);
  const link = (expiresAt: Date) => PasswordToken.create({ userId: user.id, purpose: 'RESET', tokenHash: unique('h').padEnd(64, '0').slice(0, 64), expiresAt, usedAt: null });
  const refresh = (expiresAt: Date) =>
    RefreshToken.create({
      userId: user.id,
      familyId: unique('f'),
      tokenHash: unique('r').padEnd(64, '0').slice(0, 64),
      expiresAt,
      usedAt: null,
      revokedAt: null,
      ip: null,
      userAgent: null,
    });
  const code = (expiresAt: Date) => VerificationCode.create({ email: `${unique('c')}@example.com`, codeHash: 'x', payload: '{}', expiresAt, usedAt: null });
  const old = [await link(daysAgo(3)), await refresh(daysAgo(3)), await code(daysAgo(3))];
  const live = [await link(daysAgo(-1)), await refresh(daysAgo(-10)), await code(new Date(Date.now() + 600_000))];
  const s = await makeSchedule({ type: 'CLEANUP' });
  const oldRun = await JobRun.create({
    jobScheduleId: s.id,
    trigger: 'SCHEDULE',
    owner: 'h',
    scheduledFor: null,
    startedAt: daysAgo(40),
    endedAt: daysAgo(40),
    outcome: 'SUCCEEDED',
    count: 0,
    error: null,
  });
  const stillRunning = await JobRun.create({
    jobScheduleId: s.id,
    trigger: 'SCHEDULE',
    owner: 'h',
    scheduledFor: null,
    startedAt: daysAgo(40),
    endedAt: null,
    outcome: 'RUNNING',
    count: 0,
    error: null,
  });
  const recent = await JobRun.create({
    jobScheduleId: s.id,
    trigger: 'SCHEDULE',
    owner: 'h',
    scheduledFor: null,
    startedAt: daysAgo(2),
    endedAt: daysAgo(2),
    outcome: 'FAILED',
    count: 0,
    error: 'x',
  });
  const run = await runJob(t.deps, 'CLEANUP', { graceDays: 1, runsKeepDays: 30 });
  expect(run.outcome).toBe('SUCCEEDED');
  expect(run.count).toBeGreaterThanOrEqual(4);
  expect(await PasswordToken.findByPk(old[0].id)).toBeNull();
  expect(await RefreshToken.findByPk(old[1].id)).toBeNull();
  expect(await VerificationCode.findByPk(old[2].id)).toBeNull();
  expect(await PasswordToken.findByPk(live[0].id)).not.toBeNull();
  expect(await RefreshToken.findByPk(live[1].id)).not.toBeNull();
  expect(await VerificationCode.findByPk(live[2].id)).not.toBeNull();
  expect(await JobRun.findByPk(oldRun.id)).toBeNull();
  expect(await JobRun.findByPk(recent.id)).not.toBeNull();
  expect((await JobRun.findByPk(stillRunning.id))?.outcome).toBe('RUNNING');
});

test('DOMAIN_EVENT_DISPATCH is registered (the events slice supplies its work): a run succeeds', async () => {
  const run = await runJob(t.deps, 'DOMAIN_EVENT_DISPATCH');
  expect([run.outcome, run.error]).toEqual(['SUCCEEDED', null]);
});
