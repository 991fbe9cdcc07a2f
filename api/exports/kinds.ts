import type { Administrator, Coach, CoachingCircle, CoachingCircleSignUpSession, Student, StudentPaymentPlan } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { adminConditions, adminListSpec } from '../admins/admins.service';
import { adminCriteriaBody } from '../admins/admins.schemas';
import { coachConditions, coachListSpec } from '../coaches/coaches.service';
import { coachCriteriaSchema } from '../coaches/coaches.schemas';
import { attendanceConditions, attendanceDto, attendanceListSpec } from '../coaching-circles/circle-attendance.service';
import { circleConditions, circleDto, circleListSpec } from '../coaching-circles/coaching-circles.service';
import { attendanceCriteriaSchema, circleCriteriaSchema, type CircleCriteria } from '../coaching-circles/coaching-circles.schemas';
import { FINANCIAL_HEADER, financialStatusLine, PLANS_HEADER, planConditions, planCsvInclude, planLine, planListSpec } from '../payment-plans/student-plans.service';
import { studentPlanCriteriaSchema, type StudentPlanCriteria } from '../payment-plans/student-plans.schemas';
import { studentListSource } from '../students/students.service';
import { customerCriteriaSchema, studentCriteriaSchema, type StudentCriteria } from '../students/students.schemas';
import type { CsvFormat } from './format';
import { defineExportKind } from './registry';
// Issue 21's kinds, declared beside their lists.
import '../academics/academics.exports';
import type { Purchase } from '../../models';
import { purchaseDto, purchaseListSpec } from '../purchases/purchases.service';
import { purchaseCriteria, purchaseCriteriaSchema, type PurchaseCriteria } from '../purchases/purchases.schemas';
import { criteriaWhere } from '../common/list';

/**
 * The export kinds whose lists exist (platform spec §7 "File export and files"). Each reuses its list's
 * criteria schema and its list's where (the list service's own source function), so an export holds
 * exactly the rows the list shows for the same criteria and keyword, in id order. Issue 21's kinds:
 * graduations_csv, certifications_csv and academic_progress_csv in api/academics/academics.exports.ts,
 * extra_product-purchases_csv below.
 */

// ---- Students and customers (raw rows: the 1M-row benchmark's path) ----

const PERSON_ATTRIBUTES = [
  'id',
  'firstName',
  'lastName',
  'email',
  'mobilePhone',
  'gender',
  'dateOfBirth',
  'languageIso2LetterCode',
  'street1',
  'city',
  'stateCode',
  'zip',
  'countryCode',
  'source',
  'isStudent',
  'active',
  'autoPay',
  'createdAt',
  'updatedAt',
];
const PERSON_HEADER = [
  'ID',
  'First name',
  'Last name',
  'Email',
  'Mobile phone',
  'Gender',
  'Date of birth',
  'Language',
  'Street',
  'City',
  'State',
  'Zip',
  'Country',
  'Source',
  'Student',
  'Active',
  'Auto-pay',
  'Created',
  'Updated',
];
type PersonRow = Pick<Student, 'id' | 'firstName' | 'lastName' | 'email' | 'mobilePhone' | 'gender' | 'dateOfBirth' | 'languageIso2LetterCode' | 'street1' | 'city'> &
  Pick<Student, 'stateCode' | 'zip' | 'countryCode' | 'source' | 'isStudent' | 'active' | 'autoPay' | 'createdAt' | 'updatedAt'>;
const personLines = (rows: PersonRow[], f: CsvFormat) =>
  rows.map((s) => [
    s.id,
    s.firstName,
    s.lastName,
    s.email,
    s.mobilePhone,
    f.label('Gender', s.gender),
    f.date(s.dateOfBirth),
    f.label('Language', s.languageIso2LetterCode),
    s.street1,
    s.city,
    s.stateCode,
    s.zip,
    s.countryCode,
    f.label('ApplicationSource', s.source),
    f.yesNo(s.isStudent),
    f.yesNo(s.active),
    f.yesNo(s.autoPay),
    f.dateTime(s.createdAt),
    f.dateTime(s.updatedAt),
  ]);

defineExportKind<Partial<StudentCriteria>, PersonRow>({
  type: 'students_csv',
  permission: 'students:export',
  criteria: studentCriteriaSchema,
  fileName: 'students',
  header: PERSON_HEADER,
  source: (criteria) => studentListSource('students', criteria),
  attributes: PERSON_ATTRIBUTES,
  lines: personLines,
});

defineExportKind<Partial<StudentCriteria>, PersonRow>({
  type: 'customers_csv',
  permission: 'customers:export',
  criteria: customerCriteriaSchema,
  fileName: 'customers',
  header: PERSON_HEADER,
  source: (criteria) => studentListSource('customers', criteria),
  attributes: PERSON_ATTRIBUTES,
  lines: personLines,
});

// ---- Administrators and coaches ----

defineExportKind<Parameters<typeof adminConditions>[0], Administrator>({
  type: 'administrators_csv',
  permission: 'admins:export',
  criteria: adminCriteriaBody,
  fileName: 'administrators',
  header: ['ID', 'First name', 'Last name', 'Email', 'Roles', 'Active', 'Last sign-in', 'Created', 'Updated'],
  source: async (criteria) => ({ spec: adminListSpec, conditions: await adminConditions(criteria) }),
  lines: (rows, f) =>
    rows.map((a) => [
      a.id,
      a.firstName,
      a.lastName,
      a.email,
      (a.roles ?? [])
        .map((r) => r.name)
        .sort()
        .join(', '),
      f.yesNo(a.user?.active ?? false),
      f.dateTime(a.user?.lastLoginAt),
      f.dateTime(a.createdAt),
      f.dateTime(a.updatedAt),
    ]),
});

defineExportKind<Record<string, unknown>, Coach>({
  type: 'coaches_csv',
  permission: 'coaches:read',
  criteria: coachCriteriaSchema,
  fileName: 'coaches',
  header: ['ID', 'First name', 'Last name', 'Email', 'Mobile phone', 'Active', 'Languages', 'Specializations', 'Rate of pay', 'Source', 'Created', 'Updated'],
  source: (criteria) => ({ spec: coachListSpec, conditions: coachConditions(criteria) }),
  lines: (rows, f) =>
    rows.map((c) => [
      c.id,
      c.student?.firstName,
      c.student?.lastName,
      c.student?.email,
      c.student?.mobilePhone,
      f.yesNo(c.student?.active),
      (c.languages ?? []).map((l) => f.label('Language', l)).join(', '),
      (c.specializations ?? []).join(', '),
      f.money(c.rateOfPay),
      c.source,
      f.dateTime(c.createdAt),
      f.dateTime(c.updatedAt),
    ]),
});

// ---- Payment plans: financial status (collections), plans, migrated plans ----

defineExportKind<StudentPlanCriteria, StudentPaymentPlan>({
  type: 'collections_csv',
  permission: 'payment_plans:read',
  criteria: studentPlanCriteriaSchema,
  fileName: 'financial-status',
  header: FINANCIAL_HEADER,
  source: (criteria) => ({ spec: planListSpec, conditions: planConditions(criteria) }),
  include: planCsvInclude,
  lines: (rows) => rows.map(financialStatusLine),
});

defineExportKind<StudentPlanCriteria, StudentPaymentPlan>({
  type: 'payment_plans_csv',
  permission: 'payment_plans:read',
  criteria: studentPlanCriteriaSchema,
  fileName: 'payment-plans',
  header: PLANS_HEADER,
  source: (criteria) => ({ spec: planListSpec, conditions: planConditions(criteria) }),
  include: planCsvInclude,
  lines: (rows) => {
    const today = schoolToday();
    return rows.map((p) => planLine(p, today));
  },
});

defineExportKind<StudentPlanCriteria, StudentPaymentPlan>({
  type: 'migrated_payment_plans_csv',
  permission: 'payment_plans:read',
  criteria: studentPlanCriteriaSchema,
  fileName: 'migrated-payment-plans',
  header: PLANS_HEADER,
  // The migrated plans list: `migrated: true` is fixed whatever the body says.
  source: (criteria) => ({ spec: planListSpec, conditions: planConditions({ ...criteria, migrated: true }) }),
  include: planCsvInclude,
  lines: (rows) => {
    const today = schoolToday();
    return rows.map((p) => planLine(p, today));
  },
});

// ---- Coaching circles: attendance, and the circles themselves (utcOffset) ----

defineExportKind<Parameters<typeof attendanceConditions>[0], CoachingCircleSignUpSession>({
  type: 'coaching_circle_attendance_csv',
  permission: 'coaching_circles:read',
  criteria: attendanceCriteriaSchema,
  fileName: 'coaching-circle-attendance',
  header: ['ID', 'Student ID', 'Student', 'Email', 'Coaching circle', 'Session', 'Session start', 'Coach', 'Status', 'Participation', 'Notes'],
  source: (criteria, o) => ({ spec: attendanceListSpec, conditions: attendanceConditions(criteria, o.utcOffset, o.viewer) }),
  lines: (rows, f) =>
    rows.map((row) => {
      const a = attendanceDto(row);
      return [
        a.id,
        a.student?.id,
        a.student?.fullName,
        a.student?.email,
        a.coachingCircleName,
        a.session?.sessionNumber,
        f.dateTime(a.session?.startDateTime),
        a.coach?.fullName,
        f.label('AttendanceStatus', a.status),
        a.participation,
        a.notes,
      ];
    }),
});

defineExportKind<CircleCriteria, CoachingCircle>({
  type: 'coaching_circle_simplified_csv',
  permission: 'coaching_circles:read',
  criteria: circleCriteriaSchema as never,
  fileName: 'coaching-circles',
  header: ['ID', 'Name', 'Type', 'Cohort', 'Start date', 'Start time', 'End time', 'Time zone', 'Sessions', 'Frequency', 'Max students', 'Coaches', 'Published'],
  source: async (criteria, o) => ({ spec: circleListSpec, conditions: await circleConditions(criteria, o.zone) }),
  lines: (rows, f) =>
    rows.map((row) => {
      const c = circleDto(row, f.zone);
      return [
        c.id,
        c.name,
        c.type?.name,
        c.cohort?.label,
        c.local.startDate,
        c.local.startTime,
        c.local.endTime,
        c.local.zone,
        c.sessions,
        `${c.frequency} ${f.label('FrequencyUnit', c.frequencyUnit)}`,
        c.maxStudents,
        c.coaches
          .map((g) => g.coach?.fullName)
          .filter(Boolean)
          .join(', '),
        f.yesNo(c.published),
      ];
    }),
});

// ---- Purchases of extra products (issue 21): the /extra-product-purchases list's rows ----

defineExportKind<PurchaseCriteria, Purchase>({
  type: 'extra_product-purchases_csv',
  permission: 'payments:read',
  criteria: purchaseCriteriaSchema,
  fileName: 'extra-product-purchases',
  header: [
    'ID',
    'Purchased',
    'Student ID',
    'Student',
    'Email',
    'Program',
    'Enrollment ID',
    'Product',
    'Type',
    'Quantity',
    'Unit price',
    'Subtotal',
    'Tax state',
    'Tax rate (%)',
    'Tax',
    'Total',
    'Refunded',
    'Status',
    'Card',
    'Failure',
  ],
  source: (criteria) => ({ spec: purchaseListSpec, conditions: criteriaWhere(purchaseCriteria, criteria, purchaseListSpec.model.sequelize!.getDialect()) }),
  lines: (rows, f) =>
    rows.map((row) => {
      const p = purchaseDto(row);
      return [
        p.id,
        f.dateTime(p.purchasedAt),
        p.studentId,
        p.student?.fullName,
        p.student?.email,
        p.program?.name,
        p.enrollmentId,
        p.productName,
        f.label('ExtraProductType', p.productType),
        p.quantity,
        f.money(p.unitPrice),
        f.money(p.amount),
        p.taxState,
        p.taxRate,
        f.money(p.taxAmount),
        f.money(p.total),
        f.money(p.refundedAmount),
        f.label('PurchaseStatus', p.status),
        p.cardLast4 ? `${p.cardBrand ?? ''} ${p.cardLast4}`.trim() : '',
        p.failureMessage,
      ];
    }),
});
