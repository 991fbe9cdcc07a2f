import { Application, CoachingCircle, CoachingCircleCoach, CoachingCircleScope, CoachingCircleSession, CoachingCircleType, Cohort, Enrollment, Student, User } from '../../models';
import type { Deps } from '../../api/common/context';
import { makeEnrollableProduct, type EnrollableProduct } from './enrollment-factories';
import { makeStudent, unique } from './factories';

const HOUR = 3_600_000;

/** A product with one cohort whose period covers any date (2000 … 2099) unless given. */
export async function circleCohort(period: { startDate?: string; endDate?: string } = {}): Promise<EnrollableProduct & { cohort: Cohort }> {
  const p = await makeEnrollableProduct();
  const cohort = await p.cohorts[0].update({ startDate: period.startDate ?? '2000-01-01', endDate: period.endDate ?? '2099-12-31' });
  return { ...p, cohort };
}

export interface CircleFixture {
  type: CoachingCircleType;
  circle: CoachingCircle;
  sessions: CoachingCircleSession[];
  groups: CoachingCircleCoach[];
  coaches: Array<Awaited<ReturnType<typeof makeStudent>>>;
}

/**
 * A coaching circle of `cohort` straight in the database: sessions starting `hoursFromNow` (default
 * 48, 216, 384: three weekly sessions from two days ahead), one group per `groups` entry (a new coach
 * each), published unless told, its own cohort as scope.
 */
export async function makeCircle(
  deps: Deps,
  cohort: Cohort,
  opts: {
    hoursFromNow?: number[];
    groups?: Array<{ maxStudents?: number; webConferenceUrl?: string | null }>;
    published?: boolean;
    type?: CoachingCircleType;
    openDate?: Date | null;
    closeDate?: Date | null;
    timeZone?: string;
    name?: string;
  } = {},
): Promise<CircleFixture> {
  const type =
    opts.type ?? (await CoachingCircleType.create({ name: unique('Type '), description: null, sessions: 3, maxStudents: 10, frequency: 1, frequencyUnit: 'WEEKS', duration: 60 }));
  const hours = opts.hoursFromNow ?? [48, 216, 384];
  const first = new Date(Date.now() + hours[0] * HOUR);
  const circle = await CoachingCircle.create({
    coachingCircleTypeId: type.id,
    cohortId: cohort.id,
    name: opts.name ?? unique('Circle '),
    sessions: hours.length,
    maxStudents: 10,
    frequency: 1,
    frequencyUnit: 'WEEKS',
    duration: 60,
    startDate: first.toISOString().slice(0, 10),
    startTime: '18:00',
    endTime: '19:00',
    timeZone: opts.timeZone ?? 'America/New_York',
    openDate: opts.openDate === undefined ? new Date(Date.now() - 24 * HOUR) : opts.openDate,
    closeDate: opts.closeDate === undefined ? null : opts.closeDate,
    published: opts.published ?? true,
    publishedAt: opts.published === false ? null : new Date(),
  });
  await CoachingCircleScope.create({ coachingCircleId: circle.id, cohortId: cohort.id });
  const sessions: CoachingCircleSession[] = [];
  let n = 1;
  for (const h of hours) {
    const start = new Date(Date.now() + h * HOUR);
    sessions.push(await CoachingCircleSession.create({ coachingCircleId: circle.id, sessionNumber: n++, startDateTime: start, endDateTime: new Date(start.getTime() + HOUR) }));
  }
  const groups: CoachingCircleCoach[] = [];
  const coaches: CircleFixture['coaches'] = [];
  for (const g of opts.groups ?? [{}]) {
    const coach = await makeStudent(deps, { kind: 'COACH', firstName: 'Cora', lastName: unique('Coach') });
    coaches.push(coach);
    groups.push(
      await CoachingCircleCoach.create({
        coachingCircleId: circle.id,
        coachId: coach.coach!.id,
        webConferenceUrl: g.webConferenceUrl === undefined ? `https://meet.example.com/${unique('room')}` : g.webConferenceUrl,
        maxStudents: g.maxStudents ?? 10,
      }),
    );
  }
  return { type, circle, sessions, groups, coaches };
}

/** An ACTIVE enrollment of a student in the product's cohort (through an ENROLLED application). */
export async function enroll(studentId: number, p: EnrollableProduct & { cohort: Cohort }, status: Enrollment['status'] = 'ACTIVE'): Promise<Enrollment> {
  const application = await Application.create({
    studentId,
    productId: p.product.id,
    productPaymentPlanId: null,
    businessCategoryId: p.cohort.businessCategoryId,
    status: 'ENROLLED',
    flowType: p.product.flowType,
    source: 'WEBSITE',
    opportunityId: null,
    documentName: null,
    documentType: null,
    voucherId: null,
    paymentMethodId: null,
    appliedAt: new Date(),
    enrolledAt: new Date(),
    statusChangedAt: null,
    updatedById: null,
    updatedByName: null,
  });
  return Enrollment.create({
    applicationId: application.id,
    studentId,
    cohortId: p.cohort.id,
    programId: p.cohort.programId,
    status,
    enrolledAt: new Date(),
    updatedById: null,
    updatedByName: null,
  });
}

/** A student with a token enrolled (ACTIVE) in the product's cohort. */
export async function enrolledStudent(deps: Deps, p: EnrollableProduct & { cohort: Cohort }, overrides: Parameters<typeof makeStudent>[1] = {}) {
  const s = await makeStudent(deps, overrides);
  await enroll(s.student.id, p);
  return s;
}

/** `n` students enrolled in the cohort, in bulk (no tokens: staff sign them up). */
export async function manyEnrolledStudents(n: number, p: EnrollableProduct & { cohort: Cohort }): Promise<number[]> {
  const tag = unique('bulk');
  const users = await User.bulkCreate(
    Array.from({ length: n }, (_, i) => ({
      email: `${tag}-${i}@example.com`,
      passwordHash: 'x',
      kind: 'STUDENT' as const,
      emailVerifiedAt: new Date(),
      firstFailedLoginAt: null,
      lockedUntil: null,
      lastLoginAt: null,
      lastActivityAt: null,
      tokensValidAfter: null,
      updatedById: null,
      updatedByName: null,
    })),
  );
  const students = await Student.bulkCreate(
    users.map((u, i) => ({
      userId: u.id,
      email: u.email,
      firstName: 'Bulk',
      lastName: `${tag}${i}`,
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
    })),
  );
  const ids = (await Student.findAll({ where: { email: users.map((u) => u.email) }, attributes: ['id'] })).map((s) => s.id);
  void students;
  const apps = await Application.bulkCreate(
    ids.map((studentId) => ({
      studentId,
      productId: p.product.id,
      productPaymentPlanId: null,
      businessCategoryId: p.cohort.businessCategoryId,
      status: 'ENROLLED' as const,
      flowType: p.product.flowType,
      source: 'WEBSITE' as const,
      opportunityId: null,
      documentName: null,
      documentType: null,
      voucherId: null,
      paymentMethodId: null,
      appliedAt: new Date(),
      enrolledAt: new Date(),
      statusChangedAt: null,
      updatedById: null,
      updatedByName: null,
    })),
  );
  const appIds = (await Application.findAll({ where: { studentId: ids, productId: p.product.id }, attributes: ['id', 'studentId'] })).map((a) => [a.studentId, a.id] as const);
  void apps;
  await Enrollment.bulkCreate(
    appIds.map(([studentId, applicationId]) => ({
      applicationId,
      studentId,
      cohortId: p.cohort.id,
      programId: p.cohort.programId,
      status: 'ACTIVE' as const,
      enrolledAt: new Date(),
      updatedById: null,
      updatedByName: null,
    })),
  );
  return ids;
}
