import bcrypt from 'bcrypt';
import { Administrator, AdministratorRole, Coach, Role, Student, User } from '../../models';
import { loadPrincipal } from '../../api/auth/principal';
import { signAccessToken } from '../../api/common/tokens';
import type { Deps } from '../../api/common/context';

let counter = 0;
/** A value unique across test files and runs (tests share a MariaDB database). */
export function unique(prefix = 'x'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}${counter}`;
}

export const PASSWORD = 'Passw0rdOk';
let passwordHash: string | null = null;
async function hashOf(password: string): Promise<string> {
  if (password !== PASSWORD) return bcrypt.hash(password, 4);
  passwordHash ??= await bcrypt.hash(PASSWORD, 4);
  return passwordHash;
}

/** An access token for a user, as sign-in would issue it. */
export async function tokenFor(deps: Deps, userId: number): Promise<string> {
  const principal = await loadPrincipal(userId);
  if (!principal) throw new Error(`no principal for user ${userId}`);
  return signAccessToken(deps.config.JWT_SECRET, deps.config.ACCESS_TOKEN_TTL_SECONDS, principal);
}

/** An administrator holding the named roles (SUPER_ADMIN by default), with a token. */
export async function makeAdmin(deps: Deps, opts: { roles?: string[]; email?: string; password?: string; firstName?: string; lastName?: string } = {}) {
  const email = (opts.email ?? `${unique('admin')}@example.com`).toLowerCase();
  const user = await User.create({
    email,
    passwordHash: await hashOf(opts.password ?? PASSWORD),
    kind: 'ADMIN',
    emailVerifiedAt: new Date(),
    firstFailedLoginAt: null,
    lockedUntil: null,
    lastLoginAt: null,
    lastActivityAt: null,
    tokensValidAfter: null,
    updatedById: null,
    updatedByName: null,
  });
  const admin = await Administrator.create({
    userId: user.id,
    email,
    firstName: opts.firstName ?? 'Ada',
    lastName: opts.lastName ?? unique('Admin'),
    updatedById: null,
    updatedByName: null,
    deletedAt: null,
  });
  for (const name of opts.roles ?? ['SUPER_ADMIN']) {
    const role = await Role.findOne({ where: { name } });
    if (!role) throw new Error(`role ${name} missing`);
    await AdministratorRole.create({ administratorId: admin.id, roleId: role.id });
  }
  return { user, admin, email, password: opts.password ?? PASSWORD, token: await tokenFor(deps, user.id) };
}

/** A student (or, with isStudent false, a customer who has not applied), with a token. */
export async function makeStudent(deps: Deps, overrides: Partial<Student['_creationAttributes']> & { password?: string; kind?: 'STUDENT' | 'COACH' } = {}) {
  const { password, kind, ...fields } = overrides;
  const email = (fields.email ?? `${unique('student')}@example.com`).toLowerCase();
  const user = await User.create({
    email,
    passwordHash: await hashOf(password ?? PASSWORD),
    kind: kind ?? 'STUDENT',
    emailVerifiedAt: new Date(),
    firstFailedLoginAt: null,
    lockedUntil: null,
    lastLoginAt: null,
    lastActivityAt: null,
    tokensValidAfter: null,
    updatedById: null,
    updatedByName: null,
  });
  const student = await Student.create({
    userId: user.id,
    firstName: 'Sam',
    lastName: unique('Student'),
    middleName: null,
    title: null,
    suffix: null,
    gender: null,
    dateOfBirth: '1990-05-17',
    educationLevel: null,
    occupation: null,
    mobilePhone: '+12015550123',
    homePhone: null,
    workPhone: null,
    street1: '1 Main St',
    street2: null,
    city: 'Newark',
    stateCode: 'NJ',
    zip: '07102',
    countryCode: 'US',
    timeZone: null,
    source: 'WEBSITE',
    salesforceLeadId: null,
    d2lUserId: null,
    edluminaId: null,
    photo: null,
    mergedIntoId: null,
    archivedAt: null,
    updatedById: null,
    updatedByName: null,
    ...fields,
    email,
  });
  let coach: Coach | null = null;
  if (kind === 'COACH') {
    coach = await Coach.create({ userId: user.id, studentId: student.id, intro: null, coachWebConferenceUrl: null, updatedById: null, updatedByName: null });
  }
  return { user, student, coach, email, password: password ?? PASSWORD, token: await tokenFor(deps, user.id) };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
