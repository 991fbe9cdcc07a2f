import { QueryTypes, type Sequelize } from 'sequelize';
import { schoolToday } from '../../models/catalogue';
import { ApplicationStatus } from '../../models/enums';
import { Messages } from '../../models/messages';
import { AnalyticsKind, PAST_DUE_BUCKETS, type AnalyticsAnswer, type AnalyticsKindName } from '../../domain/contract/analytics';
import { addDays, bucketLabels, bucketOf, daysBetween, DEFAULT_RANGE_DAYS, MAX_RANGE_DAYS, monthLabels, type Bucket } from '../../domain/rules/analytics';
import { toDollars } from '../../domain/money';
import { DEFAULT_ZONE, parseZone, wallTimeToUtc } from '../../domain/rules/coaching-circles';
import { AppError } from '../common/errors';
import { standingSql } from '../billing/standing';
import type { AnalyticsBody } from './analytics.schemas';
import { refreshAnalytics } from './refresh';

/**
 * POST /analytics/admin/{kind} (domain rules "Analytics"): each kind is ONE SQL statement that groups
 * in the database and answers a handful of aggregate rows: the applications, sign-in and schedule kinds
 * over the summary tables (migration 0039; refresh.ts brings them up to date first, so the answers are
 * exact), the students and plan-standing kinds over their base tables (indexes of migration 0030).
 * Node only orders them, puts the days into buckets, fills the empty buckets and writes the one answer
 * shape. The date range applies to each kind's own date column (see KINDS), by the school's calendar
 * (America/New_York). Counts are whole numbers, money dollars with two decimals (summed in cents).
 */

/** The late financial statuses count_late_payment counts (domain rules), in their order. */
const LATE_STATUSES = ['PAST_DUE', 'COLLECTIONS', 'COLLECTIONS_2'] as const;

/** The statuses a kind may be filtered by (`status` or `statuses`); a kind without any refuses them. */
const STATUSES_OF: Partial<Record<AnalyticsKindName, readonly string[]>> = {
  applications: ApplicationStatus,
  applications_category: ApplicationStatus,
  applications_program: ApplicationStatus,
  applications_product: ApplicationStatus,
  applications_cohort: ApplicationStatus,
  applications_source: ApplicationStatus,
  count_late_payment: LATE_STATUSES,
};

/** Top N by default: the dashboard's 3 countries (back-office spec, defaults); other kinds answer every group. */
const DEFAULT_SIZE: Partial<Record<AnalyticsKindName, number>> = { top_country_enrollments: 3 };

interface Criteria {
  kind: AnalyticsKindName;
  start: string;
  end: string;
  /** The range as instants: from the start's 00:00 at the school (America/New_York), to the day after the end's (exclusive). */
  from: Date;
  to: Date;
  /** The date kinds' buckets (days, weeks or months of the school's calendar) and their labels. */
  bucket: Bucket;
  labels: string[];
  today: string;
  programId: number | null;
  businessCategoryId: number | null;
  productId: number | null;
  statuses: string[];
  size: number | null;
}

type Row = Record<string, unknown>;
type Query = (sql: string, replacements?: Record<string, unknown>) => Promise<Row[]>;

const isKind = (kind: string): kind is AnalyticsKindName => (AnalyticsKind as readonly string[]).includes(kind);
const count = (v: unknown) => Number(v ?? 0);
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

const SCHOOL_ZONE = parseZone(DEFAULT_ZONE)!;

/** A school day's first instant (its 00:00 in America/New_York, daylight saving time included). */
const schoolMidnight = (day: string) => wallTimeToUtc(day, '00:00', SCHOOL_ZONE);

/** The range's buckets and their labels. */
function buckets(start: string, end: string): Pick<Criteria, 'bucket' | 'labels'> {
  const bucket = bucketOf(start, end);
  return { bucket, labels: bucketLabels(start, end, bucket) };
}

/** Body → criteria: the range's defaults (the 30 days ending today; an open end is today), the kind's statuses checked. */
function criteriaOf(kind: AnalyticsKindName, body: AnalyticsBody, today: string): Criteria {
  const end = body.endDate ?? (body.startDate && body.startDate > today ? body.startDate : today);
  const start = body.startDate ?? addDays(end, -(DEFAULT_RANGE_DAYS - 1));
  if (end < start) throw AppError.badRequest({ endDate: Messages.DATE_RANGE_ORDER });
  if (daysBetween(start, end) >= MAX_RANGE_DAYS) throw AppError.badRequest({ startDate: Messages.INVALID_VALUE });
  const asked = [...(body.status ? [body.status] : []), ...(body.statuses ?? [])];
  const allowed = STATUSES_OF[kind];
  if (asked.length && !allowed) throw AppError.badRequest({ [body.status ? 'status' : 'statuses']: Messages.INVALID_VALUE });
  const errors: Record<string, string> = {};
  if (body.status && !allowed!.includes(body.status)) errors.status = Messages.INVALID_VALUE;
  (body.statuses ?? []).forEach((s, i) => {
    if (!allowed!.includes(s)) errors[`statuses.${i}`] = Messages.INVALID_VALUE;
  });
  if (Object.keys(errors).length) throw AppError.badRequest(errors);
  return {
    kind,
    start,
    end,
    from: schoolMidnight(start),
    to: schoolMidnight(addDays(end, 1)),
    ...buckets(start, end),
    today,
    programId: body.programId ?? null,
    businessCategoryId: body.businessCategoryId ?? null,
    productId: body.productId ?? null,
    statuses: [...new Set(asked)],
    size: body.size ?? DEFAULT_SIZE[kind] ?? null,
  };
}

/**
 * The applications filter of every kind, on the alias `a`: program (an application's cohort in it),
 * business category, product and statuses. `statuses` false: the kind fixes its own.
 */
function applicationFilter(c: Criteria, statuses = true): string {
  const parts: string[] = [];
  if (c.programId) parts.push('a.id IN (SELECT ac.application_id FROM application_cohorts ac WHERE ac.program_id = :programId)');
  if (c.businessCategoryId) parts.push('a.business_category_id = :businessCategoryId');
  if (c.productId) parts.push('a.product_id = :productId');
  if (statuses && c.statuses.length) parts.push('a.status IN (:statuses)');
  return parts.map((p) => ` AND ${p}`).join('');
}

/** The same filter for a row that belongs to a student: the student has an application matching it. */
function studentFilter(c: Criteria, column: string): string {
  const where = applicationFilter(c, false);
  return where ? ` AND ${column} IN (SELECT a.student_id FROM applications a WHERE 1 = 1${where})` : '';
}

/** The same filter for a payment plan (`column` its application's id): the plan's application matches it. */
function planFilter(c: Criteria, column: string): string {
  const where = applicationFilter(c, false);
  return where ? ` AND ${column} IN (SELECT a.id FROM applications a WHERE 1 = 1${where})` : '';
}

const replacementsOf = (c: Criteria) => ({
  start: c.start,
  end: c.end,
  from: c.from,
  to: c.to,
  today: c.today,
  programId: c.programId,
  businessCategoryId: c.businessCategoryId,
  productId: c.productId,
  statuses: c.statuses.length ? c.statuses : [''],
  fp: fpOf(c),
});

/** Groups answered as `k` (key), `label` and `n`: ordered by count (then label), cut to the top N; the total is before the cut. */
function grouped(rows: Row[], name: string, size: number | null, labelOf: (r: Row) => string = (r) => text(r.label ?? r.k)): AnalyticsAnswer {
  const groups = rows.map((r) => ({ label: labelOf(r), n: count(r.n) })).sort((x, y) => y.n - x.n || x.label.localeCompare(y.label));
  const total = groups.reduce((s, g) => s + g.n, 0);
  const shown = size ? groups.slice(0, size) : groups;
  return { labels: shown.map((g) => g.label), series: shown.length ? [{ name, data: shown.map((g) => g.n) }] : [], total };
}

type KindRun = (c: Criteria, q: Query, sequelize: Sequelize) => Promise<AnalyticsAnswer>;

/** The program filter's row of a summary (0: every application; migration 0039). */
const fpOf = (c: Criteria) => c.programId ?? 0;

/**
 * The filters on a summary table (api/analytics/refresh.ts keeps them): the program filter's rows
 * (`fp`), business category, product and statuses. `statuses` false: the kind fixes its own.
 */
function summaryFilter(c: Criteria, statuses = true): string {
  const parts = ['fp = :fp'];
  if (c.businessCategoryId) parts.push('business_category_id = :businessCategoryId');
  if (c.productId) parts.push('product_id = :productId');
  if (statuses && c.statuses.length) parts.push('status IN (:statuses)');
  return parts.map((p) => ` AND ${p}`).join('');
}

/** A school day's bucket in the range: its index in `labels`. */
function bucketOfDay(day: string, c: Criteria): number {
  if (c.bucket === 'DAY') return daysBetween(c.start, day);
  if (c.bucket === 'WEEK') return Math.floor(daysBetween(c.start, day) / 7);
  const [y0, m0] = c.start.split('-').map(Number);
  const [y, m] = day.split('-').map(Number);
  return (y - y0) * 12 + (m - m0);
}

/** A school-day column's bucket in SQL: the day itself (DAY, bucketed in Node) or the bucket's index (WEEK, MONTH). */
function bucketSql(column: string, c: Criteria, sequelize: Sequelize): string {
  if (c.bucket === 'DAY') return column;
  if (c.bucket === 'WEEK') {
    return sequelize.getDialect() === 'sqlite' ? `CAST((julianday(${column}) - julianday(:start)) / 7 AS INTEGER)` : `FLOOR(DATEDIFF(${column}, :start) / 7)`;
  }
  const [y0, m0] = c.start.split('-').map(Number);
  return `(SUBSTR(${column}, 1, 4) * 12 + SUBSTR(${column}, 6, 2) - ${y0 * 12 + m0})`;
}
const bucketIndex = (b: unknown, c: Criteria) => (c.bucket === 'DAY' ? bucketOfDay(text(b), c) : count(b));

/** The first day of each bucket inside the range (a month that begins before the start begins at the start). */
const bucketStarts = (c: Criteria) => c.labels.map((l, i) => (i === 0 ? c.start : c.bucket === 'MONTH' ? `${l}-01` : l));

/** The applications of the range (their creation day) with the filters, grouped by `key` of a summary table (A: applications, C: their cohorts). */
function applicationsBy(key: string, name: string, table: 'analytics_applications' | 'analytics_application_cohorts', labels?: { table: string; column: string }): KindRun {
  return async (c, q) => {
    const inner = `SELECT ${key} AS k, SUM(n) AS n FROM ${table} WHERE day >= :start AND day <= :end${summaryFilter(c)} GROUP BY ${key} HAVING SUM(n) > 0`;
    // An absent id or source is kept as 0 or '' in the summary: answered as none, like the base table's NULL.
    const rows = labels ? await q(`SELECT x.k AS k, t.${labels.column} AS label, x.n AS n FROM (${inner}) x LEFT JOIN ${labels.table} t ON t.id = x.k`) : await q(inner);
    return grouped(
      rows.map((r) => (r.k === 0 || r.k === '0' ? { ...r, k: null } : r)),
      name,
      c.size,
    );
  };
}

/**
 * Each kind: what it counts and which date column the range applies to. The applications, sign-in and
 * schedule kinds read the summary tables (migration 0039, brought up to date before: refresh.ts); the
 * students and plan-standing kinds read their indexed base tables.
 * - applications: applications created in the range, per day / week / month, one series per status.
 * - top_country_enrollments: ENROLLED applications by enrolledAt in the range, by the student's country; top 3 by default.
 * - applications_category / _program / _product / _cohort / _source: applications created in the range,
 *   grouped (an application with cohorts in two programs counts in both).
 * - students_logged: distinct students (student accounts) signing in (the activity log's SIGNED_IN), per bucket; the total is distinct over the range.
 * - students_gender, count_students: students (not customers, not archived) created in the range; with a
 *   program, category or product: those with an application to it.
 * - payments_schedules: schedule entries due in the range, per month: due (amount + tax) and paid.
 * - count_late_payment: ACTIVE plans per late financial status today (the range does not apply).
 * - transactions_past_due: what is left on entries due before today, by days late today (the range does not apply).
 */
const KINDS: Record<AnalyticsKindName, KindRun> = {
  async applications(c, q, sequelize) {
    const b = bucketSql('day', c, sequelize);
    const rows = await q(`SELECT ${b} AS b, status, SUM(n) AS n FROM analytics_applications WHERE day >= :start AND day <= :end${summaryFilter(c)} GROUP BY ${b}, status`);
    const labels = c.labels;
    const byStatus = new Map<string, number[]>();
    let total = 0;
    for (const r of rows) {
      const n = count(r.n);
      if (!n) continue;
      const i = bucketIndex(r.b, c);
      const status = text(r.status);
      if (!byStatus.has(status))
        byStatus.set(
          status,
          labels.map(() => 0),
        );
      byStatus.get(status)![i] += n;
      total += n;
    }
    const order = (s: string) => (ApplicationStatus as readonly string[]).indexOf(s);
    const series = [...byStatus.entries()].sort(([x], [y]) => order(x) - order(y)).map(([name, data]) => ({ name, data }));
    return { labels, series, total };
  },

  async top_country_enrollments(c, q) {
    const rows = await q(
      `SELECT country_code AS k, SUM(n) AS n FROM analytics_enrollments WHERE day >= :start AND day <= :end${summaryFilter(c, false)} GROUP BY country_code HAVING SUM(n) > 0`,
    );
    return grouped(rows, 'enrollments', c.size);
  },

  applications_category: applicationsBy('business_category_id', 'applications', 'analytics_applications', { table: 'business_categories', column: 'name' }),
  applications_program: applicationsBy('program_id', 'applications', 'analytics_application_cohorts', { table: 'programs', column: 'name' }),
  applications_product: applicationsBy('product_id', 'applications', 'analytics_applications', { table: 'products', column: 'name' }),
  applications_cohort: applicationsBy('cohort_id', 'applications', 'analytics_application_cohorts', { table: 'cohorts', column: 'label' }),
  applications_source: applicationsBy('source', 'applications', 'analytics_applications'),

  async students_logged(c, q) {
    // Each student's sign-in day with their previous one: a day counts in a bucket (or the range) when the
    // previous sign-in is before the bucket's (the range's) first day — exactly the distinct students.
    const prev = `CASE WHEN prev_day < :start THEN '' ELSE prev_day END`;
    const rows = await q(`SELECT day, ${prev} AS prev, SUM(n) AS n FROM analytics_sign_in_gaps WHERE fkey = :fkey AND day >= :start AND day <= :end GROUP BY day, ${prev}`, {
      fkey: `${c.programId ?? 0}:${c.businessCategoryId ?? 0}:${c.productId ?? 0}`,
    });
    const labels = c.labels;
    const starts = bucketStarts(c);
    const data = labels.map(() => 0);
    let total = 0;
    for (const r of rows) {
      const n = count(r.n);
      const before = text(r.prev);
      const i = bucketOfDay(text(r.day), c);
      if (before < c.start) total += n;
      if (before < starts[i]) data[i] += n;
    }
    return { labels, series: total ? [{ name: 'students', data }] : [], total };
  },

  async students_gender(c, q) {
    const rows = await q(
      `SELECT s.gender AS k, COUNT(*) AS n FROM students s
        WHERE s.archived = :no AND s.is_student = :yes AND s.created_at >= :from AND s.created_at < :to${studentFilter(c, 's.id')} GROUP BY s.gender`,
    );
    return grouped(rows, 'students', c.size);
  },

  async count_students(c, q) {
    const rows = await q(
      `SELECT s.active AS k, COUNT(*) AS n FROM students s
        WHERE s.archived = :no AND s.is_student = :yes AND s.created_at >= :from AND s.created_at < :to${studentFilter(c, 's.id')} GROUP BY s.active`,
    );
    const active = rows.filter((r) => Boolean(Number(r.k))).reduce((s, r) => s + count(r.n), 0);
    const inactive = rows.filter((r) => !Number(r.k)).reduce((s, r) => s + count(r.n), 0);
    const total = active + inactive;
    return { labels: ['ACTIVE', 'INACTIVE'], series: total ? [{ name: 'students', data: [active, inactive] }] : [], total };
  },

  async payments_schedules(c, q) {
    const rows = await q(
      `SELECT due_date AS d, SUM(entries) AS n, SUM(due_cents) AS due, SUM(paid_cents) AS paid FROM analytics_schedules
        WHERE due_date >= :start AND due_date <= :end${summaryFilter(c, false)} GROUP BY due_date`,
    );
    const labels = monthLabels(c.start, c.end);
    const index = new Map(labels.map((l, i) => [l, i]));
    const due = labels.map(() => 0);
    const paid = labels.map(() => 0);
    let any = false;
    for (const r of rows) {
      const i = index.get(text(r.d).slice(0, 7));
      if (i === undefined || !count(r.n)) continue;
      any = true;
      due[i] += count(r.due);
      paid[i] += count(r.paid);
    }
    const total = due.reduce((s, v) => s + v, 0);
    return {
      labels,
      series: any
        ? [
            { name: 'due', data: due.map(toDollars) },
            { name: 'paid', data: paid.map(toDollars) },
          ]
        : [],
      total: toDollars(total),
    };
  },

  async count_late_payment(c, q, sequelize) {
    const status = standingSql(sequelize, c.today).planStatus((name) => `sp.${name}`);
    const wanted = c.statuses.length ? LATE_STATUSES.filter((s) => c.statuses.includes(s)) : [...LATE_STATUSES];
    // Only ACTIVE plans with a due date before today (or in bankruptcy, whose standing staff set) can be late: an index range, not every plan.
    const rows = await q(
      `SELECT x.fs AS k, COUNT(*) AS n FROM (
         SELECT ${status} AS fs FROM student_payment_plans sp
          WHERE sp.status = 'ACTIVE' AND (sp.next_due_date < :today OR sp.bankruptcy = :yes)${planFilter(c, 'sp.application_id')}
       ) x WHERE x.fs IN (:wanted) GROUP BY x.fs`,
      { wanted },
    );
    const by = new Map(rows.map((r) => [text(r.k), count(r.n)]));
    const data = wanted.map((s) => by.get(s) ?? 0);
    const total = data.reduce((s, v) => s + v, 0);
    return { labels: wanted, series: total ? [{ name: 'plans', data }] : [], total };
  },

  async transactions_past_due(c, q) {
    const bucket = `CASE WHEN due_date >= :d30 THEN '1-30' WHEN due_date >= :d60 THEN '31-60' WHEN due_date >= :d90 THEN '61-90' ELSE '91+' END`;
    const rows = await q(`SELECT ${bucket} AS k, SUM(left_cents) AS amount FROM analytics_schedules WHERE due_date < :today${summaryFilter(c, false)} GROUP BY ${bucket}`, {
      d30: addDays(c.today, -30),
      d60: addDays(c.today, -60),
      d90: addDays(c.today, -90),
    });
    const by = new Map(rows.map((r) => [text(r.k), count(r.amount)]));
    const cents = PAST_DUE_BUCKETS.map((b) => by.get(b) ?? 0);
    const total = cents.reduce((s, v) => s + v, 0);
    return { labels: [...PAST_DUE_BUCKETS], series: total ? [{ name: 'amount', data: cents.map(toDollars) }] : [], total: toDollars(total) };
  },
};

/** The kinds that read the summaries: the summaries are brought up to date first. */
const SUMMARY_KINDS = new Set<AnalyticsKindName>([
  'applications',
  'top_country_enrollments',
  'applications_category',
  'applications_program',
  'applications_product',
  'applications_cohort',
  'applications_source',
  'students_logged',
  'payments_schedules',
  'transactions_past_due',
]);

/** One kind's answer; an unknown kind is 404. */
export async function analytics(sequelize: Sequelize, kind: string, body: AnalyticsBody, today = schoolToday()): Promise<AnalyticsAnswer> {
  if (!isKind(kind)) throw AppError.notFound('Analytics kind');
  const c = criteriaOf(kind, body, today);
  const base = { ...replacementsOf(c), yes: true, no: false };
  const q: Query = (text, extra = {}) => sequelize.query<Row>(text, { type: QueryTypes.SELECT, replacements: { ...base, ...extra } });
  if (SUMMARY_KINDS.has(kind)) await refreshAnalytics(sequelize);
  return KINDS[kind](c, q, sequelize);
}
