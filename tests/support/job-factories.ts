import { JobRun, JobSchedule } from '../../models';
import type { Deps } from '../../api/common/context';
import { runnerFor, type JobRunner } from '../../api/jobs/runner';
import { unique } from './factories';

/** A job schedule of its own (tests never run the seeded catalogue's rows: the database may be shared). */
export function makeSchedule(overrides: Partial<JobSchedule['_creationAttributes']> = {}): Promise<JobSchedule> {
  return JobSchedule.create({
    jobName: unique('Job '),
    jobGroup: 'TEST',
    description: null,
    type: 'COHORT_STATUS',
    status: 'ACTIVE',
    cronJob: true,
    cronExpression: '0 3 * * *',
    repeatInterval: null,
    params: {},
    nextRunAt: null,
    updatedById: null,
    updatedByName: 'Test',
    ...overrides,
  });
}

/** Runs a schedule once through the app's runner (as POST /run does) and waits for its end: the finished run. */
export async function runOnce(deps: Deps, scheduleId: number, runner: JobRunner = runnerFor(deps)): Promise<JobRun> {
  const run = await runner.start(scheduleId, 'MANUAL');
  if (!run) throw new Error(`schedule ${scheduleId}: the lease is held`);
  await runner.idle();
  return (await JobRun.findByPk(run.id))!;
}

/** Runs a job type once on a fresh schedule of that type with these params: the finished run. */
export async function runJob(deps: Deps, type: string, params: Record<string, unknown> = {}): Promise<JobRun> {
  const schedule = await makeSchedule({ type, params });
  return runOnce(deps, schedule.id);
}
