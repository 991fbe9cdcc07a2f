/**
 * Demo data for a fresh installation: one administrator per seeded role (other than SUPER_ADMIN),
 * a demo student and a coach who can sign in, a few hundred realistic students and customers, and
 * the demo catalogue (seeders/catalogue-demo.ts).
 * Written through the models, in one transaction; accounts that already exist are skipped, so a
 * second run adds nothing. The demo's card payments then go through the payment pipeline and the
 * gateway (seeders/billing-demo.ts `chargeBillingDemo`), after that transaction has committed.
 */
import bcrypt from 'bcrypt';
import { Op, type CreationAttributes, type Transaction } from 'sequelize';
import { Administrator, AdministratorRole, Coach, InformationBanner, Role, Student, User } from '../models';
import { seedCatalogueDemo } from './catalogue-demo';
import { seedVoucherDemo } from './voucher-demo';
import { seedEnrollmentDemo } from './enrollment-demo';
import { chargeBillingDemo, seedBillingDemo } from './billing-demo';
import { seedCommunicationsDemo } from './communications-demo';
import type { PaymentGateway } from '../api/integrations/gateway';
import { SandboxGateway } from '../api/integrations/sandbox-gateway';
import { Rng, drawPerson, emailFor, validPhone, US_CITIES, type PersonFields } from './names';

export const DEMO_ADMINS = [
  { email: 'finance@example.com', role: 'FINANCE', firstName: 'Daniel', lastName: 'Okafor' },
  { email: 'admissions@example.com', role: 'ADMISSIONS', firstName: 'Rebecca', lastName: 'Liu' },
  { email: 'academic@example.com', role: 'ACADEMIC', firstName: 'Samuel', lastName: 'Haddad' },
  { email: 'support@example.com', role: 'SUPPORT', firstName: 'Lucía', lastName: 'Romero' },
] as const;
export const DEMO_STUDENT_EMAIL = 'student@example.com';
export const DEMO_COACH_EMAIL = 'coach@example.com';
/** The demo student with a payment plan (enrolled three months ago, one installment past due): seeders/billing-demo.ts. */
export const DEMO_PAYING_STUDENT_EMAIL = 'enrolled@example.com';
/** How many generated students (besides the demo student and the coach). */
export const DEMO_STUDENT_COUNT = 250;
const SEED = 20261121;

type StudentRow = CreationAttributes<Student>;
type UserRow = CreationAttributes<User>;

/** A demo person: profile, email and phones, all deterministic. */
export interface DemoPerson extends PersonFields {
  email: string;
  mobilePhone: string;
  homePhone: string | null;
  workPhone: string | null;
}

/** The generated demo students (pure: the same list every call). */
export function demoPeople(now = new Date()): DemoPerson[] {
  const rng = new Rng(SEED);
  const people: DemoPerson[] = [];
  for (let i = 1; i <= DEMO_STUDENT_COUNT; i++) {
    const p = drawPerson(rng, now, { foreignShare: 0.05, compoundShare: 0.04 });
    people.push({
      ...p,
      email: emailFor(rng, p, i),
      mobilePhone: validPhone(rng, p.place, true),
      homePhone: rng.chance(0.3) ? validPhone(rng, p.place, false) : null,
      workPhone: rng.chance(0.2) ? validPhone(rng, p.place, false) : null,
    });
  }
  return people;
}

const SYSTEM = { updatedById: null, updatedByName: 'System' } as const;

function userRow(email: string, kind: 'STUDENT' | 'COACH' | 'ADMIN', passwordHash: string | null, createdAt: Date, active = true): UserRow {
  return {
    email,
    passwordHash,
    kind,
    active,
    emailVerifiedAt: passwordHash ? createdAt : null,
    firstFailedLoginAt: null,
    lockedUntil: null,
    lastLoginAt: null,
    lastActivityAt: null,
    tokensValidAfter: null,
    ...SYSTEM,
    createdAt,
    updatedAt: createdAt,
  };
}

function studentRow(userId: number, email: string, p: Omit<DemoPerson, 'place' | 'email'>): StudentRow {
  const { createdAt, ...fields } = p as DemoPerson;
  delete (fields as Partial<DemoPerson>).place;
  delete (fields as Partial<DemoPerson>).email;
  return {
    title: null,
    suffix: null,
    salesforceLeadId: null,
    d2lUserId: null,
    edluminaId: null,
    photo: null,
    mergedIntoId: null,
    archivedAt: null,
    ...fields,
    userId,
    email,
    ...SYSTEM,
    createdAt,
    updatedAt: createdAt,
  } as StudentRow;
}

async function existingEmails(emails: string[], transaction: Transaction): Promise<Set<string>> {
  const found = await User.findAll({ where: { email: { [Op.in]: emails } }, attributes: ['email'], raw: true, transaction });
  return new Set(found.map((u) => u.email));
}

/**
 * Seeds the demo data; accounts whose email already exists are left as they are. `gateway`: the payment
 * gateway the app uses (server.ts passes it; default a sandbox): the demo's cards are attached and
 * charged through it, so every card path of the demo (payments, refunds online) works against it.
 */
export async function seedDemo(opts: { password: string; rounds: number; gateway?: PaymentGateway }): Promise<void> {
  const gateway = opts.gateway ?? new SandboxGateway();
  const sequelize = User.sequelize;
  if (!sequelize) throw new Error('seedDemo: models are not initialised');
  const passwordHash = await bcrypt.hash(opts.password, opts.rounds);
  const now = new Date();
  now.setUTCMilliseconds(0);
  const people = demoPeople(now);

  await sequelize.transaction(async (transaction) => {
    const taken = await existingEmails(
      [...DEMO_ADMINS.map((a) => a.email), DEMO_STUDENT_EMAIL, DEMO_COACH_EMAIL, DEMO_PAYING_STUDENT_EMAIL, ...people.map((p) => p.email)],
      transaction,
    );

    // Administrators, one per role.
    for (const a of DEMO_ADMINS) {
      if (taken.has(a.email)) continue;
      const role = await Role.findOne({ where: { name: a.role }, transaction });
      if (!role) continue;
      const user = await User.create(userRow(a.email, 'ADMIN', passwordHash, now), { transaction });
      const admin = await Administrator.create({ userId: user.id, email: a.email, firstName: a.firstName, lastName: a.lastName, ...SYSTEM, deletedAt: null }, { transaction });
      await AdministratorRole.create({ administratorId: admin.id, roleId: role.id }, { transaction });
    }

    // The demo student, who can sign in.
    const home = US_CITIES.find((c) => c.city === 'Miami')!;
    if (!taken.has(DEMO_STUDENT_EMAIL)) {
      const created = new Date(now.getTime() - 400 * 86_400_000);
      const user = await User.create(userRow(DEMO_STUDENT_EMAIL, 'STUDENT', passwordHash, created), { transaction });
      await Student.create(
        studentRow(user.id, DEMO_STUDENT_EMAIL, {
          firstName: 'Maria',
          middleName: 'Isabel',
          lastName: 'Gonzalez',
          gender: 'FEMALE',
          dateOfBirth: '1988-04-12',
          educationLevel: 'BACHELOR',
          occupation: 'Registered Nurse',
          militaryMember: false,
          street1: '1450 Brickell Ave',
          street2: 'Apt 12B',
          city: home.city,
          stateCode: home.stateCode,
          zip: '33131',
          countryCode: 'US',
          timeZone: home.timeZone,
          languageIso2LetterCode: 'ES',
          source: 'WEBSITE',
          isStudent: true,
          active: true,
          autoPay: true,
          emailOptIn: true,
          smsOptIn: true,
          createdAt: created,
          mobilePhone: '+13055550123',
          homePhone: null,
          workPhone: null,
        }),
        { transaction },
      );
    }

    // The demo student who pays tuition (enrolled, with a plan; seeders/billing-demo.ts).
    if (!taken.has(DEMO_PAYING_STUDENT_EMAIL)) {
      const boston = US_CITIES.find((c) => c.city === 'Boston') ?? home;
      const created = new Date(now.getTime() - 90 * 86_400_000);
      const user = await User.create(userRow(DEMO_PAYING_STUDENT_EMAIL, 'STUDENT', passwordHash, created), { transaction });
      await Student.create(
        studentRow(user.id, DEMO_PAYING_STUDENT_EMAIL, {
          firstName: 'James',
          middleName: null,
          lastName: 'Carter',
          gender: 'MALE',
          dateOfBirth: '1985-02-20',
          educationLevel: 'BACHELOR',
          occupation: 'Personal Trainer',
          militaryMember: false,
          street1: '200 Boylston St',
          street2: null,
          city: boston.city,
          stateCode: boston.stateCode,
          zip: boston.zip,
          countryCode: 'US',
          timeZone: boston.timeZone,
          languageIso2LetterCode: 'EN',
          source: 'WEBSITE',
          isStudent: true,
          active: true,
          autoPay: false,
          emailOptIn: true,
          smsOptIn: false,
          createdAt: created,
          mobilePhone: '+16175550188',
          homePhone: null,
          workPhone: null,
        }),
        { transaction },
      );
    }

    // The coach: a COACH account with its own student record.
    if (!taken.has(DEMO_COACH_EMAIL)) {
      const denver = US_CITIES.find((c) => c.city === 'Denver')!;
      const created = new Date(now.getTime() - 600 * 86_400_000);
      const user = await User.create(userRow(DEMO_COACH_EMAIL, 'COACH', passwordHash, created), { transaction });
      const student = await Student.create(
        studentRow(user.id, DEMO_COACH_EMAIL, {
          firstName: 'Olivia',
          middleName: null,
          lastName: 'Bennett',
          gender: 'FEMALE',
          dateOfBirth: '1979-09-03',
          educationLevel: 'MASTER',
          occupation: 'Health Coach',
          militaryMember: false,
          street1: '1700 Lincoln St',
          street2: null,
          city: denver.city,
          stateCode: denver.stateCode,
          zip: denver.zip,
          countryCode: 'US',
          timeZone: denver.timeZone,
          languageIso2LetterCode: 'EN',
          source: 'STAFF',
          isStudent: true,
          active: true,
          autoPay: false,
          emailOptIn: true,
          smsOptIn: true,
          createdAt: created,
          mobilePhone: '+13035550147',
          homePhone: null,
          workPhone: '+17205550162',
        }),
        { transaction },
      );
      await Coach.create(
        {
          userId: user.id,
          studentId: student.id,
          ...SYSTEM,
          intro: 'Certified health coach with ten years of practice in nutrition and habit change. I lead the Tuesday evening coaching circle.',
          coachWebConferenceUrl: 'https://meet.example.com/olivia-bennett',
          rateOfPay: 65,
          specializations: ['Nutrition', 'Habit change', 'Stress management'],
          languages: ['EN', 'ES'],
          hctpGraduatingClass: 'Fall 2014',
          source: 'Referral',
          showPhone: true,
          linkedIn: 'https://www.linkedin.com/in/olivia-bennett-coach',
          facebookGroupUrl: 'https://www.facebook.com/groups/olivia-bennett-circle',
          testCall: true,
        },
        { transaction },
      );
    }

    // Programs, cohorts, plans and products that are enrolling today.
    await seedCatalogueDemo(transaction, now);
    await seedVoucherDemo(transaction, now);

    // Generated students and customers: no password (they set one through "forgot password").
    const fresh = people.filter((p) => !taken.has(p.email));
    if (fresh.length) {
      await User.bulkCreate(
        fresh.map((p) => userRow(p.email, 'STUDENT', null, p.createdAt, p.active)),
        { transaction },
      );
      const ids = await User.findAll({ where: { email: { [Op.in]: fresh.map((p) => p.email) } }, attributes: ['id', 'email'], raw: true, transaction });
      const idOf = new Map(ids.map((u) => [u.email, u.id]));
      await Student.bulkCreate(
        fresh.map((p) => studentRow(idOf.get(p.email)!, p.email, p)),
        { transaction },
      );
    }

    // A few applications of generated students in CREATED, APPLIED, SIGNED and ENROLLED (seeders/enrollment-demo.ts).
    await seedEnrollmentDemo(
      transaction,
      people.map((p) => p.email),
      gateway,
      now,
    );
    // The paying student's card, application and plan (seeders/billing-demo.ts).
    await seedBillingDemo(transaction, DEMO_PAYING_STUDENT_EMAIL, gateway, now);
    // One information banner for everyone, not published: staff see how banners are written and publish it
    // to show it at the top of the portal (the browser suites' screens stay as they are).
    if (!(await InformationBanner.count({ transaction }))) {
      await InformationBanner.create(
        {
          title: 'Spring term: coaching circles open March 2',
          content:
            '<p>Sign up for your <strong>coaching circle</strong> from the learning centre. Questions? Write to <a href="mailto:support@example.com" target="_blank" rel="noopener noreferrer">support@example.com</a>.</p>',
          type: 'INFO',
          audience: 'ALL',
          programId: null,
          coachingCircleId: null,
          published: false,
          ...SYSTEM,
        },
        { transaction },
      );
    }
    // A communication staff scheduled for every active student (seeders/communications-demo.ts).
    await seedCommunicationsDemo(transaction, now);
  });
  // Their payments through the payment pipeline and the gateway (which run their own transactions), then the staff's billing queues.
  await chargeBillingDemo(DEMO_PAYING_STUDENT_EMAIL, gateway, now);
}
