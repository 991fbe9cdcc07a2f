import crypto from 'node:crypto';
import bcrypt from 'bcrypt';
import { Op, UniqueConstraintError, literal, type Transaction } from 'sequelize';
import { Administrator, RefreshToken, Role, Student, User, VerificationCode } from '../../models';
import { Messages } from '../../models/messages';
import { recordActivity } from '../common/audit';
import type { Actor, Deps, Principal } from '../common/context';
import { AppError } from '../common/errors';
import { randomToken, sha256, signAccessToken } from '../common/tokens';
import { assertEmailFree, consumePasswordToken, hashPassword, issuePasswordToken, revokeFamily, revokeSessions, setPassword } from './accounts';
import type { GetStartedInput, ResetPasswordInput, SignInInput, VerifyCodeInput } from './auth.schemas';
import { signCdnCredentials } from './cdn';
import { sendAccountExists, sendVerificationCode } from './sign-up-mail';
import { instituteParams, ProductEmail, recipientByEmail } from '../communication-templates/product-emails';
import { sendTemplate } from '../communications/send';
import { accountIsLocked, accountLocked, recordAccountFailure, recordUnknownFailure, unknownIsLocked, unknownKey } from './lockout';
import { loadPrincipal } from './principal';
import { description } from '../../models/descriptions';
import { recordSignIn } from '../analytics/refresh';

/** Which sign-in door a request came through: the console (administrators) or the portal (students, coaches). */
export type Door = 'admin' | 'customer';

/** Where a request came from, kept on the refresh token for the sessions screen. */
export interface ClientMeta {
  ip?: string | null;
  userAgent?: string | null;
}

const MAX_CODE_ATTEMPTS = 5;

const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', Messages.LOGIN_FAILED);
const sessionExpired = () => AppError.unauthorized(Messages.SESSION_EXPIRED, 'SESSION_EXPIRED');
const codeIncorrect = () => AppError.conflict('VERIFICATION_CODE_INCORRECT', Messages.VERIFICATION_CODE_INCORRECT);

function doorAdmits(door: Door, kind: User['kind']): boolean {
  return door === 'admin' ? kind === 'ADMIN' : kind === 'STUDENT' || kind === 'COACH';
}

/** The right password at the other door: the account is told where it signs in (the console is for staff). */
const wrongDoor = (door: Door) => AppError.forbidden(door === 'admin' ? Messages.CONSOLE_STAFF_ONLY : Messages.PORTAL_STUDENTS_ONLY, 'WRONG_SIGN_IN');

// An unknown email still costs one bcrypt comparison, so response time does not tell which emails exist.
const dummyHashes = new Map<number, Promise<string>>();
function dummyHash(rounds: number): Promise<string> {
  let hash = dummyHashes.get(rounds);
  if (!hash) {
    hash = bcrypt.hash(randomToken(12), rounds);
    dummyHashes.set(rounds, hash);
  }
  return hash;
}

const clip = (value: string | null | undefined, max: number) => (value ? value.slice(0, max) : null);

/** The account's display name for the activity log (the person's name, else the email). */
async function actorFor(user: Pick<User, 'id' | 'kind' | 'email'>, transaction?: Transaction): Promise<Actor> {
  const person =
    user.kind === 'ADMIN'
      ? await Administrator.findOne({ where: { userId: user.id }, attributes: ['firstName', 'lastName'], raw: true, transaction })
      : await Student.findOne({ where: { userId: user.id }, attributes: ['firstName', 'lastName'], raw: true, transaction });
  const name = person ? `${person.firstName} ${person.lastName}`.trim() : '';
  return { userId: user.id, name: name || user.email };
}

/** The signed-in person as the console or the portal shows them (administrator, or student plus coach). */
export async function profileOf(principal: Principal) {
  if (principal.kind === 'ADMIN') {
    const admin = await Administrator.findOne({ where: { userId: principal.userId }, include: [{ model: Role, as: 'roles', through: { attributes: [] } }] });
    if (!admin) throw sessionExpired();
    return {
      administrator: {
        id: admin.id,
        userId: principal.userId,
        email: admin.email,
        firstName: admin.firstName,
        lastName: admin.lastName,
        roles: (admin.roles ?? []).map((r) => r.name).sort(),
        permissions: principal.permissions,
      },
    };
  }
  const user = await User.findByPk(principal.userId, { attributes: ['id', 'email'], raw: true });
  if (!user) throw sessionExpired();
  const student = principal.studentId ? await Student.findByPk(principal.studentId, { raw: true }) : null;
  return {
    student: student
      ? {
          id: student.id,
          user: { id: user.id, email: user.email },
          isStudent: Boolean(student.isStudent),
          personalInfo: {
            firstName: student.firstName,
            middleName: student.middleName,
            lastName: student.lastName,
            title: student.title,
            suffix: student.suffix,
            gender: student.gender,
            dateOfBirth: student.dateOfBirth,
            educationLevel: student.educationLevel,
            occupation: student.occupation,
            photo: student.photo,
          },
          languageIso2LetterCode: student.languageIso2LetterCode,
        }
      : null,
    ...(principal.coachId ? { coach: { id: principal.coachId } } : {}),
  };
}

function accessTokenFor(deps: Deps, principal: Principal) {
  return { accessToken: signAccessToken(deps.config.JWT_SECRET, deps.config.ACCESS_TOKEN_TTL_SECONDS, principal), expiresIn: deps.config.ACCESS_TOKEN_TTL_SECONDS };
}

/** Stores a new refresh token (hash only) in a family and returns the raw value for the client. */
async function issueRefreshToken(deps: Deps, userId: number, familyId: string, meta: ClientMeta, transaction: Transaction): Promise<string> {
  const token = randomToken();
  await RefreshToken.create(
    {
      userId,
      familyId,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + deps.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
      usedAt: null,
      revokedAt: null,
      ip: clip(meta.ip, 64),
      userAgent: clip(meta.userAgent, 255),
    },
    { transaction },
  );
  return token;
}

/**
 * Opens a session for a user whose identity is proven: clears the failure counters, stamps the sign-in,
 * issues a refresh token in a new family and an access token, and answers the sign-in body.
 */
async function openSession(deps: Deps, user: Pick<User, 'id' | 'kind' | 'email'>, meta: ClientMeta, transaction: Transaction) {
  const now = new Date();
  await User.update(
    { failedLoginCount: 0, firstFailedLoginAt: null, lockedUntil: null, lastLoginAt: now, lastActivityAt: now },
    { where: { id: user.id }, transaction, silent: true },
  );
  const refreshToken = await issueRefreshToken(deps, user.id, crypto.randomUUID(), meta, transaction);
  const student = await Student.findOne({ where: { userId: user.id }, attributes: ['id'], raw: true, transaction });
  await recordActivity(
    await actorFor(user, transaction),
    { entityType: 'USER', entityId: user.id, studentId: student?.id ?? null, category: 'SECURITY', type: 'SIGNED_IN' },
    transaction,
  );
  // The student's sign-in day for the analytics (students_logged), kept at once: api/analytics/refresh.ts.
  if (student && user.kind === 'STUDENT') await recordSignIn(deps.sequelize, student.id, now, transaction);
  return refreshToken;
}

async function signedInBody(deps: Deps, userId: number, refreshToken: string) {
  const principal = await loadPrincipal(userId);
  if (!principal) throw invalidCredentials();
  return { ...accessTokenFor(deps, principal), refreshToken, ...(await profileOf(principal)), cdn: signCdnCredentials(deps) };
}

/**
 * Signs in with email and password at one door. Unknown email and wrong password answer the same
 * 401, and their failures lock the same way (429, ./lockout.ts); a deactivated account is 403, and an
 * account of the other door given its right password 403 saying where it signs in (both told only to
 * whoever knows the password). A wrong password at the other door counts as an unknown email's failure.
 */
export async function signIn(deps: Deps, door: Door, input: SignInInput, meta: ClientMeta) {
  const user = await User.unscoped().findOne({ where: { email: input.email } });
  if (!user || !doorAdmits(door, user.kind) || !user.passwordHash) {
    const key = unknownKey(door, input.email);
    if (await unknownIsLocked(key)) throw accountLocked();
    // The same bcrypt work whatever the case; only the account's own password at the other door is told where to go.
    const rightPassword = await bcrypt.compare(input.password, user?.passwordHash ?? (await dummyHash(deps.config.BCRYPT_ROUNDS)));
    if (user?.passwordHash && rightPassword) throw wrongDoor(door);
    await recordUnknownFailure(deps, key);
    throw invalidCredentials();
  }
  if (accountIsLocked(user)) throw accountLocked();
  if (!(await bcrypt.compare(input.password, user.passwordHash))) {
    await recordAccountFailure(deps, user.id);
    throw invalidCredentials();
  }
  if (!user.active) throw AppError.forbidden(Messages.ACCOUNT_DISABLED, 'ACCOUNT_DISABLED');
  // An administrator whose staff record was removed has nobody to speak for: no session is opened.
  if (!(await loadPrincipal(user.id))) throw invalidCredentials();
  const refreshToken = await deps.sequelize.transaction((transaction) => openSession(deps, user, meta, transaction));
  return signedInBody(deps, user.id, refreshToken);
}

/**
 * Rotates a refresh token: the presented one is claimed once with a compare-and-set (correct on
 * SQLite and MariaDB alike); presenting an already used one is taken as theft and revokes its family,
 * whose live access tokens stop working at once.
 */
export async function refresh(deps: Deps, token: string, meta: ClientMeta) {
  const row = await RefreshToken.findOne({ where: { tokenHash: sha256(token) } });
  if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) throw sessionExpired();
  const outcome = await deps.sequelize.transaction(async (transaction) => {
    const now = new Date();
    const [claimed] = await RefreshToken.update({ usedAt: now }, { where: { id: row.id, usedAt: { [Op.is]: null }, revokedAt: { [Op.is]: null } }, transaction });
    if (claimed !== 1) {
      // Committed, not rolled back: the family (and its live access tokens) must stay revoked although this request fails.
      await revokeFamily(row.userId, row.familyId, transaction);
      return { reused: true as const };
    }
    const user = await User.findByPk(row.userId, { attributes: ['id', 'active'], transaction });
    if (!user || !user.active) return { reused: false as const, refreshToken: null };
    return { reused: false as const, refreshToken: await issueRefreshToken(deps, row.userId, row.familyId, meta, transaction) };
  });
  if (outcome.reused) {
    deps.log.warn({ userId: row.userId, familyId: row.familyId }, 'refresh token reused: session family revoked');
    throw sessionExpired();
  }
  if (!outcome.refreshToken) throw sessionExpired();
  const principal = await loadPrincipal(row.userId);
  if (!principal) throw sessionExpired();
  return { ...accessTokenFor(deps, principal), refreshToken: outcome.refreshToken };
}

/** Ends the caller's sessions everywhere: refresh tokens revoked, live access tokens refused. */
export async function logout(deps: Deps, principal: Principal, actor: Actor): Promise<void> {
  await deps.sequelize.transaction(async (transaction) => {
    await revokeSessions(principal.userId, transaction);
    await recordActivity(actor, { entityType: 'USER', entityId: principal.userId, studentId: principal.studentId ?? null, category: 'SECURITY', type: 'LOGGED_OUT' }, transaction);
  });
}

/**
 * Asks for a password-reset link. The answer is the same 202 whether or not the email has an account of
 * the door's kind, and it does not wait for the link and its email (their time would tell): an account
 * gets them just after (a failure is logged), any other email gets nothing.
 */
export async function forgotPassword(deps: Deps, door: Door, emailAddress: string) {
  const user = await User.findOne({ where: { email: emailAddress }, attributes: ['id', 'kind', 'email'], raw: true });
  if (user && doorAdmits(door, user.kind)) {
    sendResetLink(deps, door, user).catch((err) => deps.log.error({ err, userId: user.id }, 'password-reset link not sent'));
  }
  return { message: 'Check your email' };
}

/** Issues a one-time reset link for an account and emails it (PASSWORD_RESET, in a student's language). */
async function sendResetLink(deps: Deps, door: Door, user: Pick<User, 'id' | 'email'>): Promise<void> {
  const token = await issuePasswordToken(user.id, 'RESET', deps.config.RESET_TOKEN_TTL_MINUTES);
  const link = `${deps.config.PUBLIC_URL}${door === 'admin' ? '/admin' : ''}/reset-account-password?token=${encodeURIComponent(token)}`;
  const owner = await recipientByEmail(user.email);
  await sendTemplate(deps, {
    key: ProductEmail.PASSWORD_RESET,
    to: user.email,
    language: owner.language,
    studentId: owner.studentId,
    params: { ...instituteParams(deps.config), ...owner.params, link, minutes: deps.config.RESET_TOKEN_TTL_MINUTES },
  });
}

/**
 * Sets a password from a one-time link: a reset link, or an invitation link (which also proves the
 * email). Consuming the link and setting the password commit together, so a failed reset leaves the link usable.
 */
export async function resetPassword(deps: Deps, door: Door, input: ResetPasswordInput): Promise<void> {
  await deps.sequelize.transaction(async (transaction) => {
    const link = await consumePasswordToken(input.token, transaction);
    const user = await User.findByPk(link.userId, { attributes: ['id', 'kind', 'email', 'emailVerifiedAt'], transaction });
    // A link used at the other door is refused like an expired one, and stays unused (rollback).
    if (!user || !doorAdmits(door, user.kind)) throw AppError.conflict('RESET_FORM_EXPIRED', Messages.RESET_FORM_EXPIRED);
    await setPassword(user.id, input.password, deps.config.BCRYPT_ROUNDS, await actorFor(user, transaction), transaction, 'PASSWORD_RESET');
    if (link.purpose === 'INVITE' && !user.emailVerifiedAt) await User.update({ emailVerifiedAt: new Date() }, { where: { id: user.id }, transaction, silent: true });
  });
}

interface SignUpPayload {
  firstName: string;
  lastName: string;
  languageIso2LetterCode: string;
  programTrack: string | null;
  startDate: string | null;
  graduationDate: string | null;
  passwordHash: string;
}

/** Stores a fresh code for a pending sign-up (older pending codes expire) and emails it, in the sign-up's language. */
async function sendCode(deps: Deps, emailAddress: string, payload: SignUpPayload) {
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = codeExpiry(deps);
  await deps.sequelize.transaction(async (transaction) => {
    await VerificationCode.update({ expiresAt: new Date() }, { where: { email: emailAddress, usedAt: { [Op.is]: null }, expiresAt: { [Op.gt]: new Date() } }, transaction });
    await VerificationCode.create({ email: emailAddress, codeHash: sha256(code), payload: JSON.stringify(payload), attempts: 0, expiresAt, usedAt: null }, { transaction });
  });
  await sendVerificationCode(deps, emailAddress, code, payload);
  return { email: emailAddress, expiresAt };
}

const codeExpiry = (deps: Deps) => new Date(Date.now() + deps.config.VERIFICATION_CODE_TTL_MINUTES * 60_000);
const hasAccount = async (emailAddress: string) => Boolean(await User.findOne({ where: { email: emailAddress.toLowerCase() }, attributes: ['id'] }));

/**
 * Starts a portal sign-up: keeps the details (password hashed) until the emailed code is entered.
 * An address that already has an account gets no code but an email saying how to sign in, and the
 * answer is the same as for a new address (decisions: public calls do not tell whether an account exists).
 */
export async function getStarted(deps: Deps, input: GetStartedInput) {
  // Hashed whatever happens next, so both answers cost the same.
  const passwordHash = await hashPassword(input.password, deps.config.BCRYPT_ROUNDS);
  if (await hasAccount(input.email)) {
    await sendAccountExists(deps, input.email, input.languageIso2LetterCode);
    return { email: input.email, expiresAt: codeExpiry(deps) };
  }
  return sendCode(deps, input.email, {
    firstName: input.firstName,
    lastName: input.lastName,
    languageIso2LetterCode: input.languageIso2LetterCode,
    programTrack: input.programTrack ?? null,
    startDate: input.startDate ?? null,
    graduationDate: input.graduationDate ?? null,
    passwordHash,
  });
}

/**
 * Sends a new code for a pending sign-up. Answers the same whatever the address: an address with an
 * account is told how to sign in again, and one with neither an account nor a pending sign-up gets nothing.
 */
export async function resendCode(deps: Deps, emailAddress: string) {
  const pending = await VerificationCode.findOne({ where: { email: emailAddress, usedAt: { [Op.is]: null } }, order: [['id', 'DESC']] });
  const payload = pending ? (JSON.parse(pending.payload) as SignUpPayload) : null;
  if (await hasAccount(emailAddress)) {
    await sendAccountExists(deps, emailAddress, payload?.languageIso2LetterCode);
    return { email: emailAddress, expiresAt: codeExpiry(deps) };
  }
  if (!payload) return { email: emailAddress, expiresAt: codeExpiry(deps) };
  return sendCode(deps, emailAddress, payload);
}

/**
 * Checks a sign-up code. Every try counts; after five wrong ones the code is void. The right one creates the
 * customer account (a Student record with isStudent false: not applied yet) and signs it in.
 */
export async function verifyCode(deps: Deps, input: VerifyCodeInput, meta: ClientMeta) {
  const pending = await VerificationCode.findOne({ where: { email: input.email, usedAt: { [Op.is]: null }, expiresAt: { [Op.gt]: new Date() } }, order: [['id', 'DESC']] });
  if (!pending) throw codeIncorrect();
  // Each comparison first claims one of the code's attempts atomically, so parallel guesses cannot exceed the limit.
  const [attempt] = await VerificationCode.update(
    { attempts: literal('attempts + 1') },
    { where: { id: pending.id, usedAt: { [Op.is]: null }, attempts: { [Op.lt]: MAX_CODE_ATTEMPTS } } },
  );
  if (attempt !== 1) throw codeIncorrect();
  if (!crypto.timingSafeEqual(Buffer.from(sha256(input.code)), Buffer.from(pending.codeHash))) throw codeIncorrect();
  const payload = JSON.parse(pending.payload) as SignUpPayload;
  try {
    const { user, refreshToken } = await deps.sequelize.transaction(async (transaction) => {
      // The password hash has done its job once the account exists; the rest of the payload stays for the record.
      const [claimed] = await VerificationCode.update(
        { usedAt: new Date(), payload: JSON.stringify({ ...payload, passwordHash: null }) },
        { where: { id: pending.id, usedAt: { [Op.is]: null } }, transaction },
      );
      if (claimed !== 1) throw codeIncorrect();
      await assertEmailFree(input.email, undefined, transaction);
      const now = new Date();
      const created = await User.create(
        {
          email: input.email,
          passwordHash: payload.passwordHash,
          kind: 'STUDENT',
          emailVerifiedAt: now,
          firstFailedLoginAt: null,
          lockedUntil: null,
          lastLoginAt: null,
          lastActivityAt: null,
          tokensValidAfter: null,
          updatedById: null,
          updatedByName: null,
        },
        { transaction },
      );
      const actor: Actor = { userId: created.id, name: `${payload.firstName} ${payload.lastName}` };
      const student = await Student.create(
        {
          userId: created.id,
          email: input.email,
          isStudent: false,
          firstName: payload.firstName,
          lastName: payload.lastName,
          languageIso2LetterCode: payload.languageIso2LetterCode,
          middleName: null,
          title: null,
          suffix: null,
          gender: null,
          dateOfBirth: null,
          educationLevel: null,
          occupation: null,
          mobilePhone: null,
          homePhone: null,
          workPhone: null,
          street1: null,
          street2: null,
          city: null,
          stateCode: null,
          zip: null,
          countryCode: null,
          timeZone: null,
          source: 'WEBSITE',
          salesforceLeadId: null,
          d2lUserId: null,
          edluminaId: null,
          photo: null,
          mergedIntoId: null,
          archivedAt: null,
          updatedById: created.id,
          updatedByName: actor.name,
        },
        { transaction },
      );
      // The student record has no columns for the chosen track and dates yet; the log keeps them for enrollment.
      await recordActivity(
        actor,
        {
          entityType: 'STUDENT',
          entityId: student.id,
          studentId: student.id,
          category: 'ACCOUNT',
          type: 'CREATED',
          description: description('SIGNED_UP'),
          changes: {
            email: { from: null, to: input.email },
            firstName: { from: null, to: payload.firstName },
            lastName: { from: null, to: payload.lastName },
            languageIso2LetterCode: { from: null, to: payload.languageIso2LetterCode },
            programTrack: { from: null, to: payload.programTrack },
            startDate: { from: null, to: payload.startDate },
            graduationDate: { from: null, to: payload.graduationDate },
          },
        },
        transaction,
      );
      return { user: created, refreshToken: await openSession(deps, created, meta, transaction) };
    });
    return signedInBody(deps, user.id, refreshToken);
  } catch (err) {
    // Two verifications racing for one email: the loser sees the same answer as a taken email.
    if (err instanceof UniqueConstraintError) throw AppError.conflict('USERNAME_TAKEN', Messages.USERNAME_TAKEN);
    throw err;
  }
}

/** The caller's profile, for the console or the portal after a reload. */
export async function me(deps: Deps, principal: Principal) {
  const fresh = await loadPrincipal(principal.userId);
  if (!fresh) throw sessionExpired();
  return { ...(await profileOf(fresh)), cdn: signCdnCredentials(deps) };
}
