import request from 'supertest';
import { ActivityLog, LedgerEntry, Payment } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { DescriptionTemplates, describeParts, describeText, paymentOutcome, description, type DescriptionKey } from '../../models/descriptions';
import * as Enums from '../../models/enums';
import { applyPayment } from '../../api/billing/ledger';
import { setupApp, type TestApp } from '../support/app';
import { makeEnrolledPlan } from '../support/billing-factories';
import { makeApplication, makeEnrollableProduct, type EnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin, makeStudent } from '../support/factories';
import { expectLedgerConsistent } from '../support/ledger-invariants';

/**
 * Issue 15: activity-log entries and account-history lines are stored as what happened — a key of
 * models/descriptions.ts and its parameters — beside their English text, and the API answers both,
 * so the console and the portal write them in Spanish without a raw enumeration value.
 */

let t: TestApp;
let staff: string;
let product: EnrollableProduct;

beforeAll(async () => {
  t = await setupApp();
  staff = (await makeAdmin(t.deps)).token;
  product = await makeEnrollableProduct({ payInFull: true });
});
afterAll(() => t.close());

const placeholders = (template: string) => [...template.matchAll(/\{(\w+)(?::(\w+))?\}/g)].map((m) => `${m[1]}:${m[2] ?? ''}`).sort();

describe('the catalogue', () => {
  test("a payment's outcome writes the payment's own sentence inside it, in each language", () => {
    const failed = paymentOutcome(description('PAYMENT_INSTALLMENT', { number: 2, brand: 'visa', last4: '0002' }), 'PAYMENT_FAILED_LINE', { reason: 'Your card was declined' });
    expect(describeText(failed.key, failed.params, 'en')).toBe('Payment of installment 2 (visa ending 0002) failed: Your card was declined');
    expect(describeText(failed.key, failed.params, 'es')).toBe('Pago de la cuota 2 (visa terminada en 0002) no realizado: Your card was declined');
    const accepted = paymentOutcome(description('PAYMENT_PRE_PAY', { brand: 'visa', last4: '4242' }), 'PAYMENT_ACCEPTED_LINE', { amount: 12_345 });
    expect(describeText(accepted.key, accepted.params, 'es')).toBe('Pago anticipado (visa terminada en 4242) aceptado: $123.45');
    // A key naming itself writes nothing there (no loop).
    expect(describeText('PAYMENT_ACCEPTED_LINE', { payment: 'PAYMENT_ACCEPTED_LINE', amount: 100 }, 'en')).toBe(' accepted: $1.00');
  });

  test('every sentence has a Spanish twin with the same parameters; each format is money, date, card, text or an enumeration', () => {
    const keys = Object.keys(DescriptionTemplates.en) as DescriptionKey[];
    expect(Object.keys(DescriptionTemplates.es).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect([key, placeholders(DescriptionTemplates.es[key])]).toEqual([key, placeholders(DescriptionTemplates.en[key])]);
      for (const format of placeholders(DescriptionTemplates.en[key])
        .map((p) => p.split(':')[1])
        .filter(Boolean)) {
        expect([key, ['money', 'date', 'card', 'text'].includes(format) || Array.isArray((Enums as Record<string, unknown>)[format])]).toEqual([key, true]);
      }
    }
  });

  test("a sentence writes enumeration labels, money, dates and the card in the reader's language; an unknown key is null", () => {
    expect(describeText('APPLICATION_STATUS_CHANGED', { from: 'SIGNED', to: 'ENROLLED' }, 'en')).toBe('Application status Signed → Enrolled');
    expect(describeText('APPLICATION_STATUS_CHANGED', { from: 'SIGNED', to: 'ENROLLED' }, 'es')).toBe('Estado de la solicitud Firmada → Inscrita');
    expect(describeText('INSTALLMENT_REMINDER_SENT', { email: 'a@b.co', amount: 123456, dueDate: '2026-03-09' }, 'es')).toBe(
      'Recordatorio de cuota enviado a a@b.co: $1,234.56 con vencimiento el 03-09-2026',
    );
    expect(describeText('PAYMENT_INSTALLMENT', { number: 2, brand: 'visa', last4: '4242' }, 'en')).toBe('Payment of installment 2 (visa ending 4242)');
    expect(describeText('PAYMENT_INSTALLMENT', { number: 2, brand: 'visa', last4: '4242' }, 'es')).toBe('Pago de la cuota 2 (visa terminada en 4242)');
    expect(describeText('PAYMENT_EXTERNAL', { channel: 'WIRE_TRANSFER' }, 'es')).toBe('Pago externo (Transferencia bancaria)');
    expect(describeText('PAYMENT_PRE_PAY', { brand: null, last4: null }, 'es')).toBe('Pago anticipado');
    expect(describeText('NOT_A_KEY', null, 'es')).toBeNull();
  });
});

describe('GET /api/students/{id}/activity_log', () => {
  test('a status change answers its key and parameters, and its English text names the statuses by their labels', async () => {
    const who = await makeStudent(t.deps);
    const application = await makeApplication(who.student.id, product, { status: 'CREATED', chosen: true });
    const moved = await request(t.app).patch(`/api/applications/${application.id}/status`).query({ status: 'CANCELLED' }).set(bearer(staff));
    expect(moved.status).toBe(200);

    const log = await request(t.app).get(`/api/students/${who.student.id}/activity_log`).set(bearer(staff));
    expect(log.status).toBe(200);
    const entry = (log.body.content as Array<Record<string, unknown>>).find((e) => e.entityType === 'APPLICATION' && e.type === 'UPDATED');
    expect(entry).toMatchObject({
      category: 'ENROLLMENT',
      description: 'Application status Created → Cancelled',
      descriptionKey: 'APPLICATION_STATUS_CHANGED',
      descriptionParams: { from: 'CREATED', to: 'CANCELLED' },
      changes: { status: { from: 'CREATED', to: 'CANCELLED' } },
    });
    const row = await ActivityLog.findOne({ where: { entityType: 'APPLICATION', entityId: application.id, type: 'UPDATED' } });
    expect([row?.description, row?.descriptionKey, JSON.parse(row?.descriptionParams ?? 'null')]).toEqual([
      'Application status Created → Cancelled',
      'APPLICATION_STATUS_CHANGED',
      { from: 'CREATED', to: 'CANCELLED' },
    ]);
  });
});

describe('GET /api/students/{id}/account_history', () => {
  afterEach(() => expectLedgerConsistent());

  test('each line answers its key and parameters: the plan issued, and a card payment with its installment and card', async () => {
    const e = await makeEnrolledPlan(t.deps, { enrollable: product });
    const today = schoolToday();
    await t.deps.sequelize.transaction(async (transaction) => {
      const payment = await Payment.create(
        {
          studentId: e.plan.studentId,
          applicationId: e.plan.applicationId,
          studentPaymentPlanId: e.plan.id,
          paymentScheduleId: e.entries[0].id,
          type: 'INSTALLMENT',
          channel: 'CARD',
          amount: 500,
          paymentDate: today,
          cardBrand: 'visa',
          cardLast4: '4242',
          referenceNumber: 'ch_9',
        },
        { transaction },
      );
      await applyPayment(payment, today, transaction);
    });

    const res = await request(t.app).get(`/api/students/${e.student.student.id}/account_history`).set(bearer(e.student.token));
    expect(res.status).toBe(200);
    const [issued, paid] = res.body.content;
    expect(issued).toMatchObject({
      kind: 'PLAN_ISSUED',
      descriptionKey: 'PLAN_ISSUED',
      descriptionParams: { plan: e.plan.name },
      description: `Payment plan issued: ${e.plan.name}`,
    });
    expect(paid).toMatchObject({
      kind: 'PAYMENT',
      descriptionKey: 'PAYMENT_INSTALLMENT',
      descriptionParams: { number: 1, brand: 'visa', last4: '4242' },
      description: 'Payment of installment 1 (visa ending 4242)',
    });
    const rows = await LedgerEntry.findAll({ where: { studentPaymentPlanId: e.plan.id }, order: [['id', 'ASC']] });
    expect(rows.map((r) => [r.kind, r.descriptionKey, JSON.parse(r.descriptionParams ?? 'null')])).toEqual([
      ['PLAN_ISSUED', 'PLAN_ISSUED', { plan: e.plan.name }],
      ['PAYMENT', 'PAYMENT_INSTALLMENT', { number: 1, brand: 'visa', last4: '4242' }],
    ]);
  });
});

describe('describeParts', () => {
  test("the sentence in the console's language with the data it quotes marked: the Spanish console does not take an English subject for its own words", () => {
    expect(describeParts('EMAIL_SENT_TO', { email: 'ana@example.com', subject: 'We issued a refund of $50.00' }, 'es')).toEqual([
      { text: 'Correo enviado a ', data: false },
      { text: 'ana@example.com', data: true },
      { text: ': ', data: false },
      { text: 'We issued a refund of $50.00', data: true },
    ]);
    // The parts read as the whole sentence; a key the catalogue does not have has none.
    const params = { email: 'bo@example.com', subject: 'Hola' };
    expect(
      describeParts('EMAIL_SENT_TO', params, 'en')!
        .map((p) => p.text)
        .join(''),
    ).toBe(describeText('EMAIL_SENT_TO', params, 'en'));
    expect(describeParts('NO_SUCH_KEY', params, 'en')).toBeNull();
  });
});
