import request from 'supertest';
import { ActivityLog, Application, ApplicationAnswer, ApplicationComment, CrmNotification, StudentPaymentPlan } from '../../models';
import { deliverPending, useCrmClient, type CrmClient, type CrmMessage } from '../../api/integrations/crm';
import { setupApp, type TestApp } from '../support/app';
import { makeApplicant, makeApplication, makeEnrollableProduct, type EnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin } from '../support/factories';

let t: TestApp;
let staff: Awaited<ReturnType<typeof makeAdmin>>;
let supportToken: string;
let owner: Awaited<ReturnType<typeof makeApplicant>>;
let other: Awaited<ReturnType<typeof makeApplicant>>;
let enrollable: EnrollableProduct;
let application: Application;

beforeAll(async () => {
  t = await setupApp();
  staff = await makeAdmin(t.deps);
  supportToken = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  owner = await makeApplicant(t.deps);
  other = await makeApplicant(t.deps);
  enrollable = await makeEnrollableProduct();
  application = await makeApplication(owner.student.id, enrollable);
});
afterAll(async () => {
  useCrmClient(null);
  await t.close();
});

const MISSING = 999_999;
const base = (id: number = application.id) => `/api/applications/${id}`;

/** A fresh application of `owner` in `status` (each test that changes state gets its own). */
async function freshApplication(status: Application['status'] = 'CREATED') {
  const product = await makeEnrollableProduct();
  return makeApplication(owner.student.id, product, { status });
}

describe('comments', () => {
  test('POST adds a comment with its author; GET pages 5 newest first', async () => {
    const app = await freshApplication();
    const made: number[] = [];
    for (let i = 1; i <= 7; i++) {
      const res = await request(t.app)
        .post(`${base(app.id)}/comments`)
        .set(bearer(staff.token))
        .send({ content: `  Note ${i}  ` });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ content: `Note ${i}`, author: { id: staff.user.id, name: `${staff.admin.firstName} ${staff.admin.lastName}` } });
      made.push(res.body.id);
    }
    expect(await ApplicationComment.count({ where: { applicationId: app.id } })).toBe(7);

    const first = await request(t.app)
      .get(`${base(app.id)}/comments`)
      .set(bearer(staff.token));
    expect(first.status).toBe(200);
    expect(first.body.pagination).toEqual({ total: 7, page: 0, size: 5 });
    expect(first.body.content.map((c: { id: number }) => c.id)).toEqual(made.slice(2).reverse());
    const second = await request(t.app)
      .get(`${base(app.id)}/comments?size=5&page=1`)
      .set(bearer(supportToken));
    expect(second.status).toBe(200);
    expect(second.body.content.map((c: { content: string }) => c.content)).toEqual(['Note 2', 'Note 1']);
  });

  test('PUT changes the text, DELETE removes it (204, no body)', async () => {
    const created = await request(t.app).post(`${base()}/comments`).set(bearer(staff.token)).send({ content: 'Called, no answer' });
    const url = `${base()}/comments/${created.body.id}`;
    const put = await request(t.app).put(url).set(bearer(staff.token)).send({ content: 'Called twice, no answer' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: created.body.id, content: 'Called twice, no answer', author: { id: staff.user.id } });
    expect((await ApplicationComment.findByPk(created.body.id))?.content).toBe('Called twice, no answer');

    const del = await request(t.app).delete(url).set(bearer(staff.token));
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    expect(await ApplicationComment.findByPk(created.body.id)).toBeNull();
    expect((await request(t.app).delete(url).set(bearer(staff.token))).status).toBe(404);
    expect((await request(t.app).put(url).set(bearer(staff.token)).send({ content: 'x' })).status).toBe(404);
  });

  test('a comment is reached only through its own application (404)', async () => {
    const created = await request(t.app).post(`${base()}/comments`).set(bearer(staff.token)).send({ content: 'Mine' });
    const elsewhere = await freshApplication();
    const res = await request(t.app)
      .put(`${base(elsewhere.id)}/comments/${created.body.id}`)
      .set(bearer(staff.token))
      .send({ content: 'Moved' });
    expect(res.status).toBe(404);
    expect((await ApplicationComment.findByPk(created.body.id))?.content).toBe('Mine');
  });

  test('400 for blank, missing or unknown fields and a bad page size', async () => {
    for (const body of [{ content: '   ' }, {}, { content: 'ok', extra: 1 }]) {
      const res = await request(t.app).post(`${base()}/comments`).set(bearer(staff.token)).send(body);
      expect(res.status).toBe(400);
    }
    const blank = await request(t.app).post(`${base()}/comments`).set(bearer(staff.token)).send({ content: '' });
    expect(blank.body.errors).toEqual({ content: 'This field is required' });
    expect((await request(t.app).get(`${base()}/comments?size=0`).set(bearer(staff.token))).status).toBe(400);
    expect((await request(t.app).get(`${base()}/comments?sortBy=content`).set(bearer(staff.token))).status).toBe(400);
  });

  test('401 without a token, 403 for students and read-only staff writing, 404 for a missing application', async () => {
    const created = await request(t.app).post(`${base()}/comments`).set(bearer(staff.token)).send({ content: 'Keep' });
    expect((await request(t.app).get(`${base()}/comments`)).status).toBe(401);
    expect((await request(t.app).post(`${base()}/comments`).send({ content: 'x' })).status).toBe(401);
    expect((await request(t.app).get(`${base()}/comments`).set(bearer(owner.token))).status).toBe(403);
    expect((await request(t.app).post(`${base()}/comments`).set(bearer(owner.token)).send({ content: 'x' })).status).toBe(403);
    expect((await request(t.app).post(`${base()}/comments`).set(bearer(supportToken)).send({ content: 'x' })).status).toBe(403);
    expect((await request(t.app).put(`${base()}/comments/${created.body.id}`).set(bearer(supportToken)).send({ content: 'x' })).status).toBe(403);
    expect((await request(t.app).delete(`${base()}/comments/${created.body.id}`).set(bearer(supportToken))).status).toBe(403);
    expect((await ApplicationComment.findByPk(created.body.id))?.content).toBe('Keep');
    expect(
      (
        await request(t.app)
          .get(`${base(MISSING)}/comments`)
          .set(bearer(staff.token))
      ).status,
    ).toBe(404);
    expect(
      (
        await request(t.app)
          .post(`${base(MISSING)}/comments`)
          .set(bearer(staff.token))
          .send({ content: 'x' })
      ).status,
    ).toBe(404);
  });
});

describe('answers', () => {
  test('a student upserts answers on their CREATED application; GET lists them', async () => {
    const app = await freshApplication();
    const first = await request(t.app)
      .post(`${base(app.id)}/answers`)
      .set(bearer(owner.token))
      .send([
        { questionId: 'goals', content: 'Help my family eat better' },
        { questionId: 'hours', content: '10' },
      ]);
    expect(first.status).toBe(200);
    expect(first.body.map((a: { questionId: string; content: string }) => [a.questionId, a.content])).toEqual([
      ['goals', 'Help my family eat better'],
      ['hours', '10'],
    ]);

    const second = await request(t.app)
      .post(`${base(app.id)}/answers`)
      .set(bearer(owner.token))
      .send([
        { questionId: 'hours', content: '15' },
        { questionId: 'source', content: 'A friend' },
        { questionId: 'source', content: 'A podcast' },
      ]);
    expect(second.status).toBe(200);
    const rows = await ApplicationAnswer.findAll({ where: { applicationId: app.id }, order: [['questionId', 'ASC']], raw: true });
    expect(rows.map((r) => [r.questionId, r.content])).toEqual([
      ['goals', 'Help my family eat better'],
      ['hours', '15'],
      ['source', 'A podcast'],
    ]);
    // The updated answer keeps its row.
    expect(second.body.find((a: { questionId: string }) => a.questionId === 'hours').id).toBe(first.body[1].id);

    const list = await request(t.app)
      .get(`${base(app.id)}/answers`)
      .set(bearer(owner.token));
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(3);
    expect(
      (
        await request(t.app)
          .get(`${base(app.id)}/answers`)
          .set(bearer(supportToken))
      ).status,
    ).toBe(200);
  });

  test('a student may not answer once the application is submitted (409); staff may', async () => {
    const app = await freshApplication('APPLIED');
    const refused = await request(t.app)
      .post(`${base(app.id)}/answers`)
      .set(bearer(owner.token))
      .send([{ questionId: 'goals', content: 'Late' }]);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'INVALID_STATUS', message: 'Invalid status' });
    expect(await ApplicationAnswer.count({ where: { applicationId: app.id } })).toBe(0);
    const byStaff = await request(t.app)
      .post(`${base(app.id)}/answers`)
      .set(bearer(staff.token))
      .send([{ questionId: 'goals', content: 'From the call' }]);
    expect(byStaff.status).toBe(200);
    expect(await ApplicationAnswer.count({ where: { applicationId: app.id } })).toBe(1);
  });

  test('400 for an empty list, a missing content, an object body or unknown fields', async () => {
    for (const body of [
      [],
      [{ questionId: 'goals' }],
      { questionId: 'goals', content: 'x' },
      [{ questionId: 'goals', content: 'x', extra: true }],
      [{ questionId: '', content: 'x' }],
    ]) {
      const res = await request(t.app).post(`${base()}/answers`).set(bearer(owner.token)).send(body);
      expect(res.status).toBe(400);
    }
    const res = await request(t.app)
      .post(`${base()}/answers`)
      .set(bearer(owner.token))
      .send([{ questionId: 'goals', content: ' ' }]);
    expect(res.body.errors).toEqual({ '0.content': 'This field is required' });
  });

  test('401, 403 for another student and read-only staff writing, 404', async () => {
    const payload = [{ questionId: 'goals', content: 'x' }];
    expect((await request(t.app).get(`${base()}/answers`)).status).toBe(401);
    expect((await request(t.app).get(`${base()}/answers`).set(bearer(other.token))).status).toBe(403);
    expect((await request(t.app).post(`${base()}/answers`).set(bearer(other.token)).send(payload)).status).toBe(403);
    expect((await request(t.app).post(`${base()}/answers`).set(bearer(supportToken)).send(payload)).status).toBe(403);
    expect(
      (
        await request(t.app)
          .get(`${base(MISSING)}/answers`)
          .set(bearer(staff.token))
      ).status,
    ).toBe(404);
    expect(
      (
        await request(t.app)
          .post(`${base(MISSING)}/answers`)
          .set(bearer(staff.token))
          .send(payload)
      ).status,
    ).toBe(404);
  });
});

describe('auto_pay', () => {
  test('the student turns auto-pay on: the application and its payment plan; off again by staff', async () => {
    const app = await freshApplication('ENROLLED');
    const plan = await StudentPaymentPlan.create({
      applicationId: app.id,
      studentId: owner.student.id,
      productPaymentPlanId: null,
      voucherId: null,
      name: 'Plan',
      description: null,
      paymentPlanType: 'PAY_IN_FULL',
      paymentScheduleType: 'FIXED_TERMS',
      frequency: 'MONTHLY',
      frequencyUnit: 'MONTH',
      interestRate: null,
      flowType: null,
      firstPaymentDate: null,
      lastPaymentDate: null,
      updatedById: null,
      updatedByName: null,
    });
    const on = await request(t.app)
      .patch(`${base(app.id)}/auto_pay`)
      .set(bearer(owner.token))
      .send({ autoPay: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ id: app.id, autoPay: true });
    expect((await Application.findByPk(app.id))?.autoPay).toBe(true);
    expect((await StudentPaymentPlan.findByPk(plan.id))?.autoPay).toBe(true);
    expect(await ActivityLog.count({ where: { entityType: 'APPLICATION', entityId: app.id, type: 'UPDATED' } })).toBe(1);

    const off = await request(t.app)
      .patch(`${base(app.id)}/auto_pay`)
      .set(bearer(staff.token))
      .send({ autoPay: false });
    expect(off.status).toBe(200);
    expect(off.body.autoPay).toBe(false);
    expect((await StudentPaymentPlan.findByPk(plan.id))?.autoPay).toBe(false);
    expect((await Application.findByPk(app.id))?.updatedById).toBe(staff.user.id);
  });

  test('400, 401, 403, 404', async () => {
    for (const body of [{}, { autoPay: 'yes' }, { autoPay: true, extra: 1 }]) {
      expect((await request(t.app).patch(`${base()}/auto_pay`).set(bearer(owner.token)).send(body)).status).toBe(400);
    }
    expect((await request(t.app).patch(`${base()}/auto_pay`).send({ autoPay: true })).status).toBe(401);
    expect((await request(t.app).patch(`${base()}/auto_pay`).set(bearer(other.token)).send({ autoPay: true })).status).toBe(403);
    expect((await request(t.app).patch(`${base()}/auto_pay`).set(bearer(supportToken)).send({ autoPay: true })).status).toBe(403);
    expect((await Application.findByPk(application.id))?.autoPay).toBe(false);
    expect(
      (
        await request(t.app)
          .patch(`${base(MISSING)}/auto_pay`)
          .set(bearer(staff.token))
          .send({ autoPay: true })
      ).status,
    ).toBe(404);
  });
});

describe('call_attempts', () => {
  test('staff set the number of call attempts (0..99); recorded in the activity log', async () => {
    const app = await freshApplication();
    const res = await request(t.app)
      .patch(`${base(app.id)}/call_attempts/3`)
      .set(bearer(staff.token));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: app.id, callAttempts: 3 });
    expect((await Application.findByPk(app.id))?.callAttempts).toBe(3);
    expect(
      (
        await request(t.app)
          .patch(`${base(app.id)}/call_attempts/0`)
          .set(bearer(staff.token))
      ).body.callAttempts,
    ).toBe(0);
    expect(
      (
        await request(t.app)
          .patch(`${base(app.id)}/call_attempts/99`)
          .set(bearer(staff.token))
      ).body.callAttempts,
    ).toBe(99);
    expect(await ActivityLog.count({ where: { entityType: 'APPLICATION', entityId: app.id } })).toBe(3);
  });

  test('400 out of range or not a number, 401, 403 students and read-only staff, 404', async () => {
    for (const n of ['100', '-1', 'abc', '1.5']) {
      expect((await request(t.app).patch(`${base()}/call_attempts/${n}`).set(bearer(staff.token))).status).toBe(400);
    }
    expect((await request(t.app).patch(`${base()}/call_attempts/2`)).status).toBe(401);
    expect((await request(t.app).patch(`${base()}/call_attempts/2`).set(bearer(owner.token))).status).toBe(403);
    expect((await request(t.app).patch(`${base()}/call_attempts/2`).set(bearer(supportToken))).status).toBe(403);
    expect((await Application.findByPk(application.id))?.callAttempts).toBe(0);
    expect(
      (
        await request(t.app)
          .patch(`${base(MISSING)}/call_attempts/2`)
          .set(bearer(staff.token))
      ).status,
    ).toBe(404);
  });
});

describe('salesforce_notifications', () => {
  const notify = (applicationId: number, fields: Partial<CrmNotification['_creationAttributes']> = {}) =>
    CrmNotification.create({
      applicationId,
      crm: 'salesforce',
      event: 'APPLICATION_STATUS_CHANGED',
      payload: { applicationId, status: 'APPLIED', previousStatus: 'CREATED' },
      lastError: null,
      externalId: null,
      sentAt: null,
      ...fields,
    });

  /** A client that fails `failures` times, then accepts; it remembers what it was sent. */
  function flaky(failures: number): CrmClient & { sent: CrmMessage[] } {
    let left = failures;
    const sent: CrmMessage[] = [];
    return {
      name: 'flaky',
      sent,
      async send(n) {
        sent.push(n);
        if (left-- > 0) throw new Error('Salesforce 503 SERVER_UNAVAILABLE: try later');
        return { externalId: `sf-${n.id}` };
      },
    };
  }

  afterEach(() => useCrmClient(null));

  test('GET lists the Salesforce notifications of the application, newest first', async () => {
    const app = await freshApplication();
    const a = await notify(app.id);
    const b = await notify(app.id, { status: 'FAILED', attempts: 2, lastError: 'Salesforce 401 INVALID_SESSION_ID: Session expired' });
    await notify(app.id, { crm: 'hubspot' });
    await notify(application.id);
    const res = await request(t.app)
      .get(`${base(app.id)}/salesforce_notifications`)
      .set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: 2, page: 0, size: 10 });
    expect(res.body.content.map((n: { id: number }) => n.id)).toEqual([b.id, a.id]);
    expect(res.body.content[0]).toMatchObject({
      id: b.id,
      crm: 'salesforce',
      event: 'APPLICATION_STATUS_CHANGED',
      status: 'FAILED',
      attempts: 2,
      lastError: 'Salesforce 401 INVALID_SESSION_ID: Session expired',
      sentAt: null,
      payload: { applicationId: app.id, status: 'APPLIED', previousStatus: 'CREATED' },
    });
    const asc = await request(t.app)
      .get(`${base(app.id)}/salesforce_notifications?sortBy=id&descending=false`)
      .set(bearer(staff.token));
    expect(asc.body.content.map((n: { id: number }) => n.id)).toEqual([a.id, b.id]);
  });

  test("the application's student reads its notifications: what was reported and whether it was delivered, not the CRM's error or record id", async () => {
    const app = await freshApplication();
    const sent = await notify(app.id, { status: 'ACCEPTED', attempts: 1, externalId: 'sf-000123', sentAt: new Date('2026-03-02T10:00:00Z') });
    const failed = await notify(app.id, {
      status: 'FAILED',
      attempts: 2,
      lastError: 'Salesforce 401 INVALID_SESSION_ID: Session expired',
      payload: { applicationId: app.id, status: 'WAITING_TO_AGREE', previousStatus: 'APPLIED', studentEmail: 'x@example.com', opportunityId: 'OPP-1' },
    });
    await notify(app.id, { crm: 'hubspot' });
    const res = await request(t.app)
      .get(`${base(app.id)}/salesforce_notifications`)
      .set(bearer(owner.token));
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: 2, page: 0, size: 10 });
    expect(res.body.content).toEqual([
      {
        id: failed.id,
        crm: 'salesforce',
        event: 'APPLICATION_STATUS_CHANGED',
        status: 'FAILED',
        attempts: 2,
        createdAt: expect.any(String),
        sentAt: null,
        payload: { applicationId: app.id, status: 'WAITING_TO_AGREE', previousStatus: 'APPLIED' },
      },
      {
        id: sent.id,
        crm: 'salesforce',
        event: 'APPLICATION_STATUS_CHANGED',
        status: 'ACCEPTED',
        attempts: 1,
        createdAt: expect.any(String),
        sentAt: '2026-03-02T10:00:00.000Z',
        payload: { applicationId: app.id, status: 'APPLIED', previousStatus: 'CREATED' },
      },
    ]);
    const paged = await request(t.app)
      .get(`${base(app.id)}/salesforce_notifications?size=1&page=1`)
      .set(bearer(owner.token));
    expect(paged.body.content.map((n: { id: number }) => n.id)).toEqual([sent.id]);
    // Staff still see everything.
    const staffView = await request(t.app)
      .get(`${base(app.id)}/salesforce_notifications`)
      .set(bearer(staff.token));
    expect(staffView.body.content[0]).toMatchObject({ id: failed.id, lastError: 'Salesforce 401 INVALID_SESSION_ID: Session expired', payload: { studentEmail: 'x@example.com' } });
  });

  test('retry with a failing then succeeding client: FAILED with lastError, then ACCEPTED; then 409', async () => {
    const app = await freshApplication();
    const n = await notify(app.id, { status: 'FAILED', attempts: 1, lastError: 'earlier' });
    const client = flaky(1);
    useCrmClient(client);
    const url = `${base(app.id)}/salesforce_notifications/${n.id}`;

    const failed = await request(t.app).post(url).set(bearer(staff.token));
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ id: n.id, status: 'FAILED', attempts: 2, lastError: 'Salesforce 503 SERVER_UNAVAILABLE: try later', sentAt: null });

    const accepted = await request(t.app).post(url).set(bearer(staff.token));
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: n.id, status: 'ACCEPTED', attempts: 3, lastError: null, externalId: `sf-${n.id}` });
    expect(accepted.body.sentAt).toEqual(expect.any(String));
    expect(client.sent.map((m) => m.id)).toEqual([n.id, n.id]);
    expect(client.sent[0]).toMatchObject({ applicationId: app.id, crm: 'salesforce', event: 'APPLICATION_STATUS_CHANGED', payload: { status: 'APPLIED' } });

    const again = await request(t.app).post(url).set(bearer(staff.token));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'INVALID_STATUS', message: 'Invalid status' });
    expect(client.sent).toHaveLength(2);
    const row = await CrmNotification.findByPk(n.id);
    expect(row).toMatchObject({ status: 'ACCEPTED', attempts: 3, externalId: `sf-${n.id}` });
  });

  test('the local client accepts a PENDING notification as local-{id}; a SENDING one is not retried', async () => {
    const app = await freshApplication();
    const pending = await notify(app.id);
    const res = await request(t.app)
      .post(`${base(app.id)}/salesforce_notifications/${pending.id}`)
      .set(bearer(staff.token));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ACCEPTED', externalId: `local-${pending.id}`, attempts: 1 });
    const sending = await notify(app.id, { status: 'SENDING' });
    expect(
      (
        await request(t.app)
          .post(`${base(app.id)}/salesforce_notifications/${sending.id}`)
          .set(bearer(staff.token))
      ).status,
    ).toBe(409);
  });

  test('deliverPending sends every PENDING Salesforce notification once; a failure becomes FAILED', async () => {
    const app = await freshApplication();
    const rows = [await notify(app.id), await notify(app.id), await notify(app.id)];
    const untouched = await notify(app.id, { status: 'FAILED' });
    const elsewhere = await notify(app.id, { crm: 'hubspot' });
    const client = flaky(1);
    useCrmClient(client);
    const result = await deliverPending(t.deps);
    expect(result.failed).toBe(1);
    expect(result.accepted).toBe(client.sent.length - 1);
    const firstSent = client.sent[0].id;
    const after = await CrmNotification.findAll({ where: { id: rows.map((r) => r.id) }, order: [['id', 'ASC']], raw: true });
    for (const r of after) {
      expect(r.attempts).toBe(1);
      expect(r.status).toBe(r.id === firstSent ? 'FAILED' : 'ACCEPTED');
    }
    expect(client.sent.map((m) => m.id)).toEqual(expect.arrayContaining(rows.map((r) => r.id)));
    expect(await CrmNotification.findByPk(untouched.id)).toMatchObject({ status: 'FAILED', attempts: 0 });
    expect(await CrmNotification.findByPk(elsewhere.id)).toMatchObject({ status: 'PENDING', attempts: 0 });
    // Nothing is sent twice.
    const sentBefore = client.sent.length;
    expect(await deliverPending(t.deps)).toEqual({ accepted: 0, failed: 0 });
    expect(client.sent).toHaveLength(sentBefore);
  });

  test("400 bad sort, 401, 403 another student's list, students retrying and read-only staff retrying, 404 missing application or a notification of another one", async () => {
    const app = await freshApplication();
    const n = await notify(app.id, { status: 'FAILED' });
    const foreign = await notify(application.id, { status: 'FAILED' });
    expect(
      (
        await request(t.app)
          .get(`${base(app.id)}/salesforce_notifications?sortBy=payload`)
          .set(bearer(staff.token))
      ).status,
    ).toBe(400);
    expect((await request(t.app).get(`${base(app.id)}/salesforce_notifications`)).status).toBe(401);
    expect((await request(t.app).post(`${base(app.id)}/salesforce_notifications/${n.id}`)).status).toBe(401);
    expect(
      (
        await request(t.app)
          .get(`${base(app.id)}/salesforce_notifications`)
          .set(bearer(other.token))
      ).status,
    ).toBe(403);
    expect(
      (
        await request(t.app)
          .get(`${base(app.id)}/salesforce_notifications?sortBy=payload`)
          .set(bearer(owner.token))
      ).status,
    ).toBe(400);
    expect(
      (
        await request(t.app)
          .post(`${base(app.id)}/salesforce_notifications/${n.id}`)
          .set(bearer(owner.token))
      ).status,
    ).toBe(403);
    expect(
      (
        await request(t.app)
          .post(`${base(app.id)}/salesforce_notifications/${n.id}`)
          .set(bearer(supportToken))
      ).status,
    ).toBe(403);
    expect(
      (
        await request(t.app)
          .get(`${base(MISSING)}/salesforce_notifications`)
          .set(bearer(staff.token))
      ).status,
    ).toBe(404);
    expect(
      (
        await request(t.app)
          .post(`${base(app.id)}/salesforce_notifications/${foreign.id}`)
          .set(bearer(staff.token))
      ).status,
    ).toBe(404);
    expect(
      (
        await request(t.app)
          .post(`${base(app.id)}/salesforce_notifications/${MISSING}`)
          .set(bearer(staff.token))
      ).status,
    ).toBe(404);
    expect((await CrmNotification.findByPk(n.id))?.attempts).toBe(0);
  });
});
