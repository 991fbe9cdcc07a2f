import request from 'supertest';
import { ActivityLog, Student } from '../../models';
import { setupApp, type TestApp } from '../support/app';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
beforeAll(async () => {
  t = await setupApp();
  admin = await makeAdmin(t.deps);
});
afterAll(() => t.close());

const api = () => request(t.app);
const ids = (res: request.Response) => res.body.content.map((s: { id: number }) => s.id);

function profileOf(s: Student, personal: Record<string, unknown> = {}, rest: Record<string, unknown> = {}) {
  return {
    personalInfo: { firstName: s.firstName, lastName: s.lastName, dateOfBirth: s.dateOfBirth, ...personal },
    contactInfo: { mobilePhone: s.mobilePhone },
    address: { street1: s.street1, city: s.city, stateCode: s.stateCode, zip: s.zip, countryCode: s.countryCode },
    ...rest,
  };
}

describe('GET /api/customers', () => {
  test('lists every learner account, including those who never applied, which the students list leaves out', async () => {
    const p = unique('Cust');
    const student = await makeStudent(t.deps, { lastName: `${p}a` });
    const customer = await makeStudent(t.deps, { lastName: `${p}b`, isStudent: false });
    await makeStudent(t.deps, { lastName: `${p}c`, isStudent: false, archived: true, archivedAt: new Date() });
    const customers = await api().get(`/api/customers?keyword=${p}&sortBy=LAST_NAME`).set(bearer(admin.token));
    expect(customers.status).toBe(200);
    expect(ids(customers)).toEqual([student.student.id, customer.student.id]);
    expect(customers.body.pagination.total).toBe(2);
    expect(customers.body.content[1]).toMatchObject({ isStudent: false, user: { email: customer.email } });
    const students = await api().get(`/api/students?keyword=${p}`).set(bearer(admin.token));
    expect(ids(students)).toEqual([student.student.id]);
  });

  test('sorts by LAST_NAME descending with paging', async () => {
    const p = unique('CSort');
    for (const s of ['a', 'b', 'c']) await makeStudent(t.deps, { lastName: `${p}${s}`, isStudent: s !== 'b' });
    const res = await api().get(`/api/customers?keyword=${p}&sortBy=LAST_NAME&descending=true&size=2&page=1`).set(bearer(admin.token));
    expect(res.body.content.map((s: { personalInfo: { lastName: string } }) => s.personalInfo.lastName)).toEqual([`${p}a`]);
    expect(res.body.pagination).toEqual({ total: 3, page: 1, size: 2 });
  });

  test('bad sortBy 400; no token 401; a student token 403', async () => {
    expect((await api().get('/api/customers?sortBy=NOPE').set(bearer(admin.token))).status).toBe(400);
    expect((await api().get('/api/customers')).status).toBe(401);
    const student = await makeStudent(t.deps);
    expect((await api().get('/api/customers').set(bearer(student.token))).status).toBe(403);
  });
});

describe('POST /api/customers/find_by_criteria', () => {
  test('isStudent tells students from customers who never applied; other criteria work as for students', async () => {
    const p = unique('CCrit');
    const student = await makeStudent(t.deps, { lastName: `${p}a`, autoPay: true });
    const customer = await makeStudent(t.deps, { lastName: `${p}b`, isStudent: false });
    const notApplied = await api().post('/api/customers/find_by_criteria').set(bearer(admin.token)).send({ name: p, isStudent: false });
    expect(ids(notApplied)).toEqual([customer.student.id]);
    const autoPay = await api().post('/api/customers/find_by_criteria').set(bearer(admin.token)).send({ name: p, autoPay: true, genders: [] });
    expect(ids(autoPay)).toEqual([student.student.id]);
    const all = await api().post('/api/customers/find_by_criteria?sortBy=LAST_NAME').set(bearer(admin.token)).send({ name: p, city: '' });
    expect(ids(all)).toEqual([student.student.id, customer.student.id]);
  });

  test('an unknown key is 400 (students do not take isStudent); no token 401', async () => {
    const res = await api().post('/api/customers/find_by_criteria').set(bearer(admin.token)).send({ colour: 'red' });
    expect(res.status).toBe(400);
    expect(res.body.errors.colour).toBe('Unknown field');
    const students = await api().post('/api/students/find_by_criteria').set(bearer(admin.token)).send({ isStudent: false });
    expect(students.status).toBe(400);
    expect((await api().post('/api/customers/find_by_criteria').send({})).status).toBe(401);
  });
});

describe('GET /api/customers/:id', () => {
  test('answers the student shape; missing 404; a student token 403; no token 401', async () => {
    const { student, token } = await makeStudent(t.deps, { isStudent: false });
    const res = await api().get(`/api/customers/${student.id}`).set(bearer(admin.token));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: student.id, isStudent: false, personalInfo: { lastName: student.lastName } });
    expect((await api().get('/api/customers/99999999').set(bearer(admin.token))).status).toBe(404);
    expect((await api().get(`/api/customers/${student.id}`).set(bearer(token))).status).toBe(403);
    expect((await api().get(`/api/customers/${student.id}`)).status).toBe(401);
  });
});

describe('PUT /api/customers/:id', () => {
  test('FINANCE (customers:update) updates a customer, marks them a student, and the change is logged', async () => {
    const { student } = await makeStudent(t.deps, { isStudent: false });
    const finance = await makeAdmin(t.deps, { roles: ['FINANCE'] });
    const res = await api()
      .put(`/api/customers/${student.id}`)
      .set(bearer(finance.token))
      .send(profileOf(student, { occupation: 'Teacher' }, { isStudent: true }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isStudent: true, personalInfo: { occupation: 'Teacher' }, updatedBy: { id: finance.user.id } });
    expect(await Student.findByPk(student.id)).toMatchObject({ isStudent: true, occupation: 'Teacher' });
    const log = await ActivityLog.findOne({ where: { studentId: student.id, type: 'UPDATED' } });
    expect(log?.changes).toMatchObject({ isStudent: { from: false, to: true }, occupation: { from: null, to: 'Teacher' } });
  });

  test('bad input 400 and nothing changes; SUPPORT 403; missing 404; no token 401', async () => {
    const { student } = await makeStudent(t.deps, { isStudent: false });
    const bad = await api()
      .put(`/api/customers/${student.id}`)
      .set(bearer(admin.token))
      .send(profileOf(student, { dateOfBirth: '02-30-1990' }, { address: { street1: 'x', countryCode: 'US' } }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ 'personalInfo.dateOfBirth': 'Please type a valid date', 'address.city': 'The address must contain a city' });
    expect(await Student.findByPk(student.id)).toMatchObject({ dateOfBirth: '1990-05-17', street1: '1 Main St' });
    const support = await makeAdmin(t.deps, { roles: ['SUPPORT'] });
    expect((await api().put(`/api/customers/${student.id}`).set(bearer(support.token)).send(profileOf(student))).status).toBe(403);
    expect((await api().put('/api/customers/99999999').set(bearer(admin.token)).send(profileOf(student))).status).toBe(404);
    expect((await api().put(`/api/customers/${student.id}`).send(profileOf(student))).status).toBe(401);
  });
});
