import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { Certificate } from '../../models';
import { AccredibleCertificateProvider } from '../../api/integrations/accredible-certificates';
import { certificateProvider, type CertificateRequest } from '../../api/integrations/certificates';
import { recomputeGraduationStatuses } from '../../api/academics/graduation-status';
import { recordLmsProgress } from '../../api/academics/progress';
import { schoolToday } from '../../models/catalogue';
import { setupApp, type TestApp } from '../support/app';
import { academicCohort, enrolledIn } from '../support/academic-factories';
import { bearer, makeAdmin } from '../support/factories';
import { eventually } from '../support/eventually';

/**
 * The Accredible adapter of CertificateProvider against a local fake of the part of Accredible's
 * Credential API it uses: `GET /v1/all_credentials?group_id&email` (`{ credentials: [...], meta }`) and
 * `POST /v1/credentials` (`{ credential: {...} }` with its id, url, certificate and badge images), with
 * Accredible's answers to a bad key (401) and an unknown group (422 `{ errors }`). Selected by
 * CERTIFICATE_PROVIDER=accredible: a graduation issues the credential; a program without a group
 * gets the local PDF.
 */

const KEY = 'accredible-test-key-0123456789abcdef';
const GROUP = '9549';

type Seen = { method: string; path: string; authorization: string | undefined; body: unknown };
const seen: Seen[] = [];
const credentials: Array<Record<string, unknown>> = [];
let nextId = 10_000_005;

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = raw ? JSON.parse(raw) : null;
    const url = new URL(req.url ?? '/', 'http://fake');
    seen.push({ method: req.method ?? '', path: url.pathname + url.search, authorization: req.headers.authorization, body });
    const answer = (status: number, json: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    if (req.headers.authorization !== `Token token=${KEY}`) return answer(401, { errors: 'Invalid API key' });
    if (req.method === 'GET' && url.pathname === '/v1/all_credentials') {
      const group = url.searchParams.get('group_id');
      const email = url.searchParams.get('email');
      const found = credentials.filter((c) => String(c.group_id) === group && (c.recipient as { email: string }).email === email);
      return answer(200, { credentials: found, meta: { current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: found.length, page_size: 50 } });
    }
    if (req.method === 'POST' && url.pathname === '/v1/credentials') {
      const c = (body as { credential?: Record<string, unknown> }).credential;
      if (!c || !c.recipient || !c.group_id) return answer(422, { errors: ['Recipient and group are required'] });
      if (String(c.group_id) !== GROUP) return answer(422, { errors: ['Group not found'] });
      const id = nextId++;
      const credential = {
        id,
        name: 'Health Coach Training Program',
        description: 'Awarded on completion',
        approve: true,
        complete: true,
        issued_on: c.issued_on,
        group_id: Number(c.group_id),
        group_name: 'HCTP',
        recipient: { ...(c.recipient as object), meta_data: null },
        meta_data: c.meta_data ?? null,
        custom_attributes: c.custom_attributes ?? null,
        url: `https://www.credential.net/${id}`,
        encoded_id: String(id),
        private: false,
        certificate: { image: { preview: `https://api.accredible.com/v1/frontend/credential_website_embed_image/certificate/${id}` } },
        badge: { image: { preview: `https://api.accredible.com/v1/frontend/credential_badge_image/${id}` } },
      };
      credentials.push(credential);
      return answer(200, { credential });
    }
    return answer(404, { errors: 'Not found' });
  });
});

let url: string;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await setupApp({ CERTIFICATE_PROVIDER: 'accredible', ACCREDIBLE_API_URL: url, ACCREDIBLE_API_KEY: KEY });
  admin = (await makeAdmin(t.deps)).token;
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  seen.length = 0;
});

const requestFor = (over: Partial<CertificateRequest> = {}): CertificateRequest => ({
  certificateId: 7,
  enrollmentId: 70 + credentials.length,
  recipient: { studentId: 3, name: 'Zoë Дмитрий', email: `zoe${credentials.length}@example.com` },
  program: { id: 1, name: 'HCTP', accredibleGroupId: GROUP },
  cohortLabel: 'HCTP 01-15-2030 - 12-15-2030',
  issuedOn: '2030-12-20',
  late: false,
  ...over,
});

describe('AccredibleCertificateProvider', () => {
  test('when issuing, then it looks for an earlier credential and POSTs one with the group, recipient and meta data (Token auth)', async () => {
    const provider = new AccredibleCertificateProvider({ url, apiKey: KEY });
    const r = requestFor();
    const issued = await provider.issue(r);
    expect(issued).toMatchObject({ provider: 'ACCREDIBLE', url: `https://www.credential.net/${issued.externalId}`, storageKey: null });
    expect(issued.badgeUrl).toMatch(/credential_badge_image/);
    expect(seen.map((s) => [s.method, s.path.split('?')[0], s.authorization])).toEqual([
      ['GET', '/v1/all_credentials', `Token token=${KEY}`],
      ['POST', '/v1/credentials', `Token token=${KEY}`],
    ]);
    expect(seen[0].path).toContain(`group_id=${GROUP}`);
    expect(seen[1].body).toEqual({
      credential: {
        recipient: { name: 'Zoë Дмитрий', email: r.recipient.email, id: 'student-3' },
        group_id: 9549,
        issued_on: '2030-12-20',
        complete: true,
        meta_data: { enrollment_id: String(r.enrollmentId), certificate_id: '7' },
        custom_attributes: { cohort: r.cohortLabel, late_graduation: 'no' },
      },
    });
  });

  test('when issued again (a retry after a lost answer), then the existing credential is answered and none is created', async () => {
    const provider = new AccredibleCertificateProvider({ url, apiKey: KEY });
    const r = requestFor();
    const first = await provider.issue(r);
    seen.length = 0;
    const again = await provider.issue(r);
    expect(again.externalId).toBe(first.externalId);
    expect(seen.map((s) => s.method)).toEqual(['GET']);
  });

  test('when Accredible refuses (bad key, unknown group), then the error carries its status and message', async () => {
    await expect(new AccredibleCertificateProvider({ url, apiKey: 'wrong' }).issue(requestFor())).rejects.toThrow(/answered 401: Invalid API key/);
    await expect(new AccredibleCertificateProvider({ url, apiKey: KEY }).issue(requestFor({ program: { id: 1, name: 'X', accredibleGroupId: '1' } }))).rejects.toThrow(
      /answered 422: \["Group not found"\]/,
    );
    await expect(new AccredibleCertificateProvider({ url: 'http://127.0.0.1:1', apiKey: KEY }).issue(requestFor())).rejects.toThrow(/could not be reached/);
  });
});

describe('CERTIFICATE_PROVIDER=accredible', () => {
  async function graduateOne(accredibleGroupId: string | null) {
    const f = await academicCohort({ accredibleGroupId, requirements: [{ type: 'QUIZ', name: 'Quizzes', total: 1 }] });
    const s = await enrolledIn(t.deps, f);
    await recordLmsProgress([{ enrollmentId: s.enrollment.id, graduationRequirementId: f.requirements[0].id, done: 1 }]);
    await recomputeGraduationStatuses(schoolToday(), { enrollmentIds: [s.enrollment.id] });
    const res = await request(t.app)
      .post('/api/enrollments/graduations')
      .set(bearer(admin))
      .send({ enrollmentIds: [s.enrollment.id] });
    expect(res.status).toBe(200);
    return eventually(async () => {
      const c = await Certificate.findOne({ where: { enrollmentId: s.enrollment.id } });
      return c?.status === 'ISSUED' ? c : null;
    });
  }

  test("when a program has an Accredible group, then a graduation issues the credential there: its id, page and badge; the portal's types include BADGE", async () => {
    expect(certificateProvider(t.deps).name).toBe('ACCREDIBLE');
    const c = await graduateOne(GROUP);
    expect([c.provider, c.storageKey]).toEqual(['ACCREDIBLE', null]);
    expect(c.url).toBe(`https://www.credential.net/${c.externalId}`);
    const one = await request(t.app).get(`/api/certifications/${c.id}`).set(bearer(admin));
    expect(one.body.types).toEqual(['CERTIFICATE', 'BADGE']);
    const download = await request(t.app).get(`/api/certifications/${c.id}/download`).set(bearer(admin));
    expect([download.status, download.body.code, download.body.details?.url ?? null]).toEqual([409, 'CERTIFICATE_NO_FILE', c.url]);
  });

  test('when a program has no group, then the local PDF', async () => {
    const c = await graduateOne(null);
    expect([c.provider, Boolean(c.storageKey)]).toEqual(['LOCAL', true]);
  });
});
