/**
 * `npm run bench:circles`: generating a year of weekly sessions for 200 coaching circles on SQLite
 * (issue 19: ≤ 2 s). Each circle's sessions are laid as `POST /coaching_circles/{id}/generate_sessions`
 * lays them (api/coaching-circles/coaching-circles.service.ts laySessions: the cohort's skipped dates
 * read, the plan computed in its zone, the old unsigned sessions replaced, one bulk INSERT), one
 * transaction per circle, one after the other; timed twice (the second pass replaces the first's).
 *
 * Environment: BENCH_DATABASE_URL (default a fresh SQLite file in the system's temp folder),
 * BENCH_CIRCLES (200), BENCH_SESSIONS (52). Results: printed, and bench/results/circles.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase } from '../api/bootstrap';
import { createLogger } from '../api/common/logger';
import { loadConfig } from '../api/config';
import { laySessions, laySessionsOf } from '../api/coaching-circles/coaching-circles.service';
import { BusinessCategory, CoachingCircle, CoachingCircleSession, CoachingCircleType, Cohort, Program, SkippedCoachingCircleSession } from '../models';
import { endTimeOf } from '../domain/rules/coaching-circles';

const CIRCLES = Number(process.env.BENCH_CIRCLES ?? 200);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 52);
const LIMIT_MS = 2000;

async function main(): Promise<void> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hci-bench-circles-')), 'bench.sqlite');
  const url = process.env.BENCH_DATABASE_URL ?? `sqlite:${file}`;
  const config = loadConfig({ ...process.env, DATABASE_URL: url, SEED_DEMO: 'false' });
  const sequelize = await connectDatabase(config, createLogger('warn'));

  const program = await Program.findOne();
  const cohort = await Cohort.create({
    programId: program?.id ?? (await makeProgramId()),
    businessCategoryId: program?.businessCategoryId ?? 1,
    startDate: '2027-01-01',
    endDate: '2027-12-31',
    extendedGraduationDate: null,
    courseAccessStartDateTime: null,
    courseAccessEndDateTime: null,
    description: null,
    image: null,
    customName: 'Bench cohort',
    label: 'Bench cohort',
    d2lSectionId: null,
    iinLmsCoursePath: null,
    salesforceProductId: null,
    maxStudents: null,
    coachingCircleOpenDate: null,
    coachingCircleCloseDate: null,
    sessionOpenDate: null,
    sessionCloseDate: null,
    updatedById: null,
    updatedByName: null,
  });
  const type = await CoachingCircleType.create({ name: 'Bench weekly', sessions: SESSIONS, maxStudents: 10, frequency: 1, frequencyUnit: 'WEEKS', duration: 60 });
  for (const sessionDate of ['2027-07-05', '2027-11-25', '2027-12-27'])
    await SkippedCoachingCircleSession.create({ cohortId: cohort.id, coachingCircleTypeId: null, sessionDate, description: null, updatedById: null, updatedByName: null });
  const zones = ['America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Europe/Madrid'];
  const circles = await CoachingCircle.bulkCreate(
    Array.from({ length: CIRCLES }, (_, i) => {
      const startTime = `${String(6 + (i % 15)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`;
      return {
        coachingCircleTypeId: type.id,
        cohortId: cohort.id,
        name: `Bench circle ${i + 1}`,
        sessions: SESSIONS,
        maxStudents: 10,
        frequency: 1,
        frequencyUnit: 'WEEKS' as const,
        duration: 60,
        startDate: `2027-01-${String(4 + (i % 7)).padStart(2, '0')}`,
        startTime,
        endTime: endTimeOf(startTime, 60),
        timeZone: zones[i % zones.length],
      };
    }),
  );

  // The batch call (POST /coaching_circles/generate_sessions {ids}): every circle in one transaction, set-based.
  const batch = async () => {
    const start = performance.now();
    const laid = await sequelize.transaction((transaction) => laySessionsOf(circles, transaction));
    return { ms: Math.round(performance.now() - start), sessions: [...laid.values()].reduce((a, b) => a + b, 0) };
  };
  // One circle's call (POST /coaching_circles/{id}/generate_sessions) 200 times: a transaction (a commit) each.
  const oneByOne = async () => {
    const start = performance.now();
    let sessions = 0;
    for (const circle of circles) sessions += await sequelize.transaction((transaction) => laySessions(circle, transaction));
    return { ms: Math.round(performance.now() - start), sessions };
  };
  const first = await batch();
  const second = await batch();
  const single = await oneByOne();
  const stored = await CoachingCircleSession.count();
  const result = {
    database: sequelize.getDialect(),
    circles: CIRCLES,
    sessionsPerCircle: SESSIONS,
    sessions: first.sessions,
    stored,
    firstPassMs: first.ms,
    regeneratePassMs: second.ms,
    oneCallPerCircleMs: single.ms,
    limitMs: LIMIT_MS,
    ok: first.ms <= LIMIT_MS && second.ms <= LIMIT_MS && stored === CIRCLES * SESSIONS,
  };
  console.log(
    `Generated ${result.sessions} sessions for ${CIRCLES} circles (${SESSIONS} weekly each) in ${first.ms} ms; regenerated in ${second.ms} ms (limit ${LIMIT_MS} ms) — ${result.ok ? 'OK' : 'TOO SLOW'}; one call per circle (${CIRCLES} commits): ${single.ms} ms`,
  );
  fs.mkdirSync(path.join(__dirname, 'results'), { recursive: true });
  fs.writeFileSync(path.join(__dirname, 'results', 'circles.json'), `${JSON.stringify(result, null, 2)}\n`);
  await sequelize.close();
  if (!process.env.BENCH_DATABASE_URL) fs.rmSync(path.dirname(file), { recursive: true, force: true });
  process.exitCode = result.ok ? 0 : 1;
}

/** A program for the bench's cohort on an empty database. */
async function makeProgramId(): Promise<number> {
  const category = await BusinessCategory.findOne();
  const program = await Program.create({ name: 'Bench program', businessCategoryId: category!.id } as never);
  return program.id;
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
