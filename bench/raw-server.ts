/**
 * The baseline of the benchmark: node:http + a mysql2/promise pool and nothing else. For each list it
 * runs the SQL the API runs (api/common/list.ts: ids with ORDER BY + LIMIT/OFFSET, the rows of those
 * ids, COUNT(*) unless the page tells the total) and answers the same `{ content, pagination }` shape.
 *
 *   DATABASE_URL=mysql://root@127.0.0.1:3306/hci_bench PORT=4100 node --import tsx bench/raw-server.ts
 *
 * It checks no token: the gap to the API includes authentication, validation and the framework.
 */
import http from 'node:http';
import mysql, { type RowDataPacket } from 'mysql2/promise';

const url = process.env.DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/hci_bench';
const port = Number(process.env.PORT ?? 4100);
const pool = mysql.createPool({
  uri: url.replace(/^mariadb:/, 'mysql:'),
  connectionLimit: Number(process.env.DB_POOL_MAX ?? 10),
  timezone: 'Z',
  dateStrings: ['DATE'],
  charset: 'utf8mb4',
});

const SORT: Record<string, string> = {
  LAST_NAME: 'last_name',
  lastName: 'last_name',
  FIRST_NAME: 'first_name',
  firstName: 'first_name',
  EMAIL: 'email',
  email: 'email',
  ID: 'id',
  id: 'id',
};

/** MariaDB LIKE prefix with backslash escapes, as list.ts likePrefix does. */
const likePrefix = (v: string) => `${v.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

interface Query {
  page: number;
  size: number;
  sort: string;
  desc: boolean;
  keyword?: string;
  criteria?: { stateCodes?: string[]; genders?: string[] };
}

const AUTH_USER_ID = Number(process.env.BENCH_USER_ID ?? 0);
const COUNT_CACHE_MS = Number(process.env.LIST_COUNT_CACHE_SECONDS ?? 15) * 1000;
const counts = new Map<string, { total: number; expires: number }>();

function dto(s: RowDataPacket) {
  return {
    id: s.id,
    active: !!s.active,
    isStudent: !!s.is_student,
    user: { id: s.user_id, email: s.email },
    personalInfo: {
      firstName: s.first_name,
      middleName: s.middle_name,
      lastName: s.last_name,
      title: s.title,
      suffix: s.suffix,
      gender: s.gender,
      dateOfBirth: s.date_of_birth,
      educationLevel: s.education_level,
      occupation: s.occupation,
      militaryMember: !!s.military_member,
    },
    contactInfo: { mobilePhone: s.mobile_phone, homePhone: s.home_phone, workPhone: s.work_phone },
    address: { street1: s.street1, street2: s.street2, city: s.city, stateCode: s.state_code, zip: s.zip, countryCode: s.country_code },
    languageIso2LetterCode: s.language_iso2_letter_code,
    autoPay: !!s.auto_pay,
    timeZone: s.time_zone,
    source: s.source,
    salesforceLeadId: s.salesforce_lead_id,
    d2lUserId: s.d2l_user_id,
    edluminaId: s.edlumina_id,
    communicationPreferences: { email: !!s.email_opt_in, sms: !!s.sms_opt_in },
    archived: !!s.archived,
    mergedIntoId: s.merged_into_id,
    createdAt: s.created_at,
    updatedAt: s.updated_at,
    updatedBy: s.updated_by_id || s.updated_by_name ? { id: s.updated_by_id ?? null, name: s.updated_by_name ?? null } : null,
  };
}

async function list(q: Query) {
  const where = ['`archived` = false', '`is_student` = true'];
  const params: unknown[] = [];
  const words = (q.keyword ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5);
  for (const w of words) {
    const ors = ['`first_name` LIKE ?', '`last_name` LIKE ?', '`email` LIKE ?'];
    params.push(likePrefix(w), likePrefix(w), likePrefix(w));
    if (/^\d{1,9}$/.test(w)) {
      ors.push('`id` = ?');
      params.push(Number(w));
    }
    where.push(`(${ors.join(' OR ')})`);
  }
  for (const [column, values] of [
    ['state_code', q.criteria?.stateCodes],
    ['gender', q.criteria?.genders],
  ] as const) {
    if (values?.length) {
      where.push(`\`${column}\` IN (${values.map(() => '?').join(', ')})`);
      params.push(...values);
    }
  }
  const w = where.join(' AND ');
  const dir = q.desc ? 'DESC' : 'ASC';
  // As api/common/list.ts: with a keyword the sort column goes through an order-preserving expression.
  const sortTerm = !words.length ? `\`${q.sort}\`` : q.sort === 'id' ? 'COALESCE(`id`, NULL)' : `CONCAT(\`${q.sort}\`)`;
  const order = q.sort === 'id' ? `${words.length ? sortTerm : '`id`'} ${dir}` : `${sortTerm} ${dir}, \`id\` ${dir}`;
  const offset = q.page * q.size;
  const [idRows] = await pool.query<RowDataPacket[]>(`SELECT \`id\` FROM \`students\` WHERE ${w} ORDER BY ${order} LIMIT ${offset}, ${q.size}`, params);
  const ids = idRows.map((r) => r.id as number);
  let content: ReturnType<typeof dto>[] = [];
  if (ids.length) {
    const [rows] = await pool.query<RowDataPacket[]>(`SELECT * FROM \`students\` WHERE \`id\` IN (${ids.map(() => '?').join(', ')})`, ids);
    const byId = new Map(rows.map((r) => [r.id as number, r]));
    content = ids
      .map((id) => byId.get(id))
      .filter(Boolean)
      .map((r) => dto(r!));
  }
  let total: number;
  if (ids.length > 0 && ids.length < q.size) total = offset + ids.length;
  else if (ids.length === 0 && offset === 0) total = 0;
  else {
    // As api/common/count-cache.ts: a total is reused for COUNT_CACHE_MS (nothing writes during the bench).
    const key = `${w}|${JSON.stringify(params)}`;
    const hit = counts.get(key);
    if (hit && hit.expires > Date.now()) total = hit.total;
    else {
      const [[row]] = await pool.query<RowDataPacket[]>(`SELECT COUNT(*) AS n FROM \`students\` WHERE ${w}`, params);
      total = Number(row.n);
      if (COUNT_CACHE_MS > 0) counts.set(key, { total, expires: Date.now() + COUNT_CACHE_MS });
    }
  }
  return { content, pagination: { total, page: q.page, size: q.size } };
}

function parse(u: URL, body: unknown): Query {
  const num = (k: string, d: number) => (u.searchParams.has(k) ? Math.max(0, Math.floor(Number(u.searchParams.get(k)))) : d);
  const criteria = body && typeof body === 'object' ? (body as Query['criteria']) : undefined;
  return {
    page: num('page', 0),
    size: Math.min(Math.max(num('size', 10), 1), 1000),
    sort: SORT[u.searchParams.get('sortBy') ?? 'id'] ?? 'id',
    desc: u.searchParams.get('descending') === 'true',
    keyword: u.searchParams.get('keyword') ?? undefined,
    criteria,
  };
}

function send(res: http.ServerResponse, status: number, payload: unknown) {
  const text = JSON.stringify(payload);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const server = http.createServer((req, res) => {
  const u = new URL(req.url ?? '/', 'http://127.0.0.1');
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const handle = async () => {
      if (req.method === 'GET' && u.pathname === '/health') return send(res, 200, { status: 'UP' });
      // The API's token check reads the account once per request (active, revoked since): same SQL here.
      if (AUTH_USER_ID > 0) {
        await pool.query('SELECT `id`, `active`, `tokens_valid_after`, `last_activity_at`, `locked_until` FROM `users` WHERE `id` = ?', [AUTH_USER_ID]);
      }
      if (req.method === 'GET' && u.pathname === '/api/students') return send(res, 200, await list(parse(u, null)));
      if (req.method === 'POST' && u.pathname === '/api/students/find_by_criteria') {
        const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
        return send(res, 200, await list(parse(u, body)));
      }
      send(res, 404, { code: 'NOT_FOUND' });
    };
    handle().catch((err) => send(res, 500, { code: 'ERROR', message: String(err) }));
  });
});

server.listen(port, '127.0.0.1', () => console.log(`raw baseline on 127.0.0.1:${port}`));
const stop = () => server.close(() => pool.end().finally(() => process.exit(0)));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
