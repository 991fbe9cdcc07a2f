import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import request from 'supertest';
import { CoachingCircleSignUp, CoachingCircleSignUpSession, FileExport, JobSchedule, StoredFile } from '../../models';
import type { Deps } from '../../api/common/context';
import type { Storage } from '../../api/integrations/storage';
import { removeOldExports, runFileExports } from '../../api/exports/export-job';
import { cleanup } from '../../api/jobs/cleanup';
import type { JobContext } from '../../api/jobs/registry';
import { fileExportAnswer, fileExportPage } from '../../domain/contract/exports';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';
import { setupApp, type TestApp } from '../support/app';
import { makeEnrolledPlan } from '../support/billing-factories';
import { circleCohort, makeCircle } from '../support/circle-factories';
import { parseCsv } from '../support/csv-parse';

/**
 * Exports (issue 20; platform spec §7 "File export and files"; domain rules "Exports and files"): the
 * calls (happy path, 400, 401, 403, 404, 409), each kind's rows equal to its list's for the same
 * criteria, the CSV rules (dates, times in the offset, money, formula injection), the job's reliability
 * (a storage failing mid-stream, a run stopped mid-export, a process that died too often) and the cleanup.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
let support: Awaited<ReturnType<typeof makeAdmin>>;
let academic: Awaited<ReturnType<typeof makeAdmin>>;
let student: Awaited<ReturnType<typeof makeStudent>>;

beforeAll(async () => {
  t = await setupApp();
  admin = await makeAdmin(t.deps);
  support = await makeAdmin(t.deps, { roles: ['SUPPORT'] });
  academic = await makeAdmin(t.deps, { roles: ['ACADEMIC'] });
  student = await makeStudent(t.deps);
});
afterAll(() => t.close());

const MISSING = 999_999_999;
let owner = 0;

const api = (method: 'get' | 'post', url: string, token: string | null, body?: unknown) => {
  const r = request(t.app)[method](`/api${url}`);
  if (token) r.set(bearer(token));
  return body === undefined ? r : r.send(body as object);
};

/** Runs the waiting exports as the FILE_EXPORT job does (2 rows a page: the keyset paging is exercised). */
const runExports = (deps: Deps = t.deps, extra: Partial<Parameters<typeof runFileExports>[1]> = {}) =>
  runFileExports(deps, { owner: `test-${++owner}`, batch: 2, leaseMs: 60_000, ...extra });

async function readObject(fileName: string): Promise<string> {
  const stream = await t.deps.storage.get(fileName);
  if (!stream) throw new Error(`no object ${fileName}`);
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

/** POST /file_export/{kind}, run the job, answer the COMPLETED export and its CSV as rows (header first). */
async function exportRows(kind: string, body: Record<string, unknown>, query = '', token = admin.token) {
  const asked = await api('post', `/file_export/${kind}${query}`, token, body);
  expect([asked.status, asked.body.status]).toEqual([202, 'PENDING']);
  await runExports();
  const done = await api('get', `/file_export/${asked.body.id}`, token);
  expect(done.status).toBe(200);
  expect(done.body).toMatchObject({ status: 'COMPLETED', type: kind, error: null });
  expect(fileExportAnswer.parse(done.body)).toBeTruthy();
  const rows = parseCsv(await readObject(done.body.fileName));
  return { record: done.body as ReturnType<typeof fileExportAnswer.parse>, header: rows[0], rows: rows.slice(1) };
}

const idsOf = (rows: string[][]) => rows.map((r) => Number(r[0])).sort((a, b) => a - b);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
async function listIds(url: string, body: Record<string, unknown> | null, token = admin.token): Promise<number[]> {
  const res = body === null ? await api('get', url, token) : await api('post', url, token, body);
  expect(res.status).toBe(200);
  return sorted((res.body.content as Array<{ id?: number; planId?: number }>).map((r) => r.id ?? r.planId!));
}

describe('POST /file_export/{kind}', () => {
  test('answers 202 at once with the PENDING export (who asked, criteria, no rows yet); the job writes it and the file is a stored EXPORT', async () => {
    const tag = unique('Exp');
    await makeStudent(t.deps, { lastName: `${tag}A` });
    const res = await api('post', '/file_export/students_csv?utcOffset=-05:00', admin.token, { name: tag, active: true });
    expect(res.status).toBe(202);
    expect(fileExportAnswer.parse(res.body)).toMatchObject({
      type: 'students_csv',
      status: 'PENDING',
      criteria: { name: tag, active: true },
      utcOffset: '-05:00',
      rowsDone: 0,
      rowsTotal: null,
      fileId: null,
      requestedBy: { id: admin.user.id, name: expect.any(String) },
    });
    const row = await FileExport.findByPk(res.body.id);
    expect(row).toMatchObject({ status: 'PENDING', requestedById: admin.user.id, attempts: 0 });

    await runExports();
    const after = await FileExport.findByPk(res.body.id);
    expect(after).toMatchObject({ status: 'COMPLETED', rowsDone: 1, rowsTotal: 1, attempts: 1, leaseOwner: null });
    const file = await StoredFile.findByPk(after!.storedFileId!);
    expect(file).toMatchObject({ purpose: 'EXPORT', contentType: 'text/csv', ownerUserId: admin.user.id });
    expect(file!.originalName).toMatch(/^students-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file!.size).toBe((await t.deps.storage.stat(file!.fileName))!.size);
    const got = await api('get', `/file_export/${res.body.id}`, admin.token);
    expect(got.body).toMatchObject({ fileId: file!.id, fileName: file!.fileName, originalName: file!.originalName, size: file!.size, rowsDone: 1, rowsTotal: 1 });
  });

  test('400: criteria the list refuses (unknown field, bad value), a bad utcOffset or keyword; nothing recorded', async () => {
    const before = await FileExport.count();
    const unknown = await api('post', '/file_export/students_csv', admin.token, { nope: 1 });
    expect([unknown.status, unknown.body.errors]).toEqual([400, { nope: expect.any(String) }]);
    const bad = await api('post', '/file_export/coaching_circle_attendance_csv', admin.token, { statuses: ['LATE'] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['statuses.0']);
    const zone = await api('post', '/file_export/coaching_circle_simplified_csv?utcOffset=Mars/Olympus', admin.token, {});
    expect([zone.status, Object.keys(zone.body.errors)]).toEqual([400, ['utcOffset']]);
    expect((await api('post', '/file_export/students_csv?page=2', admin.token, {})).status).toBe(400);
    expect((await request(t.app).post('/api/file_export/students_csv').set(bearer(admin.token)).set('Content-Type', 'text/plain').send('x')).status).toBe(415);
    expect(await FileExport.count()).toBe(before);
  });

  test('401 without a token; 403 for a student, a role without exports:create (SUPPORT) and one without the list’s permission (ACADEMIC: students)', async () => {
    const before = await FileExport.count();
    expect((await api('post', '/file_export/students_csv', null, {})).status).toBe(401);
    expect((await api('post', '/file_export/students_csv', student.token, {})).status).toBe(403);
    expect((await api('post', '/file_export/students_csv', support.token, {})).status).toBe(403);
    expect((await api('post', '/file_export/students_csv', academic.token, {})).status).toBe(403);
    expect((await api('post', '/file_export/collections_csv', academic.token, {})).status).toBe(202);
    expect((await api('post', '/file_export/coaches_csv', academic.token, {})).status).toBe(202);
    expect(await FileExport.count()).toBe(before + 2);
    await runExports();
  });

  test('404 for an unknown kind and for the kinds of issue 21 not built yet (not 500)', async () => {
    // The kinds of issue 21 exist (tests/api/academics.test.ts, purchases.test.ts); an unknown kind is 404.
    for (const kind of ['nope_csv']) {
      const res = await api('post', `/file_export/${kind}`, admin.token, {});
      expect([kind, res.status]).toEqual([kind, 404]);
    }
  });
});

describe('GET /file_export and /file_export/{id}, POST /file_export/{id}/retry', () => {
  test('the caller’s own exports only, newest first; type and status filters; sortBy and paging', async () => {
    const mine = await makeAdmin(t.deps);
    const other = await makeAdmin(t.deps);
    const a = await api('post', '/file_export/students_csv', mine.token, { name: unique('Nobody') });
    const b = await api('post', '/file_export/coaches_csv', mine.token, {});
    const theirs = await api('post', '/file_export/students_csv', other.token, {});
    const list = await api('get', '/file_export', mine.token);
    expect(list.status).toBe(200);
    expect(fileExportPage.parse(list.body).content.map((e) => e.id)).toEqual([b.body.id, a.body.id]);
    expect(list.body.pagination).toEqual({ total: 2, page: 0, size: 10 });
    const typed = await api('get', '/file_export?type=coaches_csv', mine.token);
    expect(typed.body.content.map((e: { id: number }) => e.id)).toEqual([b.body.id]);
    const ascending = await api('get', '/file_export?sortBy=id&descending=false&size=1&page=1', mine.token);
    expect([ascending.body.content.map((e: { id: number }) => e.id), ascending.body.pagination.total]).toEqual([[b.body.id], 2]);
    const byStatus = await api('get', '/file_export?status=COMPLETED', mine.token);
    expect(byStatus.body.content).toEqual([]);
    expect((await api('get', `/file_export/${theirs.body.id}`, mine.token)).status).toBe(404);
    expect((await api('get', `/file_export/${a.body.id}`, mine.token)).body).toMatchObject({ id: a.body.id, status: 'PENDING' });
    await runExports();
    const done = await api('get', '/file_export?status=COMPLETED', mine.token);
    expect(done.body.content.map((e: { id: number }) => e.id)).toEqual([b.body.id, a.body.id]);
    expect(done.body.content[0].fileName).toMatch(/^exports\//);
  });

  test('400 bad sortBy, type, size or id; 401; 403 for a student; 404 for a missing export', async () => {
    expect((await api('get', '/file_export?sortBy=name', admin.token)).status).toBe(400);
    expect((await api('get', '/file_export?type=nope', admin.token)).status).toBe(400);
    expect((await api('get', '/file_export?size=0', admin.token)).status).toBe(400);
    expect((await api('get', '/file_export/abc', admin.token)).status).toBe(400);
    expect((await api('get', '/file_export', null)).status).toBe(401);
    expect((await api('get', '/file_export/1', null)).status).toBe(401);
    expect((await api('get', '/file_export', student.token)).status).toBe(403);
    expect((await api('get', '/file_export/1', student.token)).status).toBe(403);
    expect((await api('get', `/file_export/${MISSING}`, admin.token)).status).toBe(404);
    // SUPPORT reads (its own, none) but may not ask for one.
    expect((await api('get', '/file_export', support.token)).body.content).toEqual([]);
  });

  test('retry: a FAILED export runs again from the start (202 PENDING); 409 for any other status; 400, 401, 403, 404', async () => {
    const asked = await api('post', '/file_export/students_csv', admin.token, {});
    await FileExport.update({ status: 'FAILED', error: 'Boom', attempts: 3, finishedAt: new Date() }, { where: { id: asked.body.id } });
    expect((await api('post', `/file_export/${asked.body.id}/retry`, support.token)).status).toBe(403);
    expect((await api('post', `/file_export/${asked.body.id}/retry`, student.token)).status).toBe(403);
    expect((await api('post', `/file_export/${asked.body.id}/retry`, null)).status).toBe(401);
    expect((await api('post', '/file_export/abc/retry', admin.token)).status).toBe(400);
    expect((await api('post', `/file_export/${MISSING}/retry`, admin.token)).status).toBe(404);
    const other = await makeAdmin(t.deps);
    expect((await api('post', `/file_export/${asked.body.id}/retry`, other.token)).status).toBe(404);
    const retried = await api('post', `/file_export/${asked.body.id}/retry`, admin.token);
    expect(retried.status).toBe(202);
    expect(retried.body).toMatchObject({ status: 'PENDING', error: null, attempts: 0, finishedAt: null });
    const again = await api('post', `/file_export/${asked.body.id}/retry`, admin.token);
    expect([again.status, again.body.code, again.body.message]).toEqual([409, 'ALREADY_PROCESSED', 'Already processed']);
    await runExports();
    expect(await FileExport.findByPk(asked.body.id)).toMatchObject({ status: 'COMPLETED' });
    const completed = await api('post', `/file_export/${asked.body.id}/retry`, admin.token);
    expect([completed.status, completed.body.code]).toEqual([409, 'ALREADY_PROCESSED']);
  });

  test('the FILE_EXPORT schedule exists (every 10 seconds)', async () => {
    const schedule = await JobSchedule.findOne({ where: { type: 'FILE_EXPORT' } });
    expect(schedule).toMatchObject({ cronJob: false, repeatInterval: 10, status: 'ACTIVE' });
  });
});

describe("each kind's rows are its list's rows for the same criteria", () => {
  test('students_csv and customers_csv (criteria and keyword)', async () => {
    const tag = unique('Kin');
    const made: Array<Awaited<ReturnType<typeof makeStudent>>> = [];
    for (const suffix of ['A', 'B', 'C', 'D', 'E']) made.push(await makeStudent(t.deps, { lastName: `${tag}${suffix}`, active: suffix !== 'E' }));
    const customer = await makeStudent(t.deps, { lastName: `${tag}F`, isStudent: false });
    const criteria = { name: tag, active: true };
    const students = await exportRows('students_csv', criteria);
    expect(idsOf(students.rows)).toEqual(await listIds('/students/find_by_criteria?size=100', criteria));
    expect(idsOf(students.rows)).toEqual(sorted(made.slice(0, 4).map((m) => m.student.id)));
    expect(students.record).toMatchObject({ rowsDone: 4, rowsTotal: 4 });
    const byKeyword = await exportRows('students_csv', {}, `?keyword=${tag}`);
    expect(idsOf(byKeyword.rows)).toEqual(await listIds(`/students?keyword=${tag}&size=100`, null));
    expect(byKeyword.rows).toHaveLength(5);
    const customers = await exportRows('customers_csv', { name: tag });
    expect(idsOf(customers.rows)).toEqual(await listIds('/customers/find_by_criteria?size=100', { name: tag }));
    expect(idsOf(customers.rows)).toContain(customer.student.id);
    const onlyCustomers = await exportRows('customers_csv', { name: tag, isStudent: false });
    expect(idsOf(onlyCustomers.rows)).toEqual([customer.student.id]);
  });

  test('administrators_csv and coaches_csv', async () => {
    const tag = unique('Stf');
    const admins = [await makeAdmin(t.deps, { lastName: `${tag}A` }), await makeAdmin(t.deps, { lastName: `${tag}B`, roles: ['FINANCE', 'SUPPORT'] })];
    const a = await exportRows('administrators_csv', { name: tag });
    expect(idsOf(a.rows)).toEqual(await listIds('/admins/find_by_criteria?size=100', { name: tag }));
    expect(idsOf(a.rows)).toEqual(sorted(admins.map((x) => x.admin.id)));
    expect(a.rows.find((r) => Number(r[0]) === admins[1].admin.id)![4]).toBe('FINANCE, SUPPORT');
    const financeOnly = await exportRows('administrators_csv', { name: tag, roles: ['FINANCE'] });
    expect(idsOf(financeOnly.rows)).toEqual([admins[1].admin.id]);

    const coaches: Array<Awaited<ReturnType<typeof makeStudent>>> = [];
    for (const suffix of ['A', 'B', 'C']) coaches.push(await makeStudent(t.deps, { kind: 'COACH', firstName: `${tag}${suffix}` }));
    await coaches[0].coach!.update({ rateOfPay: 1234.5 });
    const c = await exportRows('coaches_csv', { name: tag }, '', academic.token);
    expect(idsOf(c.rows)).toEqual(await listIds('/coaches/find_by_criteria?size=100', { name: tag }));
    expect(idsOf(c.rows)).toEqual(sorted(coaches.map((x) => x.coach!.id)));
    const rate = c.header.indexOf('Rate of pay');
    expect(c.rows.find((r) => Number(r[0]) === coaches[0].coach!.id)![rate]).toBe('1234.50');
  });

  test('collections_csv, payment_plans_csv and migrated_payment_plans_csv', async () => {
    const plain = await makeEnrolledPlan(t.deps, { backdateMonths: 2 });
    const migrated = await makeEnrolledPlan(t.deps, { migrated: true });
    await migrated.plan.update({ migrated: true });
    const studentsOf = { students: [plain.student.student.id, migrated.student.student.id] };
    const collections = await exportRows('collections_csv', studentsOf);
    expect(idsOf(collections.rows)).toEqual(await listIds('/payment_plans/financial_status?size=100', studentsOf));
    expect(idsOf(collections.rows)).toEqual(sorted([plain.plan.id, migrated.plan.id]));
    const balance = collections.header.indexOf('Balance');
    expect(collections.rows.find((r) => Number(r[0]) === plain.plan.id)![balance]).toMatch(/^\d+\.\d{2}$/);
    const pastDue = await exportRows('collections_csv', { ...studentsOf, financialStatuses: ['PAST_DUE', 'COLLECTIONS'] });
    expect(idsOf(pastDue.rows)).toEqual(await listIds('/payment_plans/find_by_criteria?size=100', { ...studentsOf, financialStatuses: ['PAST_DUE', 'COLLECTIONS'] }));

    const plans = await exportRows('payment_plans_csv', studentsOf);
    expect(idsOf(plans.rows)).toEqual(await listIds('/payment_plans/find_by_criteria?size=100', studentsOf));
    const onlyMigrated = await exportRows('migrated_payment_plans_csv', studentsOf);
    expect(idsOf(onlyMigrated.rows)).toEqual(await listIds('/payment_plans/find_by_criteria?size=100', { ...studentsOf, migrated: true }));
    expect(idsOf(onlyMigrated.rows)).toEqual([migrated.plan.id]);
    // The old streamed routes answer the same lines (they stay for API clients).
    const old = await api('post', '/payment_plans/financial_status_csv', admin.token, studentsOf);
    expect(
      parseCsv(old.text)
        .slice(1)
        .map((r) => Number(r[0]))
        .sort((a, b) => a - b),
    ).toEqual(idsOf(collections.rows));
  });

  test('coaching_circle_attendance_csv and coaching_circle_simplified_csv (times in the asked utcOffset)', async () => {
    const p = await circleCohort();
    const fixtures = [await makeCircle(t.deps, p.cohort), await makeCircle(t.deps, p.cohort, { groups: [{}, {}] })];
    const learners = [await makeStudent(t.deps), await makeStudent(t.deps)];
    for (const [i, s] of learners.entries()) {
      const f = fixtures[i];
      const signUp = await CoachingCircleSignUp.create({ coachingCircleId: f.circle.id, coachingCircleCoachId: f.groups[0].id, studentId: s.student.id });
      for (const session of f.sessions)
        await CoachingCircleSignUpSession.create({ coachingCircleSignUpId: signUp.id, coachingCircleSessionId: session.id, coachingCircleCoachId: f.groups[0].id });
    }
    const byCircles = { coachingCircleIds: fixtures.map((f) => f.circle.id) };
    const attendance = await exportRows('coaching_circle_attendance_csv', byCircles, '?utcOffset=Asia/Tokyo');
    expect(idsOf(attendance.rows)).toEqual(await listIds('/coaching_circle_attendance/find_by_criteria?size=100&utcOffset=Asia/Tokyo', byCircles));
    expect(attendance.rows).toHaveLength(6);
    const start = attendance.header.indexOf('Session start');
    const first = await CoachingCircleSignUpSession.findOne({ where: { id: Number(attendance.rows[0][0]) }, include: ['session'] });
    const tokyo = new Date((first as unknown as { session: { startDateTime: Date } }).session.startDateTime.getTime() + 9 * 3_600_000).toISOString();
    expect(attendance.rows[0][start]).toBe(`${tokyo.slice(0, 10)} ${tokyo.slice(11, 16)}`);
    expect(attendance.rows[0][attendance.header.indexOf('Status')]).toBe('Pending');

    const byCohort = { cohortIds: [p.cohort.id] };
    const circles = await exportRows('coaching_circle_simplified_csv', byCohort, '?utcOffset=%2B09:00');
    const listed = await api('post', '/coaching_circles/find_by_criteria?size=100&utcOffset=%2B09:00', admin.token, byCohort);
    expect(idsOf(circles.rows)).toEqual(sorted(listed.body.content.map((c: { id: number }) => c.id)));
    const startTime = circles.header.indexOf('Start time');
    for (const c of listed.body.content as Array<{ id: number; local: { startDate: string; startTime: string } }>) {
      const line = circles.rows.find((r) => Number(r[0]) === c.id)!;
      expect([line[circles.header.indexOf('Start date')], line[startTime]]).toEqual([c.local.startDate, c.local.startTime]);
    }
    expect(circles.rows.find((r) => Number(r[0]) === fixtures[1].circle.id)![circles.header.indexOf('Coaches')].split(', ')).toHaveLength(2);
  });
});

describe('CSV rules', () => {
  test('UTF-8 with a header; dates YYYY-MM-DD; times in the offset (else New York); labels not raw values; formula injection neutralised', async () => {
    const tag = unique('Csv');
    const s = await makeStudent(t.deps, { firstName: '=HYPERLINK("http://x")', lastName: `${tag}Ñúñez`, gender: 'FEMALE', dateOfBirth: '1988-02-29', city: '+cmd' });
    await t.deps.sequelize.query('UPDATE students SET created_at = :at WHERE id = :id', { replacements: { at: new Date('2026-03-01T03:30:00.000Z'), id: s.student.id } });
    const ny = await exportRows('students_csv', { name: tag });
    const col = (name: string) => ny.header.indexOf(name);
    expect(ny.header.slice(0, 4)).toEqual(['ID', 'First name', 'Last name', 'Email']);
    const [line] = ny.rows;
    expect(line[col('First name')]).toBe(`'=HYPERLINK("http://x")`);
    expect(line[col('City')]).toBe("'+cmd");
    expect(line[col('Last name')]).toBe(`${tag}Ñúñez`);
    expect(line[col('Date of birth')]).toBe('1988-02-29');
    expect(line[col('Gender')]).toBe('Female');
    expect(line[col('Active')]).toBe('Yes');
    // 03:30 UTC is the evening before in New York (EST, -05:00) and noon in Tokyo.
    expect(line[col('Created')]).toBe('2026-02-28 22:30');
    const tokyo = await exportRows('students_csv', { name: tag }, '?utcOffset=Asia/Tokyo');
    expect(tokyo.rows[0][col('Created')]).toBe('2026-03-01 12:30');
    const fixed = await exportRows('students_csv', { name: tag }, '?utcOffset=%2B05:30');
    expect(fixed.rows[0][col('Created')]).toBe('2026-03-01 09:00');
    expect(Buffer.from(await readObject(ny.record.fileName!), 'utf8').toString('utf8')).toContain('Ñúñez');
  });
});

describe('reliability', () => {
  /** Every object under the storage folder (partial files included). */
  function storedObjects(): string[] {
    const root = t.deps.config.STORAGE_DIR;
    const out: string[] = [];
    const walk = (dir: string) => {
      if (!fs.existsSync(dir)) return;
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) (e.isDirectory() ? walk : (f: string) => out.push(f))(path.join(dir, e.name));
    };
    walk(root);
    return out;
  }

  async function askStudents(n: number) {
    const tag = unique('Rel');
    for (let i = 0; i < n; i++) await makeStudent(t.deps, { lastName: `${tag}${i}` });
    const asked = await api('post', '/file_export/students_csv', admin.token, { name: tag });
    return asked.body.id as number;
  }

  test('a storage failing mid-stream: FAILED with the reason, no StoredFile, no object; a retry completes', async () => {
    const id = await askStudents(5);
    const objects = storedObjects().length;
    const files = await StoredFile.count();
    const failing: Storage = {
      ...t.deps.storage,
      stat: t.deps.storage.stat.bind(t.deps.storage),
      delete: t.deps.storage.delete.bind(t.deps.storage),
      async put(key: string, body: Readable) {
        // Writes a little of the stream, then the disk "fails" (the writing side errs, as a full disk
        // does): LocalStorage's own partial file is removed and put rejects; the export stops reading.
        const cut = new Readable({ read() {} });
        // The chunks may come before LocalStorage has its pipeline on `cut` (it makes the folder first):
        // the error stays on the stream (`errored`) for that pipeline to find, not thrown as unhandled.
        cut.on('error', () => undefined);
        // The first chunk (a small file is one: the writer gathers 64 KB) reaches the disk, then it is full.
        body.once('data', (chunk) => {
          body.pause();
          cut.push(chunk);
          setImmediate(() => cut.destroy(new Error('Disk full')));
        });
        return t.deps.storage.put(key, cut);
      },
    };
    await runExports({ ...t.deps, storage: failing });
    const failed = await FileExport.findByPk(id);
    expect(failed).toMatchObject({ status: 'FAILED', storedFileId: null, leaseOwner: null });
    expect(failed!.error).toMatch(/Disk full/);
    expect(await StoredFile.count()).toBe(files);
    expect(storedObjects()).toHaveLength(objects);
    expect(storedObjects().filter((f) => f.endsWith('.partial'))).toEqual([]);
    expect((await api('post', `/file_export/${id}/retry`, admin.token)).status).toBe(202);
    await runExports();
    expect(await FileExport.findByPk(id)).toMatchObject({ status: 'COMPLETED', rowsDone: 5 });
    expect(storedObjects()).toHaveLength(objects + 1);
  });

  test('a run stopped mid-export (lease lost, shutdown): never COMPLETED, no StoredFile or object; the next run starts it again and completes', async () => {
    const id = await askStudents(6);
    const objects = storedObjects().length;
    const files = await StoredFile.count();
    const stop = new AbortController();
    await expect(runExports(t.deps, { signal: stop.signal, onProgress: (n) => (n >= 2 ? stop.abort(new Error('Shutting down')) : undefined) })).rejects.toThrow('Shutting down');
    const stopped = await FileExport.findByPk(id);
    expect(stopped!.status).toBe('RUNNING');
    expect(stopped!.storedFileId).toBeNull();
    expect(stopped!.leaseExpiresAt!.getTime()).toBeLessThan(Date.now());
    expect(await StoredFile.count()).toBe(files);
    expect(storedObjects()).toHaveLength(objects);
    await runExports();
    expect(await FileExport.findByPk(id)).toMatchObject({ status: 'COMPLETED', rowsDone: 6, attempts: 2 });
    expect(await StoredFile.count()).toBe(files + 1);
  });

  test('a process that died mid-export (lease lapsed) is claimed again; after the last attempt it is FAILED with a retry', async () => {
    const id = await askStudents(1);
    const lapsed = new Date(Date.now() - 1000);
    await FileExport.update({ status: 'RUNNING', leaseOwner: 'dead-process', leaseExpiresAt: lapsed, attempts: 1, rowsDone: 1 }, { where: { id } });
    await runExports();
    expect(await FileExport.findByPk(id)).toMatchObject({ status: 'COMPLETED', attempts: 2 });

    const exhausted = await askStudents(1);
    await FileExport.update({ status: 'RUNNING', leaseOwner: 'dead-process', leaseExpiresAt: lapsed, attempts: 3 }, { where: { id: exhausted } });
    const alive = await askStudents(1);
    await FileExport.update({ status: 'RUNNING', leaseOwner: 'live-process', leaseExpiresAt: new Date(Date.now() + 60_000), attempts: 1 }, { where: { id: alive } });
    await runExports();
    const failed = await FileExport.findByPk(exhausted);
    expect(failed).toMatchObject({ status: 'FAILED', storedFileId: null });
    expect(failed!.error).toMatch(/Interrupted 3 times/);
    // A live lease is left alone.
    expect(await FileExport.findByPk(alive)).toMatchObject({ status: 'RUNNING', leaseOwner: 'live-process' });
    await FileExport.update({ status: 'COMPLETED', leaseOwner: null }, { where: { id: alive } });
    expect((await api('post', `/file_export/${exhausted}/retry`, admin.token)).status).toBe(202);
    await runExports();
    expect(await FileExport.findByPk(exhausted)).toMatchObject({ status: 'COMPLETED', attempts: 1 });
  });
});

describe('cleanup', () => {
  test('the CLEANUP job removes exports older than 30 days with their files; newer ones stay', async () => {
    const tag = unique('Old');
    await makeStudent(t.deps, { lastName: tag });
    const old = await exportRows('students_csv', { name: tag });
    const recent = await exportRows('students_csv', { name: tag });
    await t.deps.sequelize.query('UPDATE file_exports SET created_at = :at WHERE id = :id', { replacements: { at: new Date(Date.now() - 31 * 86_400_000), id: old.record.id } });
    const ctx = {
      deps: t.deps,
      params: {},
      today: '2026-01-01',
      signal: new AbortController().signal,
      log: t.deps.log,
      progress: () => undefined,
      scheduleId: 0,
      runId: 0,
    } as JobContext;
    const { count } = await cleanup(ctx);
    expect(count).toBeGreaterThanOrEqual(2);
    expect(await FileExport.findByPk(old.record.id)).toBeNull();
    expect(await StoredFile.findByPk(old.record.fileId!)).toBeNull();
    expect(await t.deps.storage.stat(old.record.fileName!)).toBeNull();
    expect(await FileExport.findByPk(recent.record.id)).not.toBeNull();
    expect(await t.deps.storage.stat(recent.record.fileName!)).not.toBeNull();
    expect(await removeOldExports(t.deps, 30)).toBe(0);
  });

  test('the CLEANUP job removes what a write cut off by a dead process left (a day old); a write in progress stays', async () => {
    const root = t.deps.config.STORAGE_DIR;
    const dir = path.join(root, 'exports', '2026', '11');
    fs.mkdirSync(dir, { recursive: true });
    const abandoned = path.join(dir, 'dead.csv.a1b2c3.partial');
    const inProgress = path.join(dir, 'live.csv.d4e5f6.partial');
    const whole = path.join(dir, 'whole.csv');
    for (const f of [abandoned, inProgress, whole]) fs.writeFileSync(f, 'ID\r\n1\r\n');
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    fs.utimesSync(abandoned, twoDaysAgo, twoDaysAgo);
    fs.utimesSync(whole, twoDaysAgo, twoDaysAgo);
    const ctx = {
      deps: t.deps,
      params: {},
      today: '2026-01-01',
      signal: new AbortController().signal,
      log: t.deps.log,
      progress: () => undefined,
      scheduleId: 0,
      runId: 0,
    } as JobContext;
    const { count } = await cleanup(ctx);
    expect(count).toBeGreaterThanOrEqual(1);
    expect([fs.existsSync(abandoned), fs.existsSync(inProgress), fs.existsSync(whole)]).toEqual([false, true, true]);
  });
});
