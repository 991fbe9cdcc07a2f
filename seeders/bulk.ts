/**
 * Loads many students fast (benchmarks, load tests): multi-row INSERTs through the query interface
 * into users then students, explicit ids after the current maximum of each table, one transaction
 * per batch. Names come from seeders/names.ts with a seeded PRNG, so a run is repeatable.
 */
import { QueryTypes, type Sequelize } from 'sequelize';
import { FOREIGN_CITIES, Rng, US_CITIES, asciiWord, drawPerson, validPhone, type City } from './names';

export interface BulkOptions {
  /** Rows per INSERT (and per transaction). */
  batchSize?: number;
  /** A precomputed bcrypt hash given to every account, or null (no password; the default). */
  passwordHash?: string | null;
  /** PRNG seed (the start id is mixed in, so successive loads differ). */
  seed?: number;
  /** Progress lines; console.log by default, `false` for none. */
  log?: ((line: string) => void) | false;
}

export interface BulkResult {
  inserted: number;
  firstStudentId: number;
  lastStudentId: number;
  ms: number;
}

async function maxId(sequelize: Sequelize, table: string): Promise<number> {
  const [row] = await sequelize.query<{ m: number | string | null }>(`SELECT MAX(id) AS m FROM ${table}`, { type: QueryTypes.SELECT });
  return Number(row?.m ?? 0);
}

/** Valid phone numbers per city, drawn once (validation is the slow part of making a row). */
function phonePools(rng: Rng): Map<City, { mobile: string[]; other: string[] }> {
  const pools = new Map<City, { mobile: string[]; other: string[] }>();
  for (const city of [...US_CITIES, ...FOREIGN_CITIES]) {
    const mobile = Array.from({ length: 40 }, () => validPhone(rng, city, true));
    const other = Array.from({ length: 10 }, () => validPhone(rng, city, false));
    pools.set(city, { mobile, other });
  }
  return pools;
}

/** Adds `n` students (each with its STUDENT user row). */
export async function seedBulkStudents(sequelize: Sequelize, n: number, opts: BulkOptions = {}): Promise<BulkResult> {
  const started = Date.now();
  const batchSize = Math.max(1, Math.min(opts.batchSize ?? 2000, 10_000));
  const log = opts.log === false ? () => {} : (opts.log ?? ((line: string) => console.log(line)));
  const qi = sequelize.getQueryInterface();
  let userId = await maxId(sequelize, 'users');
  let studentId = await maxId(sequelize, 'students');
  const firstStudentId = studentId + 1;
  const rng = new Rng((opts.seed ?? 7) + firstStudentId * 7919);
  const pools = phonePools(rng);
  const now = new Date();
  now.setUTCMilliseconds(0);
  const passwordHash = opts.passwordHash ?? null;

  let done = 0;
  while (done < n) {
    const count = Math.min(batchSize, n - done);
    const users: Record<string, unknown>[] = new Array(count);
    const students: Record<string, unknown>[] = new Array(count);
    for (let i = 0; i < count; i++) {
      userId += 1;
      studentId += 1;
      const p = drawPerson(rng, now, { foreignShare: 0.02, compoundShare: 0.15 });
      const pool = pools.get(p.place)!;
      const email = `${asciiWord(p.firstName)}.${asciiWord(p.lastName)}${userId}@mail.example.com`;
      const verified = passwordHash ? p.createdAt : null;
      users[i] = {
        id: userId,
        email,
        password_hash: passwordHash,
        kind: 'STUDENT',
        active: p.active,
        email_verified_at: verified,
        failed_login_count: 0,
        updated_by_name: 'Bulk load',
        created_at: p.createdAt,
        updated_at: p.createdAt,
      };
      students[i] = {
        id: studentId,
        user_id: userId,
        email,
        is_student: p.isStudent,
        active: p.active,
        first_name: p.firstName,
        middle_name: p.middleName,
        last_name: p.lastName,
        gender: p.gender,
        date_of_birth: p.dateOfBirth,
        education_level: p.educationLevel,
        occupation: p.occupation,
        military_member: p.militaryMember,
        mobile_phone: rng.pick(pool.mobile),
        home_phone: rng.chance(0.25) ? rng.pick(pool.other) : null,
        work_phone: rng.chance(0.15) ? rng.pick(pool.other) : null,
        street1: p.street1,
        street2: p.street2,
        city: p.city,
        state_code: p.stateCode,
        zip: p.zip,
        country_code: p.countryCode,
        language_iso2_letter_code: p.languageIso2LetterCode,
        auto_pay: p.autoPay,
        time_zone: p.timeZone,
        source: p.source,
        email_opt_in: p.emailOptIn,
        sms_opt_in: p.smsOptIn,
        archived: false,
        updated_by_name: 'Bulk load',
        created_at: p.createdAt,
        updated_at: p.createdAt,
      };
    }
    await sequelize.transaction(async (transaction) => {
      await qi.bulkInsert('users', users, { transaction });
      await qi.bulkInsert('students', students, { transaction });
    });
    done += count;
    if (done === n || done % (batchSize * 10) === 0) {
      const s = (Date.now() - started) / 1000;
      log(`  ${done.toLocaleString('en-US')} / ${n.toLocaleString('en-US')} students (${s.toFixed(1)} s, ${Math.round(done / Math.max(s, 0.001)).toLocaleString('en-US')}/s)`);
    }
  }
  return { inserted: n, firstStudentId, lastStudentId: studentId, ms: Date.now() - started };
}
