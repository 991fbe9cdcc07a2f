import { QueryTypes, type Sequelize } from 'sequelize';
import { schoolToday } from '../../models/catalogue';
import { ApplicationStatus } from '../../models/enums';
import { Messages } from '../../models/messages';
import { AnalyticsKind, PAST_DUE_BUCKETS, type AnalyticsAnswer, type AnalyticsKindName } from '../../domain/contract/analytics';
import { addDays, bucketLabels, bucketOf, daysBetween, DEFAULT_RANGE_DAYS, MAX_RANGE_DAYS, monthLabels, type Bucket } from '../../domain/rules/analytics';
import { toCents, toDollars } from '../../domain/money';
import { DEFAULT_ZONE, parseZone, wallTimeToUtc } from '../../domain/rules/coaching-circles';
import { AppError } from '../common/errors';
import { standingSql } from '../billing/standing';
import type { AnalyticsBody } from './analytics.schemas';

/**
 * POST /analytics/admin/{kind} (domain rules "Analytics"): each kind is ONE SQL statement that groups
 * in the database (GROUP BY on indexed columns, migration 0030) and answers a handful of aggregate rows;
 * Node only orders them, fills the empty buckets and writes the one answer shape. The date range
 * applies to each kind's own date column (see KINDS); a time stamp belongs to its UTC day, as in the
 * lists' date filters. Counts are whole numbers, money dollars with two decimals (summed in the database,
 * converted through cents).
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
  /** The date kinds' buckets (days, weeks or months of the school's calendar) and where each after the first begins. */
  bucket: Bucket;
  labels: string[];
  bounds: Date[];
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

/** The range's buckets: their labels, and the instant each one after the first begins. */
function buckets(start: string, end: string): Pick<Criteria, 'bucket' | 'labels' | 'bounds'> {
  const bucket = bucketOf(start, end);
  const labels = bucketLabels(start, end, bucket);
  return { bucket, labels, bounds: labels.slice(1).map((l) => schoolMidnight(bucket === 'MONTH' ? `${l}-01` : l)) };
}

/**
 * A time stamp's bucket as its index in `labels`, by the school's calendar: compared with each
 * bucket's first instant (portable, and right across daylight saving time, which a day of the UTC
 * time stamp is not: a sign-in at 8 pm in New York is the next day in UTC).
 */
function bucketIndexSql(column: string, c: Criteria): string {
  // One bucket: still an expression of the column (a bare 0 in GROUP BY would name the first column).
  if (!c.bounds.length) return `CASE WHEN ${column} IS NULL THEN 0 ELSE 0 END`;
  return `CASE ${c.bounds.map((_, i) => `WHEN ${column} < :bound${i} THEN ${i}`).join(' ')} ELSE ${c.bounds.length} END`;
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

/** The same filter for a schedule entry (`column` its plan's id): the plan's application matches it. */
function entryFilter(c: Criteria, column: string): string {
  const where = applicationFilter(c, false);
  return where ? ` AND ${column} IN (SELECT sp.id FROM student_payment_plans sp JOIN applications a ON a.id = sp.application_id WHERE 1 = 1${where})` : '';
}

const replacementsOf = (c: Criteria) => ({
  ...Object.fromEntries(c.bounds.map((b, i) => [`bound${i}`, b])),
  start: c.start,
  end: c.end,
  from: c.from,
  to: c.to,
  today: c.today,
  programId: c.programId,
  businessCategoryId: c.businessCategoryId,
  productId: c.productId,
  statuses: c.statuses.length ? c.statuses : [''],
});

/** Groups answered as `k` (key), `label` and `n`: ordered by count (then label), cut to the top N; the total is before the cut. */
function grouped(rows: Row[], name: string, size: number | null, labelOf: (r: Row) => string = (r) => text(r.label ?? r.k)): AnalyticsAnswer {
  const groups = rows.map((r) => ({ label: labelOf(r), n: count(r.n) })).sort((x, y) => y.n - x.n || x.label.localeCompare(y.label));
  const total = groups.reduce((s, g) => s + g.n, 0);
  const shown = size ? groups.slice(0, size) : groups;
  return { labels: shown.map((g) => g.label), series: shown.length ? [{ name, data: shown.map((g) => g.n) }] : [], total };
}

type KindRun = (c: Criteria, q: Query, sequelize: Sequelize) => Promise<AnalyticsAnswer>;

/** The applications of the range (created_at) with the filters, grouped by `key` (a column of `a` or of `ac`, the application's cohorts). */
function applicationsBy(key: string, name: string, labels?: { table: string; column: string }): KindRun {
  return async (c, q) => {
    const viaCohorts = key.startsWith('ac.');
    const from = viaCohorts ? 'application_cohorts ac JOIN applications a ON a.id = ac.application_id' : 'applications a';
    const inner = `SELECT ${key} AS k, COUNT(*) AS n FROM ${from} WHERE a.created_at >= :from AND a.created_at < :to${applicationFilter(c)} GROUP BY ${key}`;
    const rows = labels ? await q(`SELECT x.k AS k, t.${labels.column} AS label, x.n AS n FROM (${inner}) x LEFT JOIN ${labels.table} t ON t.id = x.k`) : await q(inner);
    return grouped(rows, name, c.size);
  };
}

/**
 * Each kind: what it counts and which date column the range applies to.
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
  async applications(c, q) {
    const expr = bucketIndexSql('a.created_at', c);
    const rows = await q(
      `SELECT ${expr} AS b, a.status AS status, COUNT(*) AS n FROM applications a WHERE a.created_at >= :from AND a.created_at < :to${applicationFilter(c)} GROUP BY ${expr}, a.status`,
    );
    const labels = c.labels;
    const byStatus = new Map<string, number[]>();
    let total = 0;
    for (const r of rows) {
      const i = count(r.b);
      const status = text(r.status);
      if (!byStatus.has(status))
        byStatus.set(
          status,
          labels.map(() => 0),
        );
      byStatus.get(status)![i] += count(r.n);
      total += count(r.n);
    }
    const order = (s: string) => (ApplicationStatus as readonly string[]).indexOf(s);
    const series = [...byStatus.entries()].sort(([x], [y]) => order(x) - order(y)).map(([name, data]) => ({ name, data }));
    return { labels, series, total };
  },

  async top_country_enrollments(c, q) {
    const rows = await q(
      `SELECT s.country_code AS k, COUNT(*) AS n FROM applications a JOIN students s ON s.id = a.student_id
        WHERE a.status = 'ENROLLED' AND a.enrolled_at >= :from AND a.enrolled_at < :to${applicationFilter(c, false)} GROUP BY s.country_code`,
    );
    return grouped(rows, 'enrollments', c.size);
  },

  applications_category: applicationsBy('a.business_category_id', 'applications', { table: 'business_categories', column: 'name' }),
  applications_program: applicationsBy('ac.program_id', 'applications', { table: 'programs', column: 'name' }),
  applications_product: applicationsBy('a.product_id', 'applications', { table: 'products', column: 'name' }),
  applications_cohort: applicationsBy('ac.cohort_id', 'applications', { table: 'cohorts', column: 'label' }),
  applications_source: applicationsBy('a.source', 'applications'),

  async students_logged(c, q) {
    const expr = bucketIndexSql('l.created_at', c);
    const signIns = `FROM activity_logs l JOIN users u ON u.id = l.entity_id
                     WHERE l.type = 'SIGNED_IN' AND l.created_at >= :from AND l.created_at < :to AND l.entity_type = 'USER' AND l.student_id IS NOT NULL
                       AND u.kind = 'STUDENT'${studentFilter(c, 'l.student_id')}`;
    // One statement: the distinct students of each bucket, and (the row without a bucket) of the whole range.
    const rows = await q(
      `SELECT ${expr} AS b, COUNT(DISTINCT l.student_id) AS n ${signIns} GROUP BY ${expr} UNION ALL SELECT NULL AS b, COUNT(DISTINCT l.student_id) AS n ${signIns}`,
    );
    const labels = c.labels;
    const data = labels.map(() => 0);
    let total = 0;
    for (const r of rows) {
      if (r.b === null || r.b === undefined) total = count(r.n);
      else {
        data[count(r.b)] += count(r.n);
      }
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
    // Grouped by the day (the covering index's order: no sort, no temporary table), the days summed into months here.
    const rows = await q(
      `SELECT ps.due_date AS d, SUM(ps.amount + ps.tax_amount) AS due, SUM(ps.paid_amount) AS paid FROM payment_schedules ps
        WHERE ps.due_date >= :start AND ps.due_date <= :end${entryFilter(c, 'ps.student_payment_plan_id')} GROUP BY ps.due_date`,
    );
    const labels = monthLabels(c.start, c.end);
    const index = new Map(labels.map((l, i) => [l, i]));
    const due = labels.map(() => 0);
    const paid = labels.map(() => 0);
    for (const r of rows) {
      const day = r.d instanceof Date ? r.d.toISOString() : text(r.d);
      const i = index.get(day.slice(0, 7));
      if (i === undefined) continue;
      due[i] += toCents(r.due as string | number | null);
      paid[i] += toCents(r.paid as string | number | null);
    }
    const total = due.reduce((s, v) => s + v, 0);
    const any = rows.length > 0;
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
    const bucket = `CASE WHEN ps.due_date >= :d30 THEN '1-30' WHEN ps.due_date >= :d60 THEN '31-60' WHEN ps.due_date >= :d90 THEN '61-90' ELSE '91+' END`;
    const rows = await q(
      `SELECT ${bucket} AS k, SUM(ps.amount + ps.tax_amount - ps.paid_amount) AS amount FROM payment_schedules ps
        WHERE ps.status NOT IN ('PAID', 'CANCELLED') AND ps.due_date < :today${entryFilter(c, 'ps.student_payment_plan_id')} GROUP BY ${bucket}`,
      { d30: addDays(c.today, -30), d60: addDays(c.today, -60), d90: addDays(c.today, -90) },
    );
    const by = new Map(rows.map((r) => [text(r.k), toCents(r.amount as string | number | null)]));
    const cents = PAST_DUE_BUCKETS.map((b) => by.get(b) ?? 0);
    const total = cents.reduce((s, v) => s + v, 0);
    return { labels: [...PAST_DUE_BUCKETS], series: total ? [{ name: 'amount', data: cents.map(toDollars) }] : [], total: toDollars(total) };
  },
};

/** One kind's answer; an unknown kind is 404. */
export async function analytics(sequelize: Sequelize, kind: string, body: AnalyticsBody, today = schoolToday()): Promise<AnalyticsAnswer> {
  if (!isKind(kind)) throw AppError.notFound('Analytics kind');
  const c = criteriaOf(kind, body, today);
  const base = { ...replacementsOf(c), yes: true, no: false };
  const q: Query = (text, extra = {}) => sequelize.query<Row>(text, { type: QueryTypes.SELECT, replacements: { ...base, ...extra } });
  return KINDS[kind](c, q, sequelize);
}
