import request from 'supertest';
import { ActivityLog, Student, User, UserViewHistory } from '../../models';
import { setupApp, type TestApp } from '../support/app';
import { bearer, makeAdmin, makeStudent, tokenFor, unique } from '../support/factories';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
beforeAll(async () => {
  t = await setupApp();
  admin = await makeAdmin(t.deps);
});
afterAll(() => t.close());

const api = () => request(t.app);

/** A valid create body with a unique email and last name. */
function newStudent(overrides: Record<string, unknown> = {}) {
  return {
    user: { email: `${unique('new')}@example.com` },
    personalInfo: { firstName: 'Nora', lastName: unique('Created'), gender: 'FEMALE', dateOfBirth: '05-17-1990', educationLevel: 'BACHELOR', militaryMember: false },
    contactInfo: { mobilePhone: '(201) 555-0123', homePhone: '', workPhone: null },
    address: { street1: '1 Main St', city: 'Newark', stateCode: 'NJ', zip: '07102', countryCode: 'us' },
    languageIso2LetterCode: 'EN',
    source: 'PHONE',
    ...overrides,
  };
}

/** The PUT body for an existing row: its current profile with some changes. */
function profileOf(s: Student, personal: Record<string, unknown> = {}, rest: Record<string, unknown> = {}) {
  return {
    personalInfo: { firstName: s.firstName, lastName: s.lastName, dateOfBirth: s.dateOfBirth, ...personal },
    contactInfo: { mobilePhone: s.mobilePhone, homePhone: s.homePhone, workPhone: s.workPhone },
    address: { street1: s.street1, city: s.city, stateCode: s.stateCode, zip: s.zip, countryCode: s.countryCode },
    ...rest,
  };
}

describe('POST /api/students', () => {
  test('creates a password-less STUDENT account and a student record; MM-DD-YYYY is stored as YYYY-MM-DD, phones as E.164', async () => {
    const input = newStudent();
    const res = await api().post('/api/students').set(bearer(admin.token)).send(input);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      active: true,
      isStudent: true,
      user: { email: input.user.email },
      personalInfo: { firstName: 'Nora', lastName: input.personalInfo.lastName, gender: 'FEMALE', dateOfBirth: '1990-05-17', militaryMember: false, middleName: null },
      contactInfo: { mobilePhone: '+12015550123', homePhone: null, workPhone: null },
      address: { street1: '1 Main St', city: 'Newark', countryCode: 'US', street2: null },
      languageIso2LetterCode: 'EN',
      autoPay: false,
      source: 'PHONE',
      archived: false,
      mergedIntoId: null,
      communicationPreferences: { email: true, sms: true },
      updatedBy: { id: admin.user.id },
    });
    const row = await Student.findByPk(res.body.id);
    expect(row).toMatchObject({ dateOfBirth: '1990-05-17', mobilePhone: '+12015550123', isStudent: true, email: input.user.email });
    const user = await User.unscoped().findByPk(row!.userId as number);
    expect(user).toMatchObject({ kind: 'STUDENT', passwordHash: null, email: input.user.email });
    expect(res.body.user.id).toBe(user!.id);
    const log = await ActivityLog.findOne({ where: { studentId: row!.id, type: 'CREATED' } });
    expect(log).toMatchObject({ entityType: 'STUDENT', entityId: row!.id, category: 'PROFILE', actorUserId: admin.user.id });
  });

  test('bad input is 400 with field errors and creates nothing', async () => {
    const email = `${unique('bad')}@example.com`;
    const res = await api()
      .post('/api/students')
      .set(bearer(admin.token))
      .send(
        newStudent({
          user: { email },
          personalInfo: { firstName: '', lastName: 'X', dateOfBirth: '01-01-2020', gender: 'ROBOT' },
          contactInfo: { mobilePhone: '+442071838750' },
          address: { street1: '1 Main St', countryCode: 'US' },
          shoeSize: 42,
        }),
      );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.errors).toMatchObject({
      'personalInfo.firstName': 'This field is required',
      'personalInfo.lastName': 'At least one word of two letters',
      'personalInfo.dateOfBirth': expect.stringMatching(/^Below 18 age, call to .+ \(Phone enrollment\)$/),
      'personalInfo.gender': 'Invalid value',
      'contactInfo.mobilePhone': 'Invalid mobile phone',
      'address.city': 'The address must contain a city',
      shoeSize: 'Unknown field',
    });
    expect(await User.count({ where: { email } })).toBe(0);
    expect(await Student.count({ where: { email } })).toBe(0);
  });

  test('user.email and personalInfo are required', async () => {
    const res = await api().post('/api/students').set(bearer(admin.token)).send({});
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({ user: 'This field is required', personalInfo: 'This field is required' });
  });

  test('without a token 401; SUPPORT 403; a student 403', async () => {
    const email = `${unique('denied')}@example.com`;
    expect(
      (
        await api()
          .post('/api/students')
          .send(newStudent({ user: { email } }))
      ).status,
    ).toBe(401);
    const support = await makeAdmin(t.deps, { roles: ['SUPPORT'] });
    expect(
      (
        await api()
          .post('/api/students')
          .set(bearer(support.token))
          .send(newStudent({ user: { email } }))
      ).status,
    ).toBe(403);
    const student = await makeStudent(t.deps);
    expect(
      (
        await api()
          .post('/api/students')
          .set(bearer(student.token))
          .send(newStudent({ user: { email } }))
      ).status,
    ).toBe(403);
    expect(await User.count({ where: { email } })).toBe(0);
  });

  test('an email another account uses is 409 USERNAME_TAKEN (whatever its case) and creates nothing', async () => {
    const other = await makeStudent(t.deps);
    const input = newStudent({ user: { email: other.email.toUpperCase() } });
    const res = await api().post('/api/students').set(bearer(admin.token)).send(input);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'USERNAME_TAKEN', message: 'Username taken' });
    expect(await Student.count({ where: { lastName: input.personalInfo.lastName } })).toBe(0);
  });
});

describe('GET /api/students', () => {
  test('sorts by LAST_NAME both ways with paging and correct totals; customers and archived rows are left out', async () => {
    const p = unique('Sortz');
    for (const suffix of ['b', 'c', 'a']) await makeStudent(t.deps, { lastName: `${p}${suffix}` });
    await makeStudent(t.deps, { lastName: `${p}d`, isStudent: false });
    await makeStudent(t.deps, { lastName: `${p}e`, archived: true, archivedAt: new Date() });
    const page0 = await api().get(`/api/students?keyword=${p}&sortBy=LAST_NAME&size=2&page=0`).set(bearer(admin.token));
    expect(page0.status).toBe(200);
    expect(page0.body.content.map((s: { personalInfo: { lastName: string } }) => s.personalInfo.lastName)).toEqual([`${p}a`, `${p}b`]);
    expect(page0.body.pagination).toEqual({ total: 3, page: 0, size: 2 });
    const page1 = await api().get(`/api/students?keyword=${p}&sortBy=LAST_NAME&size=2&page=1`).set(bearer(admin.token));
    expect(page1.body.content.map((s: { personalInfo: { lastName: string } }) => s.personalInfo.lastName)).toEqual([`${p}c`]);
    expect(page1.body.pagination.total).toBe(3);
    const desc = await api().get(`/api/students?keyword=${p}&sortBy=LAST_NAME&descending=true&size=2`).set(bearer(admin.token));
    expect(desc.body.content.map((s: { personalInfo: { lastName: string } }) => s.personalInfo.lastName)).toEqual([`${p}c`, `${p}b`]);
    expect(desc.body.pagination.total).toBe(3);
  });

  test('a numeric keyword finds the id; an email prefix finds the student', async () => {
    const { student, email } = await makeStudent(t.deps);
    const byId = await api().get(`/api/students?keyword=${student.id}`).set(bearer(admin.token));
    expect(byId.body.content.map((s: { id: number }) => s.id)).toContain(student.id);
    const byEmail = await api()
      .get(`/api/students?keyword=${email.slice(0, 20)}`)
      .set(bearer(admin.token));
    expect(byEmail.body.content.map((s: { id: number }) => s.id)).toEqual([student.id]);
  });

  test('a keyword with % or _ does not error', async () => {
    for (const keyword of ['100%', 'a_b', '%_%', "o'neil\\"]) {
      const res = await api().get('/api/students').query({ keyword }).set(bearer(admin.token));
      expect(res.status).toBe(200);
    }
  });

  test('an unknown sortBy is 400; no token 401; a student token 403', async () => {
    const res = await api().get('/api/students?sortBy=passwordHash').set(bearer(admin.token));
    expect(res.status).toBe(400);
    expect(res.body.errors.sortBy).toBeDefined();
    expect((await api().get('/api/students')).status).toBe(401);
    const student = await makeStudent(t.deps);
    expect((await api().get('/api/students').set(bearer(student.token))).status).toBe(403);
  });
});

describe('POST /api/students/find_by_criteria', () => {
  test('filters by name, genders, city, a birth-date range and a created-at range', async () => {
    const p = unique('Crit');
    const match = await makeStudent(t.deps, { lastName: `${p}1`, gender: 'FEMALE', city: 'Boston', dateOfBirth: '1985-03-01' });
    await makeStudent(t.deps, { lastName: `${p}2`, gender: 'MALE', city: 'Boston', dateOfBirth: '1985-03-01' });
    await makeStudent(t.deps, { lastName: `${p}3`, gender: 'FEMALE', city: 'Austin', dateOfBirth: '1985-03-01' });
    await makeStudent(t.deps, { lastName: `${p}4`, gender: 'FEMALE', city: 'Boston', dateOfBirth: '1970-01-01' });
    const today = new Date().toISOString().slice(0, 10);
    const res = await api()
      .post('/api/students/find_by_criteria?sortBy=LAST_NAME')
      .set(bearer(admin.token))
      .send({ name: p, genders: ['FEMALE'], city: 'bos', dateOfBirth: { from: '01-01-1980', to: '1990-12-31' }, createdAt: { from: '2000-01-01', to: today } });
    expect(res.status).toBe(200);
    expect(res.body.content.map((s: { id: number }) => s.id)).toEqual([match.student.id]);
    expect(res.body.pagination.total).toBe(1);
    const future = await api()
      .post('/api/students/find_by_criteria')
      .set(bearer(admin.token))
      .send({ name: p, createdAt: { from: '2999-01-01' } });
    expect(future.body.content).toEqual([]);
    expect(future.body.pagination.total).toBe(0);
  });

  test('empty parts are dropped: {genders: [], city: ""} equals no criteria', async () => {
    const p = unique('Empty');
    await makeStudent(t.deps, { lastName: `${p}1` });
    await makeStudent(t.deps, { lastName: `${p}2` });
    const plain = await api().post('/api/students/find_by_criteria').set(bearer(admin.token)).send({ name: p });
    const withEmpty = await api()
      .post('/api/students/find_by_criteria')
      .set(bearer(admin.token))
      .send({ name: p, genders: [], city: '', countryCodes: [], dateOfBirth: { from: null, to: '2000-01-01' }, email: null });
    expect(withEmpty.status).toBe(200);
    expect(withEmpty.body).toEqual(plain.body);
    expect(plain.body.pagination.total).toBe(2);
  });

  test('archived: true lists archived records instead', async () => {
    const p = unique('Arch');
    const live = await makeStudent(t.deps, { lastName: `${p}1` });
    const gone = await makeStudent(t.deps, { lastName: `${p}2`, archived: true, archivedAt: new Date() });
    const archived = await api().post('/api/students/find_by_criteria').set(bearer(admin.token)).send({ name: p, archived: true });
    expect(archived.body.content.map((s: { id: number }) => s.id)).toEqual([gone.student.id]);
    const current = await api().post('/api/students/find_by_criteria').set(bearer(admin.token)).send({ name: p, archived: false });
    expect(current.body.content.map((s: { id: number }) => s.id)).toEqual([live.student.id]);
  });

  test('an unknown criteria key or a bad value is 400; no token 401', async () => {
    const res = await api()
      .post('/api/students/find_by_criteria')
      .set(bearer(admin.token))
      .send({ favouriteColour: 'blue', genders: ['ROBOT'], dateOfBirth: { from: '31-31-2000' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({ favouriteColour: 'Unknown field', 'genders.0': 'Invalid value', 'dateOfBirth.from': 'Please type a valid date' });
    expect((await api().post('/api/students/find_by_criteria').send({})).status).toBe(401);
  });
});

describe('GET /api/students/:id', () => {
  test('staff and the student themself read the record; another student 403; missing 404; no token 401', async () => {
    const { student, token } = await makeStudent(t.deps);
    const res = await api().get(`/api/students/${student.id}`).set(bearer(admin.token));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: student.id, user: { id: student.userId, email: student.email }, personalInfo: { lastName: student.lastName, dateOfBirth: '1990-05-17' } });
    expect(Object.keys(res.body)).toEqual(expect.arrayContaining(['contactInfo', 'address', 'communicationPreferences', 'createdAt', 'updatedAt', 'updatedBy']));
    expect((await api().get(`/api/students/${student.id}`).set(bearer(token))).status).toBe(200);
    const other = await makeStudent(t.deps);
    expect((await api().get(`/api/students/${student.id}`).set(bearer(other.token))).status).toBe(403);
    expect((await api().get('/api/students/99999999').set(bearer(admin.token))).status).toBe(404);
    expect((await api().get('/api/students/abc').set(bearer(admin.token))).status).toBe(400);
    expect((await api().get(`/api/students/${student.id}`)).status).toBe(401);
  });
});

describe('GET /api/students/emails/:email', () => {
  test('finds the student by email (any case); unknown 404; a student token 403', async () => {
    const { student, email, token } = await makeStudent(t.deps);
    const res = await api()
      .get(`/api/students/emails/${encodeURIComponent(email.toUpperCase())}`)
      .set(bearer(admin.token));
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(student.id);
    expect(
      (
        await api()
          .get(`/api/students/emails/${unique('none')}@example.com`)
          .set(bearer(admin.token))
      ).status,
    ).toBe(404);
    expect((await api().get('/api/students/emails/not-an-email').set(bearer(admin.token))).status).toBe(400);
    expect((await api().get(`/api/students/emails/${email}`).set(bearer(token))).status).toBe(403);
  });
});

describe('PUT /api/students/:id', () => {
  test('staff update the profile; the activity log lists the change with before → after values', async () => {
    const { student } = await makeStudent(t.deps);
    const newLast = unique('Renamed');
    const res = await api()
      .put(`/api/students/${student.id}`)
      .set(bearer(admin.token))
      .send(profileOf(student, { lastName: newLast, dateOfBirth: '12-31-1980' }, { autoPay: true, contactInfo: { mobilePhone: '201-555-0199' } }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      autoPay: true,
      personalInfo: { lastName: newLast, dateOfBirth: '1980-12-31' },
      contactInfo: { mobilePhone: '+12015550199' },
      updatedBy: { id: admin.user.id },
    });
    const row = await Student.findByPk(student.id);
    expect(row).toMatchObject({ lastName: newLast, dateOfBirth: '1980-12-31', autoPay: true, mobilePhone: '+12015550199', updatedById: admin.user.id });

    const log = await api().get(`/api/students/${student.id}/activity_log`).set(bearer(admin.token));
    expect(log.status).toBe(200);
    const entry = log.body.content.find((e: { type: string }) => e.type === 'UPDATED');
    expect(entry).toMatchObject({
      category: 'PROFILE',
      entityType: 'STUDENT',
      entityId: student.id,
      actor: { id: admin.user.id },
      changes: { lastName: { from: student.lastName, to: newLast }, dateOfBirth: { from: '1990-05-17', to: '1980-12-31' }, autoPay: { from: false, to: true } },
    });
    expect(entry.activityDate).toBeDefined();
  });

  test('bad input is 400 with field errors and changes nothing', async () => {
    const { student } = await makeStudent(t.deps);
    const res = await api()
      .put(`/api/students/${student.id}`)
      .set(bearer(admin.token))
      .send(profileOf(student, { firstName: ' ' }, { contactInfo: { mobilePhone: '+442071838750' }, address: { street1: 'Elm St', zip: '10001' } }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      'personalInfo.firstName': 'This field is required',
      'contactInfo.mobilePhone': 'Invalid mobile phone',
      'address.city': 'The address must contain a city',
      'address.countryCode': 'The address must contain a country',
    });
    const row = await Student.findByPk(student.id);
    expect(row).toMatchObject({ firstName: student.firstName, mobilePhone: student.mobilePhone, street1: student.street1, city: student.city });
  });

  test('a student edits their own profile but not the staff-only fields; another student 403', async () => {
    const { student, token } = await makeStudent(t.deps);
    const ok = await api()
      .put(`/api/students/${student.id}`)
      .set(bearer(token))
      .send(profileOf(student, { occupation: 'Nurse' }));
    expect(ok.status).toBe(200);
    expect((await Student.findByPk(student.id))?.occupation).toBe('Nurse');
    const refused = await api()
      .put(`/api/students/${student.id}`)
      .set(bearer(token))
      .send(profileOf(student, {}, { active: false, isStudent: false, autoPay: true }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toMatchObject({ active: 'Unknown field', isStudent: 'Unknown field', autoPay: 'Unknown field' });
    expect(await Student.findByPk(student.id)).toMatchObject({ active: true, isStudent: true, autoPay: false });
    const other = await makeStudent(t.deps);
    expect(
      (
        await api()
          .put(`/api/students/${student.id}`)
          .set(bearer(other.token))
          .send(profileOf(student, { occupation: 'Spy' }))
      ).status,
    ).toBe(403);
    expect((await Student.findByPk(student.id))?.occupation).toBe('Nurse');
  });

  test('SUPPORT 403; missing 404; no token 401; an email taken by another account 409 and nothing changes', async () => {
    const { student } = await makeStudent(t.deps);
    const support = await makeAdmin(t.deps, { roles: ['SUPPORT'] });
    expect(
      (
        await api()
          .put(`/api/students/${student.id}`)
          .set(bearer(support.token))
          .send(profileOf(student, { occupation: 'X' }))
      ).status,
    ).toBe(403);
    expect((await api().put('/api/students/99999999').set(bearer(admin.token)).send(profileOf(student))).status).toBe(404);
    expect((await api().put(`/api/students/${student.id}`).send(profileOf(student))).status).toBe(401);
    const other = await makeStudent(t.deps);
    const taken = await api()
      .put(`/api/students/${student.id}`)
      .set(bearer(admin.token))
      .send(profileOf(student, { occupation: 'Chef' }, { user: { email: other.email } }));
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('USERNAME_TAKEN');
    expect(await Student.findByPk(student.id)).toMatchObject({ email: student.email, occupation: null });
  });
});

describe('PATCH /api/students/:id/email', () => {
  test('changes the sign-in email and its copy on the student; the student may change their own', async () => {
    const { student, token, user } = await makeStudent(t.deps);
    const email = `${unique('moved')}@example.com`;
    const res = await api().patch(`/api/students/${student.id}/email`).set(bearer(admin.token)).send({ email: email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({ id: user.id, email });
    expect((await User.findByPk(user.id))?.email).toBe(email);
    expect((await Student.findByPk(student.id))?.email).toBe(email);
    expect(await ActivityLog.count({ where: { studentId: student.id, type: 'EMAIL_CHANGED' } })).toBe(1);
    const ownEmail = `${unique('self')}@example.com`;
    const own = await api().patch(`/api/students/${student.id}/email`).set(bearer(token)).send({ email: ownEmail });
    expect(own.status).toBe(200);
    expect((await User.findByPk(user.id))?.email).toBe(ownEmail);
  });

  test('400 for a bad email; 409 USERNAME_TAKEN; another student 403; missing 404', async () => {
    const { student } = await makeStudent(t.deps);
    const bad = await api().patch(`/api/students/${student.id}/email`).set(bearer(admin.token)).send({ email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.email).toBe('Please type your email in the format [name@example.com]');
    const other = await makeStudent(t.deps);
    const taken = await api().patch(`/api/students/${student.id}/email`).set(bearer(admin.token)).send({ email: other.email });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('USERNAME_TAKEN');
    expect((await Student.findByPk(student.id))?.email).toBe(student.email);
    expect(
      (
        await api()
          .patch(`/api/students/${student.id}/email`)
          .set(bearer(other.token))
          .send({ email: `${unique('x')}@example.com` })
      ).status,
    ).toBe(403);
    expect(
      (
        await api()
          .patch('/api/students/99999999/email')
          .set(bearer(admin.token))
          .send({ email: `${unique('x')}@example.com` })
      ).status,
    ).toBe(404);
  });
});

describe('PUT /api/students/:id/toggle_active', () => {
  test('deactivates the student and the account (its token stops working), then activates again', async () => {
    const { student, user, token } = await makeStudent(t.deps);
    const off = await api().put(`/api/students/${student.id}/toggle_active`).set(bearer(admin.token));
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: student.id, active: false });
    expect((await Student.findByPk(student.id))?.active).toBe(false);
    expect((await User.findByPk(user.id))?.active).toBe(false);
    expect((await api().get(`/api/students/${student.id}`).set(bearer(token))).status).toBe(401);
    const on = await api().put(`/api/students/${student.id}/toggle_active`).set(bearer(admin.token));
    expect(on.body.active).toBe(true);
    expect((await User.findByPk(user.id))?.active).toBe(true);
    expect(await ActivityLog.count({ where: { studentId: student.id, type: ['ACTIVATED', 'DEACTIVATED'] } })).toBe(2);
  });

  test('SUPPORT 403 and nothing changes; the student themself 403; missing 404; no token 401', async () => {
    const { student, token } = await makeStudent(t.deps);
    const support = await makeAdmin(t.deps, { roles: ['SUPPORT'] });
    expect((await api().put(`/api/students/${student.id}/toggle_active`).set(bearer(support.token))).status).toBe(403);
    expect((await api().put(`/api/students/${student.id}/toggle_active`).set(bearer(token))).status).toBe(403);
    expect((await Student.findByPk(student.id))?.active).toBe(true);
    expect((await api().put('/api/students/99999999/toggle_active').set(bearer(admin.token))).status).toBe(404);
    expect((await api().put(`/api/students/${student.id}/toggle_active`)).status).toBe(401);
  });
});

describe('GET /api/students/:id/activity_log', () => {
  test('filters by categories (comma-separated or repeated) and types; newest first; the student reads their own', async () => {
    const { student, token } = await makeStudent(t.deps);
    await api()
      .put(`/api/students/${student.id}`)
      .set(bearer(admin.token))
      .send(profileOf(student, { occupation: 'Baker' }));
    await api().put(`/api/students/${student.id}/toggle_active`).set(bearer(admin.token));
    const all = await api().get(`/api/students/${student.id}/activity_log`).set(bearer(admin.token));
    expect(all.body.content.map((e: { type: string }) => e.type)).toEqual(['DEACTIVATED', 'UPDATED']);
    expect(all.body.pagination.total).toBe(2);
    const comma = await api().get(`/api/students/${student.id}/activity_log?categories=PROFILE,SECURITY`).set(bearer(admin.token));
    expect(comma.body.content.map((e: { type: string }) => e.type)).toEqual(['UPDATED']);
    const repeated = await api().get(`/api/students/${student.id}/activity_log?categories=PROFILE&categories=ACCOUNT&types=DEACTIVATED`).set(bearer(admin.token));
    expect(repeated.body.content.map((e: { type: string }) => e.type)).toEqual(['DEACTIVATED']);
    expect(repeated.body.content[0]).toMatchObject({ category: 'ACCOUNT', actor: { id: admin.user.id }, entityType: 'USER' });
    await api().put(`/api/students/${student.id}/toggle_active`).set(bearer(admin.token));
    // Deactivation ended the old token; reactivated, the student signs in again.
    expect((await api().get(`/api/students/${student.id}/activity_log`).set(bearer(token))).status).toBe(401);
    const own = await api()
      .get(`/api/students/${student.id}/activity_log`)
      .set(bearer(await tokenFor(t.deps, student.userId as number)));
    expect(own.status).toBe(200);
    expect(own.body.content.map((e: { type: string }) => e.type)).toEqual(['ACTIVATED', 'DEACTIVATED', 'UPDATED']);
  });

  test('a bad category 400; another student 403; missing 404; no token 401', async () => {
    const { student } = await makeStudent(t.deps);
    const bad = await api().get(`/api/students/${student.id}/activity_log?categories=GOSSIP`).set(bearer(admin.token));
    expect(bad.status).toBe(400);
    expect(bad.body.errors['categories.0']).toBe('Invalid value');
    const other = await makeStudent(t.deps);
    expect((await api().get(`/api/students/${student.id}/activity_log`).set(bearer(other.token))).status).toBe(403);
    expect((await api().get('/api/students/99999999/activity_log').set(bearer(admin.token))).status).toBe(404);
    expect((await api().get(`/api/students/${student.id}/activity_log`)).status).toBe(401);
  });
});

describe('GET /api/students/:id/session', () => {
  test('INACTIVE without a live sign-in; missing 404; a student token 403; no token 401', async () => {
    const { student, token } = await makeStudent(t.deps);
    const res = await api().get(`/api/students/${student.id}/session`).set(bearer(admin.token));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('INACTIVE');
    expect(res.body).toHaveProperty('lastActivityAt');
    expect((await api().get('/api/students/99999999/session').set(bearer(admin.token))).status).toBe(404);
    expect((await api().get(`/api/students/${student.id}/session`).set(bearer(token))).status).toBe(403);
    expect((await api().get(`/api/students/${student.id}/session`)).status).toBe(401);
  });
});

describe('GET /api/students/filters/:id', () => {
  test("answers the caller's own students filter; another admin's or another kind's is 404", async () => {
    const mine = await api()
      .post('/api/search_filters/students')
      .set(bearer(admin.token))
      .send({ name: unique('Mine'), criteria: { genders: ['MALE'] } });
    expect(mine.status).toBe(201);
    const res = await api().get(`/api/students/filters/${mine.body.id}`).set(bearer(admin.token));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: mine.body.id, kind: 'students', criteria: { genders: ['MALE'] } });
    const otherAdmin = await makeAdmin(t.deps);
    expect((await api().get(`/api/students/filters/${mine.body.id}`).set(bearer(otherAdmin.token))).status).toBe(404);
    const cohorts = await api()
      .post('/api/search_filters/cohorts')
      .set(bearer(admin.token))
      .send({ name: unique('Coh'), criteria: {} });
    expect((await api().get(`/api/students/filters/${cohorts.body.id}`).set(bearer(admin.token))).status).toBe(404);
    expect((await api().get(`/api/students/filters/${mine.body.id}`)).status).toBe(401);
  });
});

describe('POST /api/students/merge', () => {
  test('moves the activity log and view history, fills empty fields, archives the merged record and hides it from the list', async () => {
    const p = unique('Merge');
    const keep = await makeStudent(t.deps, { lastName: `${p}keep`, occupation: null, street1: null, city: null, stateCode: null, zip: null, countryCode: null, homePhone: null });
    const merged = await makeStudent(t.deps, {
      lastName: `${p}gone`,
      occupation: 'Chef',
      homePhone: '+12025550143',
      city: 'Austin',
      stateCode: 'TX',
      street1: '9 Oak',
      zip: '73301',
    });
    await api()
      .put(`/api/students/${merged.student.id}`)
      .set(bearer(admin.token))
      .send(profileOf(merged.student, { occupation: 'Chef' }));
    const mergedLogs = await ActivityLog.count({ where: { studentId: merged.student.id } });
    expect(mergedLogs).toBeGreaterThan(0);
    await UserViewHistory.create({ userId: admin.user.id, entityType: 'STUDENT', entityId: merged.student.id, label: null });

    const res = await api().post('/api/students/merge').set(bearer(admin.token)).send({ keepId: keep.student.id, mergeId: merged.student.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: keep.student.id,
      personalInfo: { occupation: 'Chef', lastName: `${p}keep` },
      contactInfo: { homePhone: '+12025550143' },
      address: { city: 'Austin', street1: '9 Oak', countryCode: 'US' },
    });

    const gone = await Student.findByPk(merged.student.id);
    expect(gone).toMatchObject({ archived: true, active: false, mergedIntoId: keep.student.id });
    expect(gone!.archivedAt).toBeInstanceOf(Date);
    expect((await User.findByPk(merged.user.id))?.active).toBe(false);
    expect(await ActivityLog.count({ where: { studentId: keep.student.id, type: 'UPDATED', entityId: merged.student.id } })).toBe(1);
    expect(await ActivityLog.count({ where: { studentId: keep.student.id, type: 'MERGED' } })).toBe(1);
    expect(await UserViewHistory.count({ where: { entityType: 'STUDENT', entityId: keep.student.id, userId: admin.user.id } })).toBe(1);

    const list = await api().get(`/api/students?keyword=${p}`).set(bearer(admin.token));
    expect(list.body.content.map((s: { id: number }) => s.id)).toEqual([keep.student.id]);
    expect((await api().get(`/api/students/${merged.student.id}`).set(bearer(admin.token))).body).toMatchObject({ archived: true, mergedIntoId: keep.student.id });
  });

  test('a record merged into itself is 409 SAME_STUDENT; missing or archived records 404; nothing changes', async () => {
    const a = await makeStudent(t.deps);
    const same = await api().post('/api/students/merge').set(bearer(admin.token)).send({ keepId: a.student.id, mergeId: a.student.id });
    expect(same.status).toBe(409);
    expect(same.body).toMatchObject({ code: 'SAME_STUDENT', message: 'A student cannot be merged into itself' });
    expect((await api().post('/api/students/merge').set(bearer(admin.token)).send({ keepId: a.student.id, mergeId: 99999999 })).status).toBe(404);
    const archived = await makeStudent(t.deps, { archived: true, archivedAt: new Date() });
    expect((await api().post('/api/students/merge').set(bearer(admin.token)).send({ keepId: archived.student.id, mergeId: a.student.id })).status).toBe(404);
    expect(await Student.findByPk(a.student.id)).toMatchObject({ archived: false, active: true, mergedIntoId: null });
  });

  test('400 without ids; FINANCE lacks students:merge (403); a student 403; no token 401', async () => {
    const a = await makeStudent(t.deps);
    const b = await makeStudent(t.deps);
    const bad = await api().post('/api/students/merge').set(bearer(admin.token)).send({ keepId: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ keepId: 'Invalid value', mergeId: expect.any(String) });
    const finance = await makeAdmin(t.deps, { roles: ['FINANCE'] });
    expect((await api().post('/api/students/merge').set(bearer(finance.token)).send({ keepId: a.student.id, mergeId: b.student.id })).status).toBe(403);
    expect((await api().post('/api/students/merge').set(bearer(a.token)).send({ keepId: a.student.id, mergeId: b.student.id })).status).toBe(403);
    expect((await api().post('/api/students/merge').send({ keepId: a.student.id, mergeId: b.student.id })).status).toBe(401);
    expect((await Student.findByPk(b.student.id))?.archived).toBe(false);
  });
});
