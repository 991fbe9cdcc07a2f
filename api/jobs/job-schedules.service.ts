import { Op } from 'sequelize';
import { JobRun, JobSchedule } from '../../models';
import { Messages } from '../../models/messages';
import { stamp } from '../common/audit';
import type { Actor, Deps } from '../common/context';
import { AppError } from '../common/errors';
import { runList, type ListSpec, type Page } from '../common/list';
import { defaultParams } from './catalogue';
import { nextRunOf } from './cron';
import { runnerFor } from './runner';
import { scheduleSortable, type RunListQuery, type ScheduleInput, type ScheduleListQuery } from './job-schedules.schemas';

/**
 * /api/job_schedules (issue 16 §1, the job-schedules contract): the schedules of the job catalogue,
 * edited, paused, resumed, run once and deleted by staff, with each one's run history. Every change
 * reloads this process's scheduler at once; the others read the table every JOBS_RELOAD_SECONDS.
 */

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export function runDto(r: JobRun) {
  return {
    id: r.id,
    jobScheduleId: r.jobScheduleId,
    trigger: r.trigger,
    owner: r.owner,
    startedAt: iso(r.startedAt)!,
    endedAt: iso(r.endedAt),
    outcome: r.outcome,
    count: r.count,
    error: r.error ?? null,
    note: r.note ?? null,
  };
}
export type JobRunDto = ReturnType<typeof runDto>;

export function scheduleDto(s: JobSchedule, lastRun: JobRun | null) {
  // The stored next run is refreshed by each run and edit; a time already past (no scheduler running) is computed again.
  const stored = s.status === 'ACTIVE' ? s.nextRunAt : null;
  const nextRunAt = s.status !== 'ACTIVE' ? null : stored && stored.getTime() > Date.now() ? stored : nextRunOf(s);
  return {
    id: s.id,
    jobName: s.jobName,
    jobGroup: s.jobGroup,
    description: s.description ?? null,
    type: s.type,
    status: s.status,
    cronJob: Boolean(s.cronJob),
    cronExpression: s.cronExpression ?? null,
    repeatInterval: s.repeatInterval ?? null,
    params: s.params ?? {},
    nextRunAt: iso(nextRunAt),
    lastRun: lastRun ? runDto(lastRun) : null,
    createdAt: iso(s.createdAt)!,
    updatedAt: iso(s.updatedAt)!,
    updatedByName: s.updatedByName ?? null,
  };
}
export type JobScheduleDto = ReturnType<typeof scheduleDto>;

/** The newest run of each schedule, in one query. */
async function lastRuns(ids: number[]): Promise<Map<number, JobRun>> {
  if (!ids.length) return new Map();
  const { fn, col } = JobRun.sequelize!;
  const newest = (await JobRun.findAll({
    attributes: [[fn('MAX', col('id')), 'id']],
    where: { jobScheduleId: ids },
    group: [col('job_schedule_id')],
    raw: true,
  })) as unknown as Array<{ id: number }>;
  const runs = newest.length ? await JobRun.findAll({ where: { id: newest.map((r) => r.id) } }) : [];
  return new Map(runs.map((r) => [r.jobScheduleId, r]));
}

const spec: ListSpec<JobSchedule> = { model: JobSchedule, sortable: scheduleSortable, defaultSort: 'jobName', keywordColumns: [] };

export async function listSchedules(q: ScheduleListQuery): Promise<Page<JobScheduleDto>> {
  const page = await runList(spec, q, [], (s) => s);
  const runs = await lastRuns(page.content.map((s) => s.id));
  return { ...page, content: page.content.map((s) => scheduleDto(s, runs.get(s.id) ?? null)) };
}

async function findSchedule(id: number): Promise<JobSchedule> {
  const s = await JobSchedule.findByPk(id);
  if (!s) throw AppError.notFound('Job schedule');
  return s;
}

async function answer(s: JobSchedule): Promise<JobScheduleDto> {
  const runs = await lastRuns([s.id]);
  return scheduleDto(s, runs.get(s.id) ?? null);
}

export async function getSchedule(id: number): Promise<JobScheduleDto> {
  return answer(await findSchedule(id));
}

function timing(input: ScheduleInput) {
  return input.cronJob
    ? { cronJob: true, cronExpression: input.cronExpression!.trim(), repeatInterval: null }
    : { cronJob: false, cronExpression: null, repeatInterval: input.repeatInterval! };
}

const reload = (deps: Deps) => deps.scheduler?.reload().catch((err) => deps.log.warn({ err }, 'scheduler not reloaded'));

export async function createSchedule(deps: Deps, input: ScheduleInput, actor: Actor): Promise<JobScheduleDto> {
  const values = {
    jobName: input.jobName,
    jobGroup: input.jobGroup ?? 'DEFAULT',
    description: input.description ?? null,
    type: input.type,
    status: 'ACTIVE',
    ...timing(input),
    params: input.params ?? defaultParams(input.type),
  };
  const s = await JobSchedule.create({ ...values, nextRunAt: nextRunOf(values), ...stamp(actor) });
  void reload(deps);
  return answer(s);
}

export async function updateSchedule(deps: Deps, id: number, input: ScheduleInput, actor: Actor): Promise<JobScheduleDto> {
  const s = await findSchedule(id);
  const values = {
    jobName: input.jobName,
    jobGroup: input.jobGroup ?? 'DEFAULT',
    description: input.description ?? null,
    type: input.type,
    ...timing(input),
    params: input.params ?? s.params ?? {},
  };
  await s.update({ ...values, nextRunAt: nextRunOf({ ...values, status: s.status }), ...stamp(actor) });
  void reload(deps);
  return answer(s);
}

/** DELETE: the schedule and its run history; refused (409) while a run holds its lease. */
export async function deleteSchedule(deps: Deps, id: number): Promise<void> {
  await findSchedule(id);
  const removed = await JobSchedule.sequelize!.transaction(async (transaction) => {
    const free = { [Op.or]: [{ leaseOwner: null }, { leaseExpiresAt: { [Op.lt]: new Date() } }] };
    if (!(await JobSchedule.findOne({ where: { id, ...free }, attributes: ['id'], transaction }))) return false;
    await JobRun.destroy({ where: { jobScheduleId: id }, transaction });
    await JobSchedule.destroy({ where: { id, ...free }, transaction });
    return true;
  });
  if (!removed) throw AppError.conflict('JOB_ALREADY_RUNNING', Messages.JOB_ALREADY_RUNNING);
  void reload(deps);
}

/** POST /{id}/pause: no more scheduled runs (a run going on finishes); 409 when already paused. */
export async function pauseSchedule(deps: Deps, id: number, actor: Actor): Promise<JobScheduleDto> {
  await findSchedule(id);
  const [changed] = await JobSchedule.update({ status: 'PAUSED', nextRunAt: null, ...stamp(actor) }, { where: { id, status: 'ACTIVE' } });
  if (changed !== 1) throw AppError.conflict('JOB_ALREADY_PAUSED', Messages.JOB_ALREADY_PAUSED);
  void reload(deps);
  return getSchedule(id);
}

/** POST /{id}/resume: scheduled again from the next time its cron or interval gives; 409 when not paused. */
export async function resumeSchedule(deps: Deps, id: number, actor: Actor): Promise<JobScheduleDto> {
  const s = await findSchedule(id);
  const [changed] = await JobSchedule.update({ status: 'ACTIVE', nextRunAt: nextRunOf({ ...s.get(), status: 'ACTIVE' }), ...stamp(actor) }, { where: { id, status: 'PAUSED' } });
  if (changed !== 1) throw AppError.conflict('JOB_NOT_PAUSED', Messages.JOB_NOT_PAUSED);
  void reload(deps);
  return getSchedule(id);
}

/** POST /{id}/run: the run starts in this process and goes on in the background (202 RUNNING); 409 while a run holds the lease. */
export async function runNow(deps: Deps, id: number): Promise<JobRunDto> {
  await findSchedule(id);
  const run = await runnerFor(deps).start(id, 'MANUAL');
  if (!run) throw AppError.conflict('JOB_ALREADY_RUNNING', Messages.JOB_ALREADY_RUNNING);
  return runDto(run);
}

/** GET /{id}/runs: the run history, newest first. */
export async function listRuns(id: number, q: RunListQuery): Promise<Page<JobRunDto>> {
  await findSchedule(id);
  const [rows, total] = await Promise.all([
    JobRun.findAll({ where: { jobScheduleId: id }, order: [['id', 'DESC']], limit: q.size, offset: q.page * q.size }),
    JobRun.count({ where: { jobScheduleId: id } }),
  ]);
  return { content: rows.map(runDto), pagination: { total, page: q.page, size: q.size } };
}
