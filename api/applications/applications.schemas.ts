import { z } from 'zod';
import { ApplicationSource, ApplicationStatus, EnrollmentFlowStep, FinancialStatus, StudentPaymentPlanStatus, type Of } from '../../models/enums';
import { Messages } from '../../models/messages';
import { booleanish, id, optionalText } from '../../models/validation';
import { criteriaSchema, pagingQuery, type CriteriaSpec, type PagingQuery } from '../common/list';

/**
 * Input of the applications area. Sorting stays on columns the applications indexes cover
 * ((status, id), applied_at, updated_at, plus id), except days overdue and financial status: they
 * are the application's standing today, computed from its plans (billing/standing.ts).
 */
export const applicationSortable = {
  id: 'id',
  ID: 'id',
  status: 'status',
  STATUS: 'status',
  appliedAt: 'appliedAt',
  APPLIED_AT: 'appliedAt',
  updatedAt: 'updatedAt',
  UPDATED_AT: 'updatedAt',
  daysOverdue: 'daysOverdue',
  DAYS_OVERDUE: 'daysOverdue',
  financialStatus: 'financialStatus',
  FINANCIAL_STATUS: 'financialStatus',
};

/** A list of enum values from a query string: repeated keys or one comma-separated value. */
const enumList = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(z.enum(values)).max(50).optional(),
  );

/** GET /applications: the plain list, `migrated` (the migrated variant) and `statuses` optional. */
export const applicationListQuery = pagingQuery(
  { sortable: applicationSortable, defaultDescending: true },
  {
    migrated: booleanish().optional(),
    statuses: enumList(ApplicationStatus),
  },
);
/** (pagingQuery's extra keys are not in its inferred type: spelled out here.) */
export type ApplicationListQuery = PagingQuery & { migrated?: boolean; statuses?: Array<Of<typeof ApplicationStatus>> };

/** GET /applications/search: the quick search (size 10). */
export const applicationSearchQuery = pagingQuery({ sortable: applicationSortable, defaultDescending: true, maxSize: 10 });
export const applicationCriteriaQuery = pagingQuery({ sortable: applicationSortable, defaultDescending: true });

/**
 * The applications filter of back-office §3. The keys on the applications row go through the shared
 * criteria translation; the others (classes, programs, due dates, locations, plan statuses, keyword)
 * become subqueries in criteria.ts.
 */
export const applicationCriteria: CriteriaSpec = {
  productIds: { kind: 'ids', column: 'productId' },
  studentIds: { kind: 'ids', column: 'studentId' },
  statuses: { kind: 'in', column: 'status', values: ApplicationStatus },
  appliedOn: { kind: 'dateRange', column: 'appliedAt', dateTime: true },
  migrated: { kind: 'eq', column: 'migrated', type: 'boolean' },
  autoPay: { kind: 'eq', column: 'autoPay', type: 'boolean' },
  updatedByIds: { kind: 'ids', column: 'updatedById' },
  updatedAt: { kind: 'dateRange', column: 'updatedAt', dateTime: true },
  businessCategoryIds: { kind: 'ids', column: 'businessCategoryId' },
  sources: { kind: 'in', column: 'source', values: ApplicationSource },
  // Read by criteria.ts (subqueries): listed here so the schema accepts them.
  /** The application's payment status: its financial status today (GOOD, PAST_DUE, COLLECTIONS, COLLECTIONS_2; billing/standing.ts). */
  paymentStatuses: { kind: 'in', column: '_paymentStatuses', values: FinancialStatus },
  cohortIds: { kind: 'ids', column: '_cohortIds' },
  programIds: { kind: 'ids', column: '_programIds' },
  paymentDueDate: { kind: 'dateRange', column: '_paymentDueDate' },
  paymentPlanStatuses: { kind: 'in', column: '_paymentPlanStatuses', values: StudentPaymentPlanStatus },
  keyword: { kind: 'prefix', column: '_keyword' },
};
/** The keys criteria.ts turns into subqueries itself. */
export const SUBQUERY_KEYS = ['cohortIds', 'programIds', 'paymentDueDate', 'paymentPlanStatuses', 'paymentStatuses', 'keyword', 'locations'] as const;

const location = z
  .object({
    countryCode: optionalText(2),
    stateCode: optionalText(10),
    city: optionalText(100),
    zip: optionalText(20),
  })
  .strict()
  .nullish();

export const applicationCriteriaSchema = criteriaSchema(applicationCriteria).extend({ locations: location });
type DateRange = { from?: string | null; to?: string | null } | null;
/** The filter as the service reads it (the generic criteria schema infers loose types). */
export type ApplicationCriteria = {
  cohortIds?: number[] | null;
  productIds?: number[] | null;
  programIds?: number[] | null;
  appliedOn?: DateRange;
  paymentDueDate?: DateRange;
  migrated?: boolean | null;
  autoPay?: boolean | null;
  locations?: { countryCode?: string | null; stateCode?: string | null; city?: string | null; zip?: string | null } | null;
  studentIds?: number[] | null;
  statuses?: string[] | null;
  updatedByIds?: number[] | null;
  updatedAt?: DateRange;
  paymentPlanStatuses?: string[] | null;
  paymentStatuses?: string[] | null;
  businessCategoryIds?: number[] | null;
  sources?: string[] | null;
  keyword?: string | null;
};

export const applicationIdParams = z.object({ id: id() });
export const studentIdParams = z.object({ id: id() });
export const applicationCohortsQuery = z
  .object({
    size: z.coerce
      .number()
      .int(Messages.INVALID_VALUE)
      .min(1, Messages.INVALID_VALUE)
      .default(200)
      .transform((n) => Math.min(n, 200)),
    page: z.coerce.number().int(Messages.INVALID_VALUE).min(0, Messages.INVALID_VALUE).max(1_000_000).default(0),
  })
  .strict();

const opportunityId = () => optionalText(40).refine((v) => v === null || v === undefined || /^[A-Za-z0-9_-]+$/.test(v), Messages.INVALID_VALUE);

/** POST /applications as staff: for a student and a product; as a student: `{ productId }` only. */
export const applicationCreateBody = z
  .object({
    studentId: id().optional(),
    productId: id(),
    source: z.preprocess((v) => (v === '' ? null : v), z.enum(ApplicationSource).nullish()),
    opportunityId: opportunityId(),
    migrated: booleanish().optional(),
  })
  .strict();
export type ApplicationCreateInput = z.output<typeof applicationCreateBody>;
export const studentCreateBody = z.object({ productId: id() }).strict();

/** PUT /applications/{id}: every key optional; a student may send only the portal's choices. */
const studentUpdateShape = {
  cohortIds: z.array(id()).max(50, Messages.INVALID_VALUE).optional(),
  productPaymentPlanId: id().nullish(),
  paymentMethodId: id().nullish(),
  documentName: optionalText(255),
  documentType: optionalText(100),
};
export const applicationUpdateBody = z
  .object({
    ...studentUpdateShape,
    source: z.preprocess((v) => (v === '' ? null : v), z.enum(ApplicationSource).nullish()),
    opportunityId: opportunityId(),
    migrated: booleanish().optional(),
  })
  .strict();
export type ApplicationUpdateInput = z.output<typeof applicationUpdateBody>;
export const studentUpdateBody = z.object(studentUpdateShape).strict();

/** POST /applications/{id}/progress: the step to mark complete (none: just the progress). */
export const progressBody = z.object({ step: z.enum(EnrollmentFlowStep).nullish() }).strict();

/** PATCH /applications/{id}/status?status=X */
export const statusQuery = z.object({ status: z.enum(ApplicationStatus, { error: Messages.INVALID_VALUE }) }).strict();
