import { createHash } from 'node:crypto';
import request from 'supertest';
import { ActivityLog, Application, ApplicationCohort, ApplicationStep, CrmNotification, Envelope, PaymentPlanAdjustment, ProductPaymentPlan, Student } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { toDisplayDate } from '../../models/dates';
import { isAgreementSigned, renderAgreement, usd } from '../../api/envelopes/agreement';
import { crmIdle } from '../../api/integrations/crm';
import { productPlanEngineInput, runEngine } from '../../api/payment-plans/payment-plans.service';
import { setupApp, type TestApp } from '../support/app';
import { makeCategoryPlan, makeCohort } from '../support/catalogue-factories';
import { makeApplicant, makeApplication, makeEnrollableProduct, makeVoucher } from '../support/enrollment-factories';
import { bearer, makeAdmin } from '../support/factories';
import { pdfText } from '../support/pdf-text';

let t: TestApp;
let staff: Awaited<ReturnType<typeof makeAdmin>>;
let supportToken: string;
let owner: Awaited<ReturnType<typeof makeApplicant>>;
let other: Awaited<ReturnType<typeof makeApplicant>>;

beforeAll(async () => {
  // The signer's address comes from X-Forwarded-For, as behind the proxy a deployment names in TRUST_PROXY.
  t = await setupApp({ TRUST_PROXY: 'loopback' });
  staff = await makeAdmin(t.deps);
  supportToken = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  owner = await makeApplicant(t.deps);
  other = await makeApplicant(t.deps);
});
afterAll(async () => {
  await crmIdle();
  await t.close();
});

const MISSING = 999_999;
const IP = '203.0.113.7';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const fullName = () => `${owner.student.firstName} ${owner.student.lastName}`;

type Opts = Parameters<typeof makeEnrollableProduct>[0] & { status?: Application['status']; chosen?: boolean };
/** A product and an application of `owner` with every choice made (a class per program, the plan, a card). */
async function arrange(opts: Opts = {}) {
  const { status, chosen, ...productOpts } = opts;
  const enrollable = await makeEnrollableProduct(productOpts);
  const application = await makeApplication(owner.student.id, enrollable, { status, chosen: chosen ?? true });
  return { enrollable, application };
}

async function envelopeFor(applicationId: number, token = owner.token) {
  const res = await request(t.app).post(`/api/applications/${applicationId}/envelopes`).set(bearer(token));
  expect(res.status).toBe(200);
  return res.body as { id: number; status: string; contentSha256: string; stale: boolean; title: string };
}

const sign = (envelopeId: number, signedName: string = fullName(), token = owner.token) =>
  request(t.app).post(`/api/envelopes/${envelopeId}/sign`).set(bearer(token)).set('X-Forwarded-For', IP).send({ signedName });

describe('renderAgreement', () => {
  test('deterministic: the same inputs give the same text and SHA-256; the terms are in it, no date of today', async () => {
    const { enrollable, application } = await arrange({ programs: 2 });
    const a = await renderAgreement(application.id);
    const b = await renderAgreement(application.id);
    expect(b).toEqual(a);
    expect(a.sha256).toBe(sha256(a.content));
    expect(a.title).toBe(`Enrollment Agreement - ${enrollable.product.name}`);
    for (const text of [
      fullName(),
      owner.email,
      enrollable.product.name,
      enrollable.programs[0].name,
      enrollable.programs[1].name,
      enrollable.cohorts[0].label,
      enrollable.cohorts[1].label,
      'https://example.com/agreement.pdf',
      'Class dates: 01-15-2030 to 12-15-2030',
      'Health Coach Institute',
      'Tuition: $6,000.00',
      'Registration fee: $200.00',
      'Books and materials fee: $100.00',
      'Total principal: $6,300.00',
      'Deposit: $500.00',
      'Amount financed: $5,800.00',
      'Annual percentage rate (APR): 9.90%',
      'is not charged until the School accepts this application',
      'CANCELLATION',
    ]) {
      expect(a.content).toContain(text);
    }
    // The amounts are the engine's, whatever the first due date.
    const { input } = await productPlanEngineInput(enrollable.productPlan.id, { firstDueDate: schoolToday() });
    const schedule = runEngine(input);
    const installments = schedule.entries.filter((e) => e.kind === 'INSTALLMENT');
    expect(installments).toHaveLength(12);
    expect(a.content).toContain(`Installments: 11 monthly installments of ${usd(installments[0].amountCents)}, then 1 of ${usd(installments[11].amountCents)}`);
    expect(a.content).toContain(`Total interest (finance charge): ${usd(schedule.interestCents)}`);
    expect(a.content).toContain(`Total of payments: ${usd(schedule.totalCents)}`);
    expect(a.content).not.toContain(schoolToday());
    expect(a.content).not.toContain(toDisplayDate(schoolToday()));
    expect(a.content).not.toMatch(/20\d\d-\d\d-\d\d/);
  });

  test('changes when the plan, an adjustment, the voucher or the class changes; back to the same terms gives the same hash', async () => {
    const { enrollable, application } = await arrange();
    const first = await renderAgreement(application.id);
    const payInFull = await ProductPaymentPlan.create({
      productId: enrollable.product.id,
      paymentPlanId: (await makeCategoryPlan({ paymentPlanType: 'PAY_IN_FULL' })).id,
      shortDescription: 'Pay in full',
      longDescription: null,
      salesforcePaymentPlanId: null,
      updatedById: null,
      updatedByName: null,
    });
    await application.update({ productPaymentPlanId: payInFull.id });
    const other = await renderAgreement(application.id);
    expect(other.sha256).not.toBe(first.sha256);
    expect(other.content).toContain('Payment: one payment of $6,150.00');

    await application.update({ productPaymentPlanId: enrollable.productPlan.id });
    expect((await renderAgreement(application.id)).sha256).toBe(first.sha256);

    const credit = await PaymentPlanAdjustment.create({
      productPaymentPlanId: enrollable.productPlan.id,
      description: 'Scholarship',
      type: 'CREDIT',
      category: 'SCHOLARSHIP',
      amount: 250,
      updatedById: null,
      updatedByName: null,
    });
    const withCredit = await renderAgreement(application.id);
    expect(withCredit.content).toContain('Credit: Scholarship: -$250.00');
    expect(withCredit.sha256).not.toBe(first.sha256);
    await credit.destroy();

    const later = await makeCohort({ program: enrollable.programs[0], startDate: '2031-02-01', endDate: '2031-11-30' });
    await ApplicationCohort.update({ cohortId: later.id }, { where: { applicationId: application.id } });
    const moved = await renderAgreement(application.id);
    expect(moved.content).toContain(`Class: ${later.label}`);
    expect(moved.content).toContain('Class dates: 02-01-2031 to 11-30-2031');
    expect(moved.sha256).not.toBe(first.sha256);
    await ApplicationCohort.update({ cohortId: enrollable.cohorts[0].id }, { where: { applicationId: application.id } });

    const voucher = await makeVoucher();
    await application.update({ voucherId: voucher.id, voucherDiscount: 615 });
    const discounted = await renderAgreement(application.id);
    expect(discounted.content).toContain(`Voucher discount (${voucher.code}): -$615.00`);
    expect(discounted.sha256).not.toBe(first.sha256);
    await application.update({ voucherId: null, voucherDiscount: 0 });
    expect((await renderAgreement(application.id)).sha256).toBe(first.sha256);
  });

  test('the program agreement\'s link and dates show when set; what is not set is left out, never written as "not set"', async () => {
    const { enrollable, application } = await arrange();
    const [program] = enrollable.programs;
    await program.update({ enrollmentAgreementUrl: null, enrollmentAgreementPublicationDate: null, enrollmentAgreementLastRevisionDate: null });
    await enrollable.cohorts[0].update({ startDate: null, endDate: null });

    // The envelope the student reads (and its stored text): nothing unset in it.
    const sent = await envelopeFor(application.id);
    const stored = await Envelope.findByPk(sent.id);
    expect(stored!.content).not.toMatch(/not set/i);
    expect(stored!.content).not.toContain('Agreement published');
    expect(stored!.content).not.toContain('last revised');
    expect(stored!.content).not.toContain('Program enrollment agreement');
    expect(stored!.content).not.toContain('Class dates');
    expect(stored!.content).toContain(`Program: ${program.name}\nClass: ${enrollable.cohorts[0].label}\n`);

    await program.update({ enrollmentAgreementUrl: 'https://example.com/hctp-terms.pdf', enrollmentAgreementPublicationDate: '2027-01-15' });
    const published = await renderAgreement(application.id);
    expect(published.content).toContain('Program enrollment agreement: https://example.com/hctp-terms.pdf\nAgreement published: 01-15-2027\n');
    expect(published.content).not.toContain('last revised');

    await program.update({ enrollmentAgreementLastRevisionDate: '2027-02-01' });
    await enrollable.cohorts[0].update({ startDate: '2030-01-15', endDate: '2030-12-15' });
    const revised = await renderAgreement(application.id);
    expect(revised.content).toContain('Agreement published: 01-15-2027; last revised: 02-01-2027\n');
    expect(revised.content).toContain('Class dates: 01-15-2030 to 12-15-2030');
    expect(revised.content).not.toMatch(/not set/i);

    await program.update({ enrollmentAgreementPublicationDate: null });
    expect((await renderAgreement(application.id)).content).toContain('Agreement last revised: 02-01-2027\n');
  });

  test('money is written without locale data', () => {
    expect(usd(0)).toBe('$0.00');
    expect(usd(123456789)).toBe('$1,234,567.89');
    expect(usd(-61500)).toBe('-$615.00');
  });

  test('404 for a missing application', async () => {
    await expect(renderAgreement(MISSING)).rejects.toMatchObject({ status: 404 });
  });
});

describe('POST /applications/{id}/envelopes', () => {
  test('makes a SENT envelope once; the same one while the terms hold; a new one (the old VOIDED) when they change', async () => {
    const { enrollable, application } = await arrange();
    const first = await envelopeFor(application.id);
    const rendered = await renderAgreement(application.id);
    expect(first).toMatchObject({
      applicationId: application.id,
      studentId: owner.student.id,
      status: 'SENT',
      contentSha256: rendered.sha256,
      stale: false,
      signedAt: null,
      voidedAt: null,
    });
    expect((await envelopeFor(application.id)).id).toBe(first.id);
    expect((await envelopeFor(application.id, staff.token)).id).toBe(first.id);
    expect(await Envelope.count({ where: { applicationId: application.id } })).toBe(1);

    const payInFull = await ProductPaymentPlan.create({
      productId: enrollable.product.id,
      paymentPlanId: (await makeCategoryPlan({ paymentPlanType: 'PAY_IN_FULL' })).id,
      shortDescription: null,
      longDescription: null,
      salesforcePaymentPlanId: null,
      updatedById: null,
      updatedByName: null,
    });
    await application.update({ productPaymentPlanId: payInFull.id });
    const second = await envelopeFor(application.id);
    expect(second.id).not.toBe(first.id);
    expect(second).toMatchObject({ status: 'SENT', stale: false });
    const old = await Envelope.findByPk(first.id);
    expect(old).toMatchObject({ status: 'VOIDED' });
    expect(old?.voidedAt).toBeInstanceOf(Date);
    expect(await ActivityLog.count({ where: { entityType: 'ENVELOPE', entityId: first.id, type: 'VOIDED' } })).toBe(1);
  });

  test('409 without a class for every program, without a plan, or for a closed application', async () => {
    const noClass = await arrange({ programs: 2 });
    await ApplicationCohort.destroy({ where: { applicationId: noClass.application.id, cohortId: noClass.enrollable.cohorts[1].id } });
    const res1 = await request(t.app).post(`/api/applications/${noClass.application.id}/envelopes`).set(bearer(owner.token));
    expect(res1.status).toBe(409);
    expect(res1.body).toMatchObject({ code: 'NO_COURSE_SELECTED' });

    const noPlan = await arrange();
    await noPlan.application.update({ productPaymentPlanId: null });
    const res2 = await request(t.app).post(`/api/applications/${noPlan.application.id}/envelopes`).set(bearer(owner.token));
    expect(res2.status).toBe(409);
    expect(res2.body).toMatchObject({ code: 'NO_PAYMENT_PLAN_SELECTED' });

    const cancelled = await arrange({ status: 'CANCELLED' });
    const res3 = await request(t.app).post(`/api/applications/${cancelled.application.id}/envelopes`).set(bearer(staff.token));
    expect(res3.status).toBe(409);
    expect(res3.body).toMatchObject({ code: 'INVALID_STATUS', message: 'Invalid status' });
    expect(await Envelope.count({ where: { applicationId: [noClass.application.id, noPlan.application.id, cancelled.application.id] } })).toBe(0);
  });

  test('401, 403 for another student and read-only staff, 404', async () => {
    const { application } = await arrange();
    const url = `/api/applications/${application.id}/envelopes`;
    expect((await request(t.app).post(url)).status).toBe(401);
    expect((await request(t.app).post(url).set(bearer(other.token))).status).toBe(403);
    expect((await request(t.app).post(url).set(bearer(supportToken))).status).toBe(403);
    expect(await Envelope.count({ where: { applicationId: application.id } })).toBe(0);
    expect((await request(t.app).post(`/api/applications/${MISSING}/envelopes`).set(bearer(staff.token))).status).toBe(404);
  });
});

describe('GET /applications/{id}/envelopes and /envelopes/{id}', () => {
  test('lists newest first with the stale flag; one envelope comes with its text', async () => {
    const { enrollable, application } = await arrange();
    const first = await envelopeFor(application.id);
    await application.update({ voucherDiscount: 100 });
    const second = await envelopeFor(application.id);
    const list = await request(t.app).get(`/api/applications/${application.id}/envelopes`).set(bearer(owner.token));
    expect(list.status).toBe(200);
    expect(list.body.map((e: { id: number; status: string; stale: boolean }) => [e.id, e.status, e.stale])).toEqual([
      [second.id, 'SENT', false],
      [first.id, 'VOIDED', true],
    ]);
    expect(list.body[0].content).toBeUndefined();
    expect((await request(t.app).get(`/api/applications/${application.id}/envelopes`).set(bearer(supportToken))).status).toBe(200);

    const one = await request(t.app).get(`/api/envelopes/${second.id}`).set(bearer(owner.token));
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: second.id, status: 'SENT', stale: false, title: `Enrollment Agreement - ${enrollable.product.name}` });
    expect(one.body.content).toBe((await renderAgreement(application.id)).content);
    expect((await request(t.app).get(`/api/envelopes/${first.id}`).set(bearer(staff.token))).body.stale).toBe(true);
  });

  test('401, 403 for another student, 404', async () => {
    const { application } = await arrange();
    const envelope = await envelopeFor(application.id);
    expect((await request(t.app).get(`/api/applications/${application.id}/envelopes`)).status).toBe(401);
    expect((await request(t.app).get(`/api/envelopes/${envelope.id}`)).status).toBe(401);
    expect((await request(t.app).get(`/api/applications/${application.id}/envelopes`).set(bearer(other.token))).status).toBe(403);
    expect((await request(t.app).get(`/api/envelopes/${envelope.id}`).set(bearer(other.token))).status).toBe(403);
    expect((await request(t.app).get(`/api/applications/${MISSING}/envelopes`).set(bearer(staff.token))).status).toBe(404);
    expect((await request(t.app).get(`/api/envelopes/${MISSING}`).set(bearer(staff.token))).status).toBe(404);
    expect((await request(t.app).get(`/api/envelopes/abc`).set(bearer(staff.token))).status).toBe(400);
  });
});

describe('POST /envelopes/{id}/sign', () => {
  test('stores the typed name, time, IP and the SHA-256 of the text; completes the agreement step', async () => {
    const { application } = await arrange();
    const envelope = await envelopeFor(application.id);
    const before = Date.now();
    const typed = `  ${owner.student.firstName.toUpperCase()}   ${owner.student.lastName.toLowerCase()} `;
    const res = await sign(envelope.id, typed);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: envelope.id, status: 'SIGNED', signedName: typed.trim().replace(/\s+/g, ' '), signedIp: IP, stale: false });
    const row = (await Envelope.findByPk(envelope.id))!;
    expect(row.status).toBe('SIGNED');
    expect(row.signedSha256).toBe(sha256(row.content));
    expect(row.signedSha256).toBe(row.contentSha256);
    expect(row.signedIp).toBe(IP);
    expect(row.signedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await ApplicationStep.count({ where: { applicationId: application.id, step: 'ENROLLMENT_AGREEMENT' } })).toBe(1);
    expect(await isAgreementSigned(application.id)).toBe(true);
    expect(await ActivityLog.count({ where: { entityType: 'ENVELOPE', entityId: envelope.id, type: 'SIGNED' } })).toBe(1);
    // Signing does not submit a CREATED application.
    expect((await Application.findByPk(application.id))?.status).toBe('CREATED');
    // The signed envelope is the current one.
    expect((await envelopeFor(application.id)).id).toBe(envelope.id);
  });

  test('a change of terms after signing makes the agreement stale: no longer signed, a new envelope to sign', async () => {
    const { application } = await arrange();
    const envelope = await envelopeFor(application.id);
    expect((await sign(envelope.id)).status).toBe(200);
    const agreementStep = async () =>
      (await request(t.app).get(`/api/applications/${application.id}`).set(bearer(owner.token))).body.steps.find((s: { step: string }) => s.step === 'ENROLLMENT_AGREEMENT');
    expect(await agreementStep()).toMatchObject({ completed: true });
    await application.update({ voucherDiscount: 50 });
    expect(await isAgreementSigned(application.id)).toBe(false);
    // The application's steps no longer count the old signature.
    expect(await agreementStep()).toMatchObject({ completed: false, completedAt: null });
    const next = await envelopeFor(application.id);
    expect(next.id).not.toBe(envelope.id);
    expect((await Envelope.findByPk(envelope.id))?.status).toBe('SIGNED');
    expect((await sign(next.id)).status).toBe(200);
    expect(await isAgreementSigned(application.id)).toBe(true);
  });

  test("400 for a name that is not the student's, or none", async () => {
    const { application } = await arrange();
    const envelope = await envelopeFor(application.id);
    const res = await sign(envelope.id, 'Someone Else');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ signedName: 'Type your full name as it appears on the agreement' });
    const blank = await request(t.app).post(`/api/envelopes/${envelope.id}/sign`).set(bearer(owner.token)).send({});
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual({ signedName: 'This field is required' });
    expect((await Envelope.findByPk(envelope.id))?.status).toBe('SENT');
  });

  test('409 when already signed or voided; a stale SENT envelope is voided and refused', async () => {
    const { application } = await arrange();
    const envelope = await envelopeFor(application.id);
    expect((await sign(envelope.id)).status).toBe(200);
    const again = await sign(envelope.id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'ENVELOPE_ALREADY_SIGNED', message: 'The agreement is already signed' });

    const recreated = await request(t.app).post(`/api/envelopes/${envelope.id}/recreate`).set(bearer(staff.token));
    expect(recreated.status).toBe(201);
    const voided = await sign(envelope.id);
    expect(voided.status).toBe(409);
    expect(voided.body).toMatchObject({ code: 'ENVELOPE_VOIDED', message: 'This agreement was replaced by a newer one' });

    await application.update({ voucherDiscount: 10 });
    const stale = await sign(recreated.body.id);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'ENVELOPE_VOIDED' });
    expect(await Envelope.findByPk(recreated.body.id)).toMatchObject({ status: 'VOIDED', signedAt: null });
  });

  test('staff cannot sign (403), nor another student; 401; 404', async () => {
    const { application } = await arrange();
    const envelope = await envelopeFor(application.id);
    expect((await sign(envelope.id, fullName(), staff.token)).status).toBe(403);
    expect((await sign(envelope.id, fullName(), supportToken)).status).toBe(403);
    expect((await sign(envelope.id, `${other.student.firstName} ${other.student.lastName}`, other.token)).status).toBe(403);
    expect((await request(t.app).post(`/api/envelopes/${envelope.id}/sign`).send({ signedName: fullName() })).status).toBe(401);
    expect((await Envelope.findByPk(envelope.id))?.status).toBe('SENT');
    expect((await sign(MISSING, fullName(), staff.token)).status).toBe(404);
  });

  test('signing moves WAITING_TO_SIGN → SIGNED and the CRM hears of it', async () => {
    const { application } = await arrange({ status: 'WAITING_TO_SIGN' });
    const envelope = await envelopeFor(application.id);
    const res = await sign(envelope.id);
    expect(res.status).toBe(200);
    const after = await Application.findByPk(application.id);
    expect(after?.status).toBe('SIGNED');
    expect(after?.statusChangedAt).toBeInstanceOf(Date);
    await crmIdle();
    const notes = await CrmNotification.findAll({ where: { applicationId: application.id, crm: 'salesforce' } });
    expect(notes).toHaveLength(1);
    expect(notes[0].get({ plain: true })).toMatchObject({ event: 'APPLICATION_STATUS_CHANGED', status: 'ACCEPTED', externalId: `local-${notes[0].id}` });
    expect(notes[0].payload).toMatchObject({ applicationId: application.id, status: 'SIGNED', previousStatus: 'WAITING_TO_SIGN' });
  });

  test('a closed application cannot be signed (409)', async () => {
    const { application } = await arrange();
    const envelope = await envelopeFor(application.id);
    await application.update({ status: 'CANCELLED' });
    const res = await sign(envelope.id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('INVALID_STATUS');
  });
});

describe('POST /envelopes/{id}/recreate', () => {
  test('staff void the envelope (even a signed one) and get a fresh SENT one', async () => {
    const { application } = await arrange({ status: 'APPLIED' });
    const envelope = await envelopeFor(application.id, staff.token);
    await Envelope.update({ status: 'SIGNED', signedAt: new Date(), signedName: fullName(), signedSha256: envelope.contentSha256 }, { where: { id: envelope.id } });
    const res = await request(t.app).post(`/api/envelopes/${envelope.id}/recreate`).set(bearer(staff.token));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ applicationId: application.id, status: 'SENT', stale: false });
    expect(res.body.id).not.toBe(envelope.id);
    expect(await Envelope.findByPk(envelope.id)).toMatchObject({ status: 'VOIDED' });
    expect(await Envelope.count({ where: { applicationId: application.id, status: 'SENT' } })).toBe(1);
  });

  test('the student recreates while the application is CREATED; 409 once submitted', async () => {
    const { application } = await arrange();
    const envelope = await envelopeFor(application.id);
    const res = await request(t.app).post(`/api/envelopes/${envelope.id}/recreate`).set(bearer(owner.token));
    expect(res.status).toBe(201);
    expect(await Envelope.findByPk(envelope.id)).toMatchObject({ status: 'VOIDED' });
    await application.update({ status: 'APPLIED' });
    const refused = await request(t.app).post(`/api/envelopes/${res.body.id}/recreate`).set(bearer(owner.token));
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('INVALID_STATUS');
    expect(await Envelope.findByPk(res.body.id)).toMatchObject({ status: 'SENT' });
  });

  test('401, 403 for another student and read-only staff, 404', async () => {
    const { application } = await arrange();
    const envelope = await envelopeFor(application.id);
    const url = `/api/envelopes/${envelope.id}/recreate`;
    expect((await request(t.app).post(url)).status).toBe(401);
    expect((await request(t.app).post(url).set(bearer(other.token))).status).toBe(403);
    expect((await request(t.app).post(url).set(bearer(supportToken))).status).toBe(403);
    expect(await Envelope.findByPk(envelope.id)).toMatchObject({ status: 'SENT' });
    expect((await request(t.app).post(`/api/envelopes/${MISSING}/recreate`).set(bearer(staff.token))).status).toBe(404);
  });
});

describe('GET /envelopes/{id}/pdf', () => {
  test('a PDF attachment with the title, the text and, once signed, the signature block', async () => {
    const { enrollable, application } = await arrange();
    const envelope = await envelopeFor(application.id);
    const unsigned = await request(t.app)
      .get(`/api/envelopes/${envelope.id}/pdf`)
      .set(bearer(owner.token))
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(unsigned.status).toBe(200);
    expect(unsigned.headers['content-type']).toMatch(/^application\/pdf/);
    expect(unsigned.headers['content-disposition']).toBe(`attachment; filename="agreement-${envelope.id}.pdf"`);
    const body = unsigned.body as Buffer;
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(body);
    expect(text).toContain(`Enrollment Agreement - ${enrollable.product.name}`);
    expect(text).toContain(owner.email);
    expect(text).not.toContain('Signed electronically by');

    expect((await sign(envelope.id)).status).toBe(200);
    const row = (await Envelope.findByPk(envelope.id))!;
    const signed = await request(t.app)
      .get(`/api/envelopes/${envelope.id}/pdf`)
      .set(bearer(staff.token))
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(signed.status).toBe(200);
    const signedText = pdfText(signed.body as Buffer);
    expect(signedText).toContain(`Signed electronically by: ${fullName()}`);
    expect(signedText).toContain(`IP address: ${IP}`);
    expect(signedText).toContain(`SHA-256 of the signed text: ${row.signedSha256}`);
    expect(signedText).toContain(`${row.signedAt!.toISOString().slice(0, 19).replace('T', ' ')} UTC`);
    expect(signedText).toMatch(/Signed at: \d\d-\d\d-\d{4} \d\d:\d\d:\d\d E[SD]T \(New York\)/);
  });

  test('401, 403 for another student, 404', async () => {
    const { application } = await arrange();
    const envelope = await envelopeFor(application.id);
    expect((await request(t.app).get(`/api/envelopes/${envelope.id}/pdf`)).status).toBe(401);
    expect((await request(t.app).get(`/api/envelopes/${envelope.id}/pdf`).set(bearer(other.token))).status).toBe(403);
    expect((await request(t.app).get(`/api/envelopes/${MISSING}/pdf`).set(bearer(staff.token))).status).toBe(404);
  });
});

describe('GET /students/{id}/envelopes', () => {
  test("the student's own envelopes, newest first, 10 a page, by status", async () => {
    const student = await makeApplicant(t.deps);
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const enrollable = await makeEnrollableProduct();
      const application = await makeApplication(student.student.id, enrollable, { chosen: true });
      const first = await envelopeFor(application.id, student.token);
      ids.push(first.id);
      await application.update({ voucherDiscount: 10 });
      ids.push((await envelopeFor(application.id, student.token)).id);
    }
    // Someone else's envelope never shows.
    const { application: foreign } = await arrange();
    await envelopeFor(foreign.id);

    const page0 = await request(t.app).get(`/api/students/${student.student.id}/envelopes`).set(bearer(student.token));
    expect(page0.status).toBe(200);
    expect(page0.body.pagination).toEqual({ total: 12, page: 0, size: 10 });
    expect(page0.body.content.map((e: { id: number }) => e.id)).toEqual([...ids].reverse().slice(0, 10));
    expect(page0.body.content.every((e: { studentId: number }) => e.studentId === student.student.id)).toBe(true);
    const page1 = await request(t.app).get(`/api/students/${student.student.id}/envelopes?page=1`).set(bearer(student.token));
    expect(page1.body.content.map((e: { id: number }) => e.id)).toEqual([ids[1], ids[0]]);

    const sent = await request(t.app).get(`/api/students/${student.student.id}/envelopes?status=SENT`).set(bearer(staff.token));
    expect(sent.status).toBe(200);
    expect(sent.body.pagination.total).toBe(6);
    expect(sent.body.content.every((e: { status: string; stale: boolean }) => e.status === 'SENT' && !e.stale)).toBe(true);
  });

  test('400 for an unknown status, 401, 403 for another student, 404 for a missing student', async () => {
    const url = `/api/students/${owner.student.id}/envelopes`;
    expect((await request(t.app).get(`${url}?status=DRAFT`).set(bearer(owner.token))).status).toBe(400);
    expect((await request(t.app).get(url)).status).toBe(401);
    expect((await request(t.app).get(url).set(bearer(other.token))).status).toBe(403);
    expect((await request(t.app).get(`/api/students/${MISSING}/envelopes`).set(bearer(staff.token))).status).toBe(404);
    expect(await Student.findByPk(owner.student.id)).not.toBeNull();
  });
});
