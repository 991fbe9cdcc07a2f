import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { toCents } from '../../domain/money';

/**
 * The analytics summaries (migration 0039; docs/architecture.md "Analytics") kept EXACT and FRESH:
 * `refreshAnalytics` runs before every chart is read and by the ANALYTICS_REFRESH job. One transaction
 * at a time (the analytics_state row is its lock) finds what changed since the last refresh and applies
 * the difference:
 * - applications, their cohorts, their students (the country of an enrolment), plans and schedule
 *   entries by their indexed `updated_at`, from the last refresh minus an overlap (OVERLAP_MS: writes
 *   of transactions still in flight then, clocks of other processes, and a raw UPDATE that set a column
 *   without touching updated_at soon after a write that did); deletes by analytics_dirty marks, made in
 *   the deleting transaction by the models' hooks (`trackAnalyticsDeletes`);
 * - each changed application or plan is reloaded and its contributions (what it adds to each summary
 *   row) compared with those in analytics_ledger: only a difference is written, so the answers stay
 *   exact whatever moved (a status, a creation day, a cohort, a payment, a due date, a delete);
 * - sign-ins: a student's sign-in day is recorded when they sign in (`recordSignIn`), and the refresh
 *   also reads the activity log's SIGNED_IN entries written since (its last id, and the overlap); a
 *   student with new days, or whose applications changed (their filter keys), has their gaps rewritten.
 * A day is the school's calendar day (America/New_York), computed here once per row written, so the
 * kinds bucket whole days (right across daylight saving time) and never a time stamp.
 */

type Row = Record<string, unknown>;
type Dim = string | number;

/** How far before the last refresh the next one looks again (see above). */
export const OVERLAP_MS = 5 * 60_000;
const CHUNK = 500;
const SCAN = 5000;

/** The summary tables: the key (primary key) and the measures added up. */
const TABLES = {
  A: { table: 'analytics_applications', dims: ['fp', 'day', 'status', 'product_id', 'business_category_id', 'source'], measures: ['n'] },
  C: { table: 'analytics_application_cohorts', dims: ['fp', 'day', 'program_id', 'cohort_id', 'status', 'product_id', 'business_category_id'], measures: ['n'] },
  E: { table: 'analytics_enrollments', dims: ['fp', 'day', 'country_code', 'product_id', 'business_category_id'], measures: ['n'] },
  S: { table: 'analytics_schedules', dims: ['fp', 'due_date', 'product_id', 'business_category_id'], measures: ['entries', 'due_cents', 'paid_cents', 'left_cents'] },
  G: { table: 'analytics_sign_in_gaps', dims: ['fkey', 'day', 'prev_day'], measures: ['n'] },
} as const;
type TableCode = keyof typeof TABLES;
export const SUMMARY_TABLES = Object.values(TABLES).map((t) => t.table);

/** The school's day of an instant; New York's offsets are whole hours, so it is looked up once an hour. */
const SCHOOL_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' });
const dayOfHour = new Map<number, string>();
export function schoolDayOf(at: Date): string {
  const hour = Math.floor(at.getTime() / 3_600_000);
  let day = dayOfHour.get(hour);
  if (day === undefined) {
    day = SCHOOL_DAY.format(at);
    if (dayOfHour.size > 100_000) dayOfHour.clear();
    dayOfHour.set(hour, day);
  }
  return day;
}

/** A time stamp as the driver gives it (a Date on MariaDB, `YYYY-MM-DD HH:MM:SS.SSS +00:00` text on SQLite). */
export function instantOf(v: unknown): Date | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v;
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(Z|[+-]\d{2}:?\d{2})?$/.exec(String(v).trim());
  return m ? new Date(`${m[1]}T${m[2]}${m[3] ?? 'Z'}`) : new Date(String(v));
}
/** A DATEONLY value as YYYY-MM-DD. */
const dateText = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
const idOf = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const textOf = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Differences to the summary rows, added up before they are written. */
class Deltas {
  readonly rows = new Map<string, { t: TableCode; dims: Dim[]; m: number[] }>();
  add(t: TableCode, dims: Dim[], m: number[], sign: 1 | -1): void {
    const key = `${t}${JSON.stringify(dims)}`;
    const row = this.rows.get(key);
    if (row) row.m = row.m.map((v, i) => v + sign * m[i]);
    else this.rows.set(key, { t, dims, m: m.map((v) => sign * v) });
  }
}
type Contribute = (t: TableCode, dims: Dim[], m: number[]) => void;

/** An entity the summaries are made of: how to load what it is now, and what that adds to the summaries. */
interface Source<P> {
  name: 'application' | 'plan';
  load(ids: number[], ctx: Ctx): Promise<Map<number, P>>;
  contribute(p: P, add: Contribute): void;
}

interface Ctx {
  sequelize: Sequelize;
  transaction: Transaction;
  q(sql: string, replacements?: Record<string, unknown>): Promise<Row[]>;
  /** A statement that writes. */
  run(sql: string, replacements?: Record<string, unknown>): Promise<unknown>;
  mysql: boolean;
}

/** An application as the summaries see it. */
interface ApplicationFacts {
  s: number;
  d: string;
  st: string;
  r: number;
  c: number;
  so: string;
  e: string | null;
  co: string;
  k: Array<[program: number, cohort: number]>;
}

const programsOf = (k: Array<[number, number]>) => [...new Set(k.map(([p]) => p))].sort((x, y) => x - y);

const applications: Source<ApplicationFacts> = {
  name: 'application',
  async load(ids, ctx) {
    const rows = await ctx.q(
      `SELECT a.id, a.student_id, a.created_at, a.status, a.product_id, a.business_category_id, a.source, a.enrolled_at, s.country_code
         FROM applications a LEFT JOIN students s ON s.id = a.student_id WHERE a.id IN (:ids)`,
      { ids },
    );
    const cohorts = await ctx.q('SELECT application_id, program_id, cohort_id FROM application_cohorts WHERE application_id IN (:ids) ORDER BY id', { ids });
    const out = new Map<number, ApplicationFacts>();
    for (const r of rows) {
      const enrolled = instantOf(r.enrolled_at);
      out.set(Number(r.id), {
        s: idOf(r.student_id),
        d: schoolDayOf(instantOf(r.created_at)!),
        st: textOf(r.status),
        r: idOf(r.product_id),
        c: idOf(r.business_category_id),
        so: textOf(r.source),
        e: enrolled ? schoolDayOf(enrolled) : null,
        co: textOf(r.country_code),
        k: [],
      });
    }
    for (const c of cohorts) out.get(Number(c.application_id))?.k.push([idOf(c.program_id), idOf(c.cohort_id)]);
    return out;
  },
  contribute(p, add) {
    for (const fp of [0, ...programsOf(p.k)]) {
      add('A', [fp, p.d, p.st, p.r, p.c, p.so], [1]);
      for (const [program, cohort] of p.k) add('C', [fp, p.d, program, cohort, p.st, p.r, p.c], [1]);
      if (p.st === 'ENROLLED' && p.e) add('E', [fp, p.e, p.co, p.r, p.c], [1]);
    }
  },
};

/** A plan as the summaries see it: its application's product, category and programs, its entries per due date. */
interface PlanFacts {
  r: number;
  c: number;
  p: number[];
  e: Array<[day: string, entries: number, due: number, paid: number, left: number]>;
}

const plans: Source<PlanFacts> = {
  name: 'plan',
  async load(ids, ctx) {
    const rows = await ctx.q(
      `SELECT sp.id, sp.application_id, a.product_id, a.business_category_id FROM student_payment_plans sp LEFT JOIN applications a ON a.id = sp.application_id WHERE sp.id IN (:ids)`,
      { ids },
    );
    const appIds = [...new Set(rows.filter((r) => r.application_id !== null && r.application_id !== undefined).map((r) => Number(r.application_id)))];
    const programs = new Map<number, Set<number>>();
    if (appIds.length) {
      for (const c of await ctx.q('SELECT application_id, program_id FROM application_cohorts WHERE application_id IN (:appIds)', { appIds })) {
        const set = programs.get(Number(c.application_id)) ?? new Set<number>();
        set.add(idOf(c.program_id));
        programs.set(Number(c.application_id), set);
      }
    }
    const entries = await ctx.q(
      `SELECT student_payment_plan_id AS plan, due_date, amount, tax_amount, paid_amount, status FROM payment_schedules WHERE student_payment_plan_id IN (:ids) ORDER BY due_date, id`,
      { ids },
    );
    const out = new Map<number, PlanFacts>();
    for (const r of rows) {
      const app = r.application_id === null || r.application_id === undefined ? null : Number(r.application_id);
      out.set(Number(r.id), { r: idOf(r.product_id), c: idOf(r.business_category_id), p: app ? [...(programs.get(app) ?? [])].sort((x, y) => x - y) : [], e: [] });
    }
    for (const e of entries) {
      const plan = out.get(Number(e.plan));
      if (!plan) continue;
      const day = dateText(e.due_date);
      const due = toCents(e.amount as number) + toCents(e.tax_amount as number);
      const paid = toCents(e.paid_amount as number);
      const left = e.status === 'PAID' || e.status === 'CANCELLED' ? 0 : due - paid;
      const last = plan.e[plan.e.length - 1];
      if (last && last[0] === day) {
        last[1] += 1;
        last[2] += due;
        last[3] += paid;
        last[4] += left;
      } else plan.e.push([day, 1, due, paid, left]);
    }
    return out;
  },
  contribute(p, add) {
    for (const fp of [0, ...p.p]) for (const [day, n, due, paid, left] of p.e) add('S', [fp, day, p.r, p.c], [n, due, paid, left]);
  },
};

/**
 * What of an application other summaries read: its student and filter keys (their sign-ins' keys) and
 * its product, category and programs (its plans' entries). Another change (a status, a day) stays with it.
 */
const reachOf = (a: ApplicationFacts) => JSON.stringify([a.s, a.r, a.c, programsOf(a.k)]);

/**
 * Reloads `ids` of a source and writes the difference with the ledger. `reach`: the applications whose
 * student, product, category or programs changed (or which came or went) are added to it.
 */
async function reconcile<P>(src: Source<P>, ids: number[], ctx: Ctx, deltas: Deltas, reach?: { students: Set<number>; applications: Set<number> }): Promise<number> {
  let changed = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const now = await src.load(chunk, ctx);
    const before = new Map(
      (await ctx.q('SELECT entity_id, data FROM analytics_ledger WHERE source = :source AND entity_id IN (:chunk)', { source: src.name, chunk })).map((r) => [
        Number(r.entity_id),
        String(r.data),
      ]),
    );
    const upserts: Array<[number, string]> = [];
    const removed: number[] = [];
    for (const id of chunk) {
      const facts = now.get(id);
      const data = facts === undefined ? undefined : JSON.stringify(facts);
      const old = before.get(id);
      if (data === old) continue;
      changed += 1;
      if (reach) {
        const was = old ? (JSON.parse(old) as ApplicationFacts) : null;
        const is = facts ? (facts as unknown as ApplicationFacts) : null;
        if (!was || !is || reachOf(was) !== reachOf(is)) {
          reach.applications.add(id);
          if (was) reach.students.add(was.s);
          if (is) reach.students.add(is.s);
        }
      }
      if (old) src.contribute(JSON.parse(old) as P, (t, dims, m) => deltas.add(t, dims, m, -1));
      if (facts) src.contribute(facts, (t, dims, m) => deltas.add(t, dims, m, 1));
      if (data) upserts.push([id, data]);
      else if (old) removed.push(id);
    }
    if (removed.length) await ctx.run('DELETE FROM analytics_ledger WHERE source = :source AND entity_id IN (:removed)', { source: src.name, removed });
    if (upserts.length) {
      await upsert(
        ctx,
        'analytics_ledger',
        ['source', 'entity_id', 'data'],
        upserts.map(([id, data]) => [src.name, id, data]),
        ['source', 'entity_id'],
        'data = VALUES(data)',
        'data = excluded.data',
      );
    }
  }
  return changed;
}

/** INSERT … VALUES … that adds to (or replaces) a row with the same key, in each dialect's words. */
async function upsert(ctx: Ctx, table: string, columns: string[], rows: Dim[][], key: string[], mysqlSet: string, sqliteSet: string): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const values = rows
      .slice(i, i + CHUNK)
      .map((r) => `(${r.map((v) => ctx.sequelize.escape(v)).join(', ')})`)
      .join(', ');
    const conflict = ctx.mysql ? `ON DUPLICATE KEY UPDATE ${mysqlSet}` : `ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${sqliteSet}`;
    await ctx.sequelize.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values} ${conflict}`, { transaction: ctx.transaction });
  }
}

async function writeDeltas(ctx: Ctx, deltas: Deltas): Promise<number> {
  let written = 0;
  for (const code of Object.keys(TABLES) as TableCode[]) {
    const { table, dims, measures } = TABLES[code];
    const rows = [...deltas.rows.values()].filter((r) => r.t === code && r.m.some((v) => v !== 0)).map((r) => [...r.dims, ...r.m]);
    if (!rows.length) continue;
    written += rows.length;
    await upsert(
      ctx,
      table,
      [...dims, ...measures],
      rows,
      [...dims],
      measures.map((m) => `${m} = ${m} + VALUES(${m})`).join(', '),
      measures.map((m) => `${m} = ${m} + excluded.${m}`).join(', '),
    );
  }
  return written;
}

/** Every id a query answers, in pages (a full build): `sql` selects `id` with `id > :after`, ordered, LIMITed by :limit. */
async function allIds(ctx: Ctx, sql: string): Promise<number[]> {
  const ids: number[] = [];
  for (let after = 0; ;) {
    const rows = await ctx.q(sql, { after, limit: SCAN });
    for (const r of rows) ids.push(Number(r.id));
    if (rows.length < SCAN) return ids;
    after = Number(rows[rows.length - 1].id);
  }
}

const column = (rows: Row[], name = 'id') => rows.map((r) => Number(r[name])).filter((n) => Number.isFinite(n));

/** The filter keys of students (program:category:product, 0 for any): the analytics filters their sign-ins answer to. */
async function studentKeys(ctx: Ctx, students: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, Set<string>>(students.map((s) => [s, new Set(['0:0:0'])]));
  for (let i = 0; i < students.length; i += CHUNK) {
    const chunk = students.slice(i, i + CHUNK);
    const apps = await ctx.q('SELECT id, student_id, product_id, business_category_id FROM applications WHERE student_id IN (:chunk)', { chunk });
    if (!apps.length) continue;
    const programs = new Map<number, number[]>();
    const appIds = column(apps);
    for (let j = 0; j < appIds.length; j += CHUNK) {
      const part = appIds.slice(j, j + CHUNK);
      for (const c of await ctx.q('SELECT application_id, program_id FROM application_cohorts WHERE application_id IN (:part)', { part })) {
        programs.set(Number(c.application_id), [...(programs.get(Number(c.application_id)) ?? []), idOf(c.program_id)]);
      }
    }
    for (const a of apps) {
      const keys = out.get(Number(a.student_id))!;
      const category = idOf(a.business_category_id);
      const product = idOf(a.product_id);
      for (const p of [0, ...(programs.get(Number(a.id)) ?? [])])
        for (const c of category ? [0, category] : [0]) for (const r of product ? [0, product] : [0]) keys.add(`${p}:${c}:${r}`);
    }
  }
  return new Map([...out].map(([s, keys]) => [s, [...keys].sort()]));
}

/** A student's gaps: each sign-in day with the one before it ('' for the first), once per filter key. */
function gaps(keys: string[], days: string[], add: Contribute): void {
  for (const key of keys) days.forEach((day, i) => add('G', [key, day, i ? days[i - 1] : ''], [1]));
}

/** A signing-in student's ledger facts: their filter keys and the days counted in their gaps. */
interface StudentFacts {
  k: string[];
  d: string[];
}

/**
 * Students with new sign-in days, changed applications or moved days (a merge): their gaps rewritten
 * (the ledger's keys and days out, the current keys and every recorded day in).
 */
async function reconcileSignIns(ctx: Ctx, pending: Map<number, string[]>, touched: Set<number>, deltas: Deltas): Promise<number> {
  const students = [...new Set([...pending.keys(), ...touched])].sort((x, y) => x - y);
  let changed = 0;
  for (let i = 0; i < students.length; i += CHUNK) {
    const chunk = students.slice(i, i + CHUNK);
    const days = new Map<number, string[]>();
    for (const r of await ctx.q('SELECT student_id, day FROM analytics_sign_ins WHERE student_id IN (:chunk) ORDER BY student_id, day', { chunk })) {
      days.set(Number(r.student_id), [...(days.get(Number(r.student_id)) ?? []), String(r.day)]);
    }
    const before = new Map(
      (await ctx.q("SELECT entity_id, data FROM analytics_ledger WHERE source = 'student' AND entity_id IN (:chunk)", { chunk })).map((r) => [
        Number(r.entity_id),
        JSON.parse(String(r.data)) as StudentFacts,
      ]),
    );
    const reached = chunk.filter((s) => days.has(s) || before.has(s));
    const keysNow = await studentKeys(
      ctx,
      reached.filter((s) => days.has(s)),
    );
    const upserts: Dim[][] = [];
    const removed: number[] = [];
    for (const s of reached) {
      const old = before.get(s) ?? { k: [], d: [] };
      const now: StudentFacts = days.has(s) ? { k: keysNow.get(s)!, d: days.get(s)! } : { k: [], d: [] };
      if (JSON.stringify(old) === JSON.stringify(now)) continue;
      changed += 1;
      gaps(old.k, old.d, (t, dims, m) => deltas.add(t, dims, m, -1));
      gaps(now.k, now.d, (t, dims, m) => deltas.add(t, dims, m, 1));
      if (now.d.length) upserts.push(['student', s, JSON.stringify(now)]);
      else removed.push(s);
    }
    if (upserts.length) await upsert(ctx, 'analytics_ledger', ['source', 'entity_id', 'data'], upserts, ['source', 'entity_id'], 'data = VALUES(data)', 'data = excluded.data');
    if (removed.length) await ctx.run("DELETE FROM analytics_ledger WHERE source = 'student' AND entity_id IN (:removed)", { removed });
    // Exactly the days read as pending: a day another transaction adds meanwhile stays for the next refresh.
    const done = chunk.filter((s) => pending.get(s)?.length);
    for (let j = 0; j < done.length; j += 100) {
      const part = done.slice(j, j + 100);
      const where = part
        .map(
          (s) =>
            `(student_id = ${Number(s)} AND day IN (${pending
              .get(s)!
              .map((d) => ctx.sequelize.escape(d))
              .join(', ')}))`,
        )
        .join(' OR ');
      await ctx.run(`UPDATE analytics_sign_ins SET counted = :yes WHERE counted = :no AND (${where})`);
    }
  }
  return changed;
}

const SIGN_INS = `SELECT l.id, l.student_id, l.created_at FROM activity_logs l JOIN users u ON u.id = l.entity_id
  WHERE l.type = 'SIGNED_IN' AND l.entity_type = 'USER' AND l.student_id IS NOT NULL AND u.kind = 'STUDENT'`;

/** Records sign-in days of activity-log rows (those already there are left as they are). */
async function insertSignIns(ctx: Ctx, rows: Row[]): Promise<void> {
  const seen = new Set<string>();
  const values: Dim[][] = [];
  for (const r of rows) {
    const at = instantOf(r.created_at);
    if (!at) continue;
    const day = schoolDayOf(at);
    const key = `${String(r.student_id)}|${day}`;
    if (seen.has(key)) continue;
    seen.add(key);
    values.push([Number(r.student_id), day]);
  }
  for (let i = 0; i < values.length; i += CHUNK) {
    const part = values
      .slice(i, i + CHUNK)
      .map(([s, d]) => `(${Number(s)}, ${ctx.sequelize.escape(d)}, :no)`)
      .join(', ');
    await ctx.run(`${ctx.mysql ? 'INSERT IGNORE' : 'INSERT OR IGNORE'} INTO analytics_sign_ins (student_id, day, counted) VALUES ${part}`);
  }
}

export interface RefreshResult {
  build: boolean;
  applications: number;
  plans: number;
  students: number;
  rows: number;
  ms: number;
}

/**
 * Whether anything may have changed since the last refresh: one statement of index probes, outside any
 * transaction (each sees what is committed). Nothing found: the summaries hold everything committed
 * before it (a write after the last refresh's snapshot has a later time stamp or a mark), and the refresh
 * takes no lock and writes nothing.
 */
async function anythingNew(sequelize: Sequelize): Promise<boolean> {
  const [state] = await sequelize.query<Row>('SELECT refreshed_at, log_id FROM analytics_state WHERE id = 1', { type: QueryTypes.SELECT });
  if (!state?.refreshed_at) return true;
  const since = new Date(instantOf(state.refreshed_at)!.getTime() - OVERLAP_MS);
  const probes = [
    'SELECT 1 FROM analytics_dirty',
    'SELECT 1 FROM applications WHERE updated_at >= :since',
    'SELECT 1 FROM application_cohorts WHERE updated_at >= :since',
    'SELECT 1 FROM students WHERE archived IN (:no, :yes) AND updated_at >= :since',
    'SELECT 1 FROM student_payment_plans WHERE updated_at >= :since',
    'SELECT 1 FROM payment_schedules WHERE updated_at >= :since',
    "SELECT 1 FROM activity_logs WHERE id > :logId AND type = 'SIGNED_IN'",
    "SELECT 1 FROM activity_logs WHERE type = 'SIGNED_IN' AND created_at >= :since",
    'SELECT 1 FROM analytics_sign_ins WHERE counted = :no',
  ];
  const [row] = await sequelize.query<Row>(`SELECT ${probes.map((p, i) => `(${p} LIMIT 1) AS p${i}`).join(', ')}`, {
    type: QueryTypes.SELECT,
    replacements: { since, logId: Number(state.log_id ?? 0), yes: true, no: false },
  });
  return Object.values(row ?? {}).some((v) => v !== null && v !== undefined);
}

async function refreshOnce(sequelize: Sequelize, opts: { rebuild?: boolean; prune?: boolean } = {}): Promise<RefreshResult> {
  const t0 = Date.now();
  const mysql = sequelize.getDialect() !== 'sqlite';
  if (!opts.rebuild && !opts.prune && !(await anythingNew(sequelize))) return { build: false, applications: 0, plans: 0, students: 0, rows: 0, ms: Date.now() - t0 };
  return sequelize.transaction(async (transaction) => {
    const ctx: Ctx = {
      sequelize,
      transaction,
      mysql,
      q: (sql, replacements = {}) => sequelize.query<Row>(sql, { type: QueryTypes.SELECT, transaction, replacements: { yes: true, no: false, ...replacements } }),
      run: (sql, replacements = {}) => sequelize.query(sql, { transaction, replacements: { yes: true, no: false, ...replacements } }),
    };
    // The lock: one refresh at a time (SQLite's transactions are already one at a time).
    const [state] = await ctx.q(`SELECT refreshed_at, log_id FROM analytics_state WHERE id = 1${mysql ? ' FOR UPDATE' : ''}`);
    if (!state) throw new Error('analytics_state has no row: migration 0039 has not run');
    const startedAt = new Date();
    const build = Boolean(opts.rebuild) || !state.refreshed_at;
    const since = build ? null : new Date(instantOf(state.refreshed_at)!.getTime() - OVERLAP_MS);
    const deltas = new Deltas();

    if (build) {
      for (const table of [...SUMMARY_TABLES, 'analytics_ledger', 'analytics_dirty']) await ctx.run(`DELETE FROM ${table}`);
      await ctx.run('UPDATE analytics_sign_ins SET counted = :no WHERE counted = :yes');
    }
    const dirty = build ? [] : await ctx.q('SELECT id, source, entity_id FROM analytics_dirty');
    const marked = (source: string) =>
      column(
        dirty.filter((d) => d.source === source),
        'entity_id',
      );

    // Applications (their cohorts, their students' country).
    const appIds = build
      ? await allIds(ctx, 'SELECT id FROM applications WHERE id > :after ORDER BY id LIMIT :limit')
      : [
          ...new Set([
            ...column(await ctx.q('SELECT id FROM applications WHERE updated_at >= :since', { since })),
            ...column(await ctx.q('SELECT application_id AS id FROM application_cohorts WHERE updated_at >= :since', { since })),
            ...column(
              await ctx.q(
                `SELECT a.id FROM students s JOIN applications a ON a.student_id = s.id WHERE s.archived IN (:no, :yes) AND s.updated_at >= :since AND a.status = 'ENROLLED'`,
                { since },
              ),
            ),
            ...marked('application'),
          ]),
        ].sort((x, y) => x - y);
    const reach = { students: new Set<number>(marked('student')), applications: new Set<number>() };
    const applicationsChanged = await reconcile(applications, appIds, ctx, deltas, reach);
    const reachedApps = [...reach.applications];

    // Plans (their entries, their application's product, category and programs).
    let planIds: number[];
    if (build) planIds = await allIds(ctx, 'SELECT id FROM student_payment_plans WHERE id > :after ORDER BY id LIMIT :limit');
    else {
      const set = new Set([
        ...column(await ctx.q('SELECT id FROM student_payment_plans WHERE updated_at >= :since', { since })),
        ...column(await ctx.q('SELECT DISTINCT student_payment_plan_id AS id FROM payment_schedules WHERE updated_at >= :since', { since })),
        ...marked('plan'),
      ]);
      // The plans of applications whose product, category or programs changed: their entries' keys moved.
      for (let i = 0; i < reachedApps.length; i += CHUNK) {
        const part = reachedApps.slice(i, i + CHUNK);
        for (const id of column(await ctx.q('SELECT id FROM student_payment_plans WHERE application_id IN (:part)', { part }))) set.add(id);
      }
      planIds = [...set].sort((x, y) => x - y);
    }
    const plansChanged = await reconcile(plans, planIds, ctx, deltas);

    // Sign-ins: the activity log's since the last refresh, then every student with new days or changed applications.
    const [last] = await ctx.q('SELECT MAX(id) AS id FROM activity_logs');
    const logId = Number(last?.id ?? 0);
    const lastSeen = build ? 0 : Number(state.log_id ?? 0);
    if (build) {
      for (let after = 0; ;) {
        const rows = await ctx.q(`${SIGN_INS} AND l.id > :after AND l.id <= :logId ORDER BY l.id LIMIT :limit`, { after, logId, limit: SCAN * 4 });
        await insertSignIns(ctx, rows);
        if (rows.length < SCAN * 4) break;
        after = Number(rows[rows.length - 1].id);
      }
    } else {
      await insertSignIns(ctx, [
        ...(logId > lastSeen ? await ctx.q(`${SIGN_INS} AND l.id > :lastSeen AND l.id <= :logId`, { lastSeen, logId }) : []),
        ...(await ctx.q(`${SIGN_INS} AND l.created_at >= :since`, { since })),
      ]);
    }
    const pending = new Map<number, string[]>();
    for (const r of await ctx.q('SELECT student_id, day FROM analytics_sign_ins WHERE counted = :no')) {
      pending.set(Number(r.student_id), [...(pending.get(Number(r.student_id)) ?? []), String(r.day)]);
    }
    const studentsChanged = await reconcileSignIns(ctx, pending, reach.students, deltas);

    const rows = await writeDeltas(ctx, deltas);
    if (dirty.length) await ctx.run('DELETE FROM analytics_dirty WHERE id IN (:ids)', { ids: column(dirty) });
    if (opts.prune) {
      for (const { table, measures } of Object.values(TABLES)) await ctx.run(`DELETE FROM ${table} WHERE ${measures.map((m) => `${m} = 0`).join(' AND ')}`);
    }
    await ctx.run('UPDATE analytics_state SET refreshed_at = :startedAt, log_id = :logId, updated_at = :now WHERE id = 1', {
      startedAt,
      logId: Math.max(logId, lastSeen),
      now: new Date(),
    });
    return { build, applications: applicationsChanged, plans: plansChanged, students: studentsChanged, rows, ms: Date.now() - t0 };
  });
}

/**
 * Brings the summaries up to date. Callers at the same time in one process share refreshes: one that
 * arrives while a refresh runs waits for the next one (which starts after it arrived, so it sees every
 * write committed before), and everyone waiting then shares that one.
 */
const queues = new WeakMap<Sequelize, { running: Promise<RefreshResult> | null; next: Promise<RefreshResult> | null }>();
export function refreshAnalytics(sequelize: Sequelize, opts: { rebuild?: boolean; prune?: boolean } = {}): Promise<RefreshResult> {
  if (opts.rebuild || opts.prune) return refreshOnce(sequelize, opts);
  let queue = queues.get(sequelize);
  if (!queue) {
    queue = { running: null, next: null };
    queues.set(sequelize, queue);
  }
  const q = queue;
  const start = () => {
    const p: Promise<RefreshResult> = refreshOnce(sequelize).finally(() => {
      if (q.running === p) q.running = null;
    });
    q.running = p;
    return p;
  };
  if (!q.running) return start();
  if (!q.next) {
    q.next = q.running
      .catch(() => undefined)
      .then(() => {
        q.next = null;
        return start();
      });
  }
  return q.next;
}

/** A day a student signed in, recorded when it happens (the refresh counts it): one INSERT that leaves an existing day alone. */
export async function recordSignIn(sequelize: Sequelize, studentId: number, at: Date, transaction?: Transaction): Promise<void> {
  const verb = sequelize.getDialect() === 'sqlite' ? 'INSERT OR IGNORE' : 'INSERT IGNORE';
  await sequelize.query(`${verb} INTO analytics_sign_ins (student_id, day, counted) VALUES (:studentId, :day, :no)`, {
    replacements: { studentId, day: schoolDayOf(at), no: false },
    transaction,
  });
}

/**
 * A merge moved a student's activity log to another (api/students): their sign-in days move with it
 * (a day both had stays once), and both students' gaps are rewritten at the next refresh.
 */
export async function moveSignIns(sequelize: Sequelize, from: number, to: number, transaction?: Transaction | null): Promise<void> {
  const verb = sequelize.getDialect() === 'sqlite' ? 'INSERT OR IGNORE' : 'INSERT IGNORE';
  const options = { replacements: { from, to, no: false }, transaction: transaction ?? undefined };
  await sequelize.query(`${verb} INTO analytics_sign_ins (student_id, day, counted) SELECT :to, day, :no FROM analytics_sign_ins WHERE student_id = :from`, options);
  await sequelize.query('DELETE FROM analytics_sign_ins WHERE student_id = :from', options);
  await markDirty(sequelize, 'student', [from, to], transaction);
}

/** Marks entities to look at again (a delete: no time stamp shows it), in the writer's transaction. */
export async function markDirty(sequelize: Sequelize, source: 'application' | 'plan' | 'student', ids: number[], transaction?: Transaction | null): Promise<void> {
  const unique = [...new Set(ids.filter((id) => Number.isFinite(id)))];
  if (!unique.length) return;
  const values = unique.map((id) => `(:source, ${Number(id)}, :now)`).join(', ');
  await sequelize.query(`INSERT INTO analytics_dirty (source, entity_id, created_at) VALUES ${values}`, {
    replacements: { source, now: new Date() },
    transaction: transaction ?? undefined,
  });
}
