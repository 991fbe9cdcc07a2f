/**
 * The analytics contract (platform §7 "Analytics", domain rules "Analytics"): the 13 kinds of
 * `POST /analytics/admin/{kind}` and their one answer shape, `{ labels, series: [{ name, data }], total }`.
 * Browser-safe: the console's dashboard reads the kinds, the money kinds and the answer type from here.
 */
import { z } from 'zod';

export const AnalyticsKind = [
  'applications',
  'top_country_enrollments',
  'applications_category',
  'applications_program',
  'applications_product',
  'students_logged',
  'students_gender',
  'applications_cohort',
  'count_students',
  'applications_source',
  'payments_schedules',
  'count_late_payment',
  'transactions_past_due',
] as const;
export type AnalyticsKindName = (typeof AnalyticsKind)[number];

/** The kinds whose data and total are money (dollars with two decimals); the others are counts. */
export const MONEY_KINDS: readonly AnalyticsKindName[] = ['payments_schedules', 'transactions_past_due'];

/** The kinds whose labels are dates (YYYY-MM-DD for a day or a week's first day, YYYY-MM for a month). */
export const DATE_KINDS: readonly AnalyticsKindName[] = ['applications', 'students_logged', 'payments_schedules'];

/** The days-late buckets of transactions_past_due, in order. */
export const PAST_DUE_BUCKETS = ['1-30', '31-60', '61-90', '91+'] as const;

/** How the date kinds bucket a range: per day up to 60 days, per week up to a year, per month past that. */
export const AnalyticsBucket = ['DAY', 'WEEK', 'MONTH'] as const;

/**
 * One chart's figures. `labels` are the categories (dates, enum values, names); each series has one
 * number per label; `total` is the count (or the amount) of the whole answer, before any top-N cut.
 * A label the data has no value for (a student without a country, an application without a source) is ''.
 */
export const analyticsAnswer = z
  .object({
    labels: z.array(z.string()),
    series: z.array(z.object({ name: z.string(), data: z.array(z.number()) }).strict()),
    total: z.number(),
  })
  .strict();
export type AnalyticsAnswer = z.infer<typeof analyticsAnswer>;
