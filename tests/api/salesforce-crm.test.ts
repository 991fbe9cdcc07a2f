import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { CrmNotification } from '../../models';
import { crmClient, deliverOne, deliverPending, useCrmClient } from '../../api/integrations/crm';
import { SalesforceCrmClient } from '../../api/integrations/salesforce-crm';
import { setupApp, type TestApp } from '../support/app';
import { makeApplicant, makeApplication, makeEnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin } from '../support/factories';

/**
 * The Salesforce REST adapter against a local fake of the part of the API it uses: PATCH an
 * Opportunity (204), POST a Task (201 { id, success, errors }), and Salesforce's error answers
 * ([{ message, errorCode }]) for a bad token (401) or an unknown record (404).
 */

const TOKEN = '00Dxx0000001gPL!AR8AQfake.token';
const KNOWN_OPPORTUNITY = '006Dn00000AbCdEIAZ';

type Seen = { method: string; path: string; authorization: string | undefined; contentType: string | undefined; body: unknown };
const seen: Seen[] = [];
let taskCounter = 0;

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    const path = req.url ?? '';
    seen.push({ method: req.method ?? '', path, authorization: req.headers.authorization, contentType: req.headers['content-type'], body });
    const answer = (status: number, json?: unknown) => {
      res.writeHead(status, json === undefined ? {} : { 'Content-Type': 'application/json' });
      res.end(json === undefined ? undefined : JSON.stringify(json));
    };
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return answer(401, [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }]);
    if (!String(req.headers['content-type']).startsWith('application/json') || typeof body !== 'object' || body === null) {
      return answer(400, [{ message: 'The request body is not JSON', errorCode: 'JSON_PARSER_ERROR' }]);
    }
    const opportunity = /^\/services\/data\/v60\.0\/sobjects\/Opportunity\/([^/]+)$/.exec(path);
    if (req.method === 'PATCH' && opportunity) {
      if (decodeURIComponent(opportunity[1]) !== KNOWN_OPPORTUNITY) return answer(404, [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }]);
      return answer(204);
    }
    if (req.method === 'POST' && path === '/services/data/v60.0/sobjects/Task') {
      taskCounter += 1;
      return answer(201, { id: `00TDn0000000${String(taskCounter).padStart(6, '0')}`, success: true, errors: [] });
    }
    return answer(404, [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }]);
  });
});

let url: string;
let t: TestApp;
let staffToken: string;
let applicationId: number;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await setupApp({ CRM_ADAPTER: 'salesforce', SALESFORCE_URL: url, SALESFORCE_TOKEN: TOKEN });
  staffToken = (await makeAdmin(t.deps)).token;
  const student = await makeApplicant(t.deps);
  applicationId = (await makeApplication(student.student.id, await makeEnrollableProduct())).id;
});
afterAll(async () => {
  useCrmClient(null);
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  seen.length = 0;
  useCrmClient(null);
});

const notify = (payload: Record<string, unknown>, status = 'PENDING') =>
  CrmNotification.create({
    applicationId,
    crm: 'salesforce',
    event: 'APPLICATION_STATUS_CHANGED',
    payload: { applicationId, ...payload },
    status,
    lastError: null,
    externalId: null,
    sentAt: null,
  });

describe('Salesforce REST adapter', () => {
  test('CRM_ADAPTER=salesforce picks the REST adapter', () => {
    expect(crmClient(t.deps)).toBeInstanceOf(SalesforceCrmClient);
  });

  test('an application with an opportunity: PATCH the Opportunity with the status (bearer token, JSON); 204 → ACCEPTED', async () => {
    const n = await notify({ status: 'SIGNED', previousStatus: 'WAITING_TO_SIGN', opportunityId: KNOWN_OPPORTUNITY, studentEmail: 'sam@example.com', productId: 7 });
    expect(await deliverOne(t.deps, n.id)).toBe(true);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toEqual({
      method: 'PATCH',
      path: `/services/data/v60.0/sobjects/Opportunity/${KNOWN_OPPORTUNITY}`,
      authorization: `Bearer ${TOKEN}`,
      contentType: 'application/json',
      body: { Application_Status__c: 'SIGNED', Application_Id__c: String(applicationId) },
    });
    const row = (await CrmNotification.findByPk(n.id))!;
    expect(row).toMatchObject({ status: 'ACCEPTED', attempts: 1, externalId: KNOWN_OPPORTUNITY, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  test('without an opportunity: POST a Task; 201 → ACCEPTED with the Task id', async () => {
    const n = await notify({ status: 'APPLIED', previousStatus: 'CREATED', opportunityId: null, studentEmail: 'sam@example.com', productId: 7 });
    await deliverOne(t.deps, n.id);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/services/data/v60.0/sobjects/Task', authorization: `Bearer ${TOKEN}` });
    expect(seen[0].body).toMatchObject({ Subject: `Application ${applicationId}: APPLIED`, Status: 'Completed' });
    expect((seen[0].body as { Description: string }).Description).toContain('Student email: sam@example.com');
    expect(await CrmNotification.findByPk(n.id)).toMatchObject({ status: 'ACCEPTED', externalId: expect.stringMatching(/^00TDn/) });
  });

  test("a 401 answer (bad token) → FAILED with Salesforce's error in lastError", async () => {
    useCrmClient(new SalesforceCrmClient({ url, token: 'expired-token' }));
    const n = await notify({ status: 'SIGNED', opportunityId: KNOWN_OPPORTUNITY });
    await deliverOne(t.deps, n.id);
    expect(seen[0].authorization).toBe('Bearer expired-token');
    expect(await CrmNotification.findByPk(n.id)).toMatchObject({
      status: 'FAILED',
      attempts: 1,
      externalId: null,
      sentAt: null,
      lastError: 'Salesforce 401 INVALID_SESSION_ID: Session expired or invalid',
    });
  });

  test('an unknown opportunity (404), an unreachable server, or no configuration → FAILED', async () => {
    const unknown = await notify({ status: 'SIGNED', opportunityId: '006Dn0000000NoSuch' });
    await deliverOne(t.deps, unknown.id);
    expect((await CrmNotification.findByPk(unknown.id))?.lastError).toBe('Salesforce 404 NOT_FOUND: The requested resource does not exist');

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    useCrmClient(new SalesforceCrmClient({ url: deadUrl, token: TOKEN, timeoutMs: 2000 }));
    const unreachable = await notify({ status: 'SIGNED', opportunityId: KNOWN_OPPORTUNITY });
    await deliverOne(t.deps, unreachable.id);
    expect(await CrmNotification.findByPk(unreachable.id)).toMatchObject({ status: 'FAILED', lastError: expect.stringMatching(/^Salesforce unreachable: /) });

    useCrmClient(new SalesforceCrmClient({ url: null, token: null }));
    const unconfigured = await notify({ status: 'SIGNED', opportunityId: KNOWN_OPPORTUNITY });
    await deliverOne(t.deps, unconfigured.id);
    expect(await CrmNotification.findByPk(unconfigured.id)).toMatchObject({ status: 'FAILED', lastError: 'Salesforce is not configured (SALESFORCE_URL and SALESFORCE_TOKEN)' });
  });

  test('the retry call sends a FAILED notification through the configured adapter; deliverPending sends the PENDING ones', async () => {
    const failed = await notify({ status: 'ENROLLED', opportunityId: KNOWN_OPPORTUNITY }, 'FAILED');
    const res = await request(t.app).post(`/api/applications/${applicationId}/salesforce_notifications/${failed.id}`).set(bearer(staffToken));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: failed.id, status: 'ACCEPTED', attempts: 1, externalId: KNOWN_OPPORTUNITY });
    expect(seen.map((s) => s.method)).toEqual(['PATCH']);

    seen.length = 0;
    const a = await notify({ status: 'APPLIED', opportunityId: KNOWN_OPPORTUNITY });
    const b = await notify({ status: 'WAITING_TO_SIGN', opportunityId: null });
    // (On a shared MariaDB database other suites' PENDING rows may go along: only ours are checked.)
    const result = await deliverPending(t.deps);
    expect(result.accepted).toBeGreaterThanOrEqual(2);
    expect(await CrmNotification.findByPk(a.id)).toMatchObject({ status: 'ACCEPTED', externalId: KNOWN_OPPORTUNITY });
    expect(await CrmNotification.findByPk(b.id)).toMatchObject({ status: 'ACCEPTED', externalId: expect.stringMatching(/^00TDn/) });
  });
});
