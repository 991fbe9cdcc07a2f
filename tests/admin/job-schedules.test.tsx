import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Resource } from 'react-admin';
import { formatDateTime } from '../../admin/src/common/dates';
import { HttpError, type HttpRequest } from '../../admin/src/providers/http';
import jobSchedules from '../../admin/src/resources/job-schedules';
import { jobSchedules as texts } from '../../admin/src/resources/job-schedules/i18n';
import {
  describeCron,
  formatDuration,
  intervalUnit,
  paramValue,
  toJobScheduleFormValues,
  toJobSchedulePayload,
  toParamPairs,
  toParams,
  type JobRunRecord,
  type JobScheduleRecord,
} from '../../admin/src/resources/job-schedules/jobScheduleRecord';
import { EnumLabels } from '../../models/labels';
import { callsOf as calls, currentLocation, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));
// Whole-console renders (lazy screens, react-admin) take seconds on a loaded machine.
const slow = { timeout: 10_000 };

const at = '2026-03-02T15:00:00.000Z';
const run = (id: number, overrides: Partial<JobRunRecord> = {}): JobRunRecord => ({
  id,
  jobScheduleId: 1,
  trigger: 'SCHEDULE',
  owner: 'host-1:4242',
  startedAt: '2026-03-02T07:00:00.000Z',
  endedAt: '2026-03-02T07:00:12.000Z',
  outcome: 'SUCCEEDED',
  count: 1250,
  error: null,
  note: null,
  ...overrides,
});
const schedule = (id: number, overrides: Partial<JobScheduleRecord> = {}): JobScheduleRecord => ({
  id,
  jobName: 'Nightly recompute',
  jobGroup: 'billing',
  description: 'Financial status of every plan',
  type: 'FINANCIAL_STATUS_RECOMPUTE',
  status: 'ACTIVE',
  cronJob: true,
  cronExpression: '0 2 * * *',
  repeatInterval: null,
  params: {},
  nextRunAt: '2026-03-03T07:00:00.000Z',
  lastRun: run(10),
  createdAt: at,
  updatedAt: at,
  updatedByName: 'Root Admin',
  ...overrides,
});

const recompute = schedule(1);
const reminders = schedule(2, {
  jobName: 'Weekday reminders',
  jobGroup: 'notices',
  type: 'INSTALLMENT_REMINDER',
  status: 'PAUSED',
  cronExpression: '30 8 * * 1-5',
  nextRunAt: null,
  params: { daysBefore: [7, 1], channel: 'email' },
  lastRun: run(20, { jobScheduleId: 2, outcome: 'FAILED', count: 3, error: 'SMTP connection refused' }),
});
const dispatch = schedule(3, {
  jobName: 'Event delivery',
  jobGroup: 'events',
  type: 'DOMAIN_EVENT_DISPATCH',
  cronJob: false,
  cronExpression: null,
  repeatInterval: 900,
  lastRun: null,
});
const records = [recompute, reminders, dispatch];

type Handler = (req: HttpRequest) => unknown;
const page = (content: unknown[], total = content.length) => ({ content, pagination: { total, page: 0, size: 25 } });

function renderConsole(path: string, { handler, permissions = ['*'], locale = 'en' }: { handler?: Handler; permissions?: string[]; locale?: 'en' | 'es' } = {}) {
  const request = jest.fn(async (req: HttpRequest) => {
    const answer = handler ? await handler(req) : undefined;
    if (answer !== undefined) return answer;
    const method = req.method ?? 'GET';
    if (req.path === '/job_schedules' && method === 'GET') return page(records);
    if (req.path === '/job_schedules' && method === 'POST') return { ...schedule(9), ...(req.body as object), id: 9 };
    const one = /^\/job_schedules\/(\d+)(\/\w+)?$/.exec(req.path);
    if (one) {
      const record = records.find((r) => r.id === Number(one[1]));
      if (!record) throw new HttpError(404, { status: 404, message: 'Not found' } as never);
      const action = one[2];
      if (!action && method === 'GET') return record;
      if (!action && method === 'PUT') return { ...record, ...(req.body as object), updatedAt: '2026-03-02T16:00:00.000Z' };
      if (!action && method === 'DELETE') return null;
      if (action === '/runs') return page(record.lastRun ? [record.lastRun] : []);
      if (action === '/run' && method === 'POST') return run(99, { jobScheduleId: Number(record.id), trigger: 'MANUAL', outcome: 'RUNNING', endedAt: null, count: 0 });
      if (action === '/pause' && method === 'POST') return { ...record, status: 'PAUSED', nextRunAt: null };
      if (action === '/resume' && method === 'POST') return { ...record, status: 'ACTIVE' };
    }
    if (/^\/users\/\d+\/view_histories$/.test(req.path)) return { id: 1 };
    if (req.path === '/students') return page([]);
    throw new Error(`unexpected call ${method} ${req.path}`);
  });
  renderAdmin({
    path,
    request,
    permissions,
    locale,
    children: [<Resource key="job-schedules" name="job-schedules" {...jobSchedules} />, <Resource key="students" name="students" list={() => <div>students</div>} />],
  });
  return request;
}

const drawer = async () => {
  await waitFor(() => expect(screen.getAllByTestId('record-drawer').length).toBe(1), slow);
  return screen.getByTestId('record-drawer');
};
const refuse = (method: string, path: string, status: number, body: Record<string, unknown>) => (req: HttpRequest) => {
  if ((req.method ?? 'GET') === method && req.path === path) throw new HttpError(status, { status, message: 'Refused', ...body } as never);
  return undefined;
};
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);
/** SUPPORT's permissions on this screen: read only. */
const READ_ONLY = ['job_schedules:read', 'students:read'];

beforeEach(() => {
  // react-admin's data provider wrapper logs every rejected call; the refusals here are expected.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('job schedule helpers', () => {
  test('cron expressions in words in English and Spanish; what does not read is not guessed', () => {
    expect(describeCron('0 2 * * *', 'en')).toEqual({ ok: true, text: 'At 02:00 AM' });
    expect(describeCron('0 2 * * *', 'es')).toEqual({ ok: true, text: 'A las 02:00' });
    expect(describeCron('*/10 * * * * *', 'en')).toEqual({ ok: true, text: 'Every 10 seconds' });
    expect(describeCron('30 8 * * 1-5', 'es')).toEqual({ ok: true, text: 'A las 08:30, de lunes a viernes' });
    expect(describeCron('61 * * * *', 'en')).toEqual({ ok: false });
    expect(describeCron('every day', 'en')).toEqual({ ok: false });
    expect(describeCron('0 0 2 * * * 2030', 'en')).toEqual({ ok: false });
    expect(describeCron(null, 'en')).toEqual({ ok: false });
  });

  test('intervals by their largest whole unit; durations in short units', () => {
    expect(intervalUnit(3600)).toEqual({ unit: 'hours', count: 1 });
    expect(intervalUnit(900)).toEqual({ unit: 'minutes', count: 15 });
    expect(intervalUnit(90)).toEqual({ unit: 'seconds', count: 90 });
    expect(formatDuration('2026-03-02T07:00:00.000Z', '2026-03-02T07:00:00.350Z')).toBe('350 ms');
    expect(formatDuration('2026-03-02T07:00:00.000Z', '2026-03-02T07:00:12.000Z')).toBe('12 s');
    expect(formatDuration('2026-03-02T07:00:00.000Z', '2026-03-02T07:03:05.000Z')).toBe('3 min 5 s');
    expect(formatDuration('2026-03-02T07:00:00.000Z', '2026-03-02T08:02:00.000Z')).toBe('1 h 2 min');
    expect(formatDuration('2026-03-02T07:00:00.000Z', null)).toBe('');
  });

  test('params as key/value pairs: JSON values kept, text as text; the payload is exactly the contract body', () => {
    expect(toParamPairs({ daysBefore: [7, 1], channel: 'email', dryRun: false })).toEqual([
      { key: 'daysBefore', value: '[7,1]' },
      { key: 'channel', value: 'email' },
      { key: 'dryRun', value: 'false' },
    ]);
    expect(
      toParams([
        { key: ' daysBefore ', value: '[7, 1]' },
        { key: 'channel', value: 'email' },
        { key: '', value: 'x' },
        { key: 'limit', value: '500' },
      ]),
    ).toEqual({
      daysBefore: [7, 1],
      channel: 'email',
      limit: 500,
    });
    expect(paramValue('"7"')).toBe('7');
    expect(paramValue('{"a":1')).toBe('{"a":1');
    const form = toJobScheduleFormValues(reminders);
    expect(toJobSchedulePayload({ ...form, jobGroup: '  ', description: ' Weekdays ' })).toEqual({
      jobName: 'Weekday reminders',
      jobGroup: null,
      description: 'Weekdays',
      type: 'INSTALLMENT_REMINDER',
      cronJob: true,
      cronExpression: '30 8 * * 1-5',
      repeatInterval: null,
      params: { daysBefore: [7, 1], channel: 'email' },
    });
    expect(toJobSchedulePayload({ ...form, cronJob: false, repeatInterval: '60' as unknown as number })).toMatchObject({
      cronJob: false,
      cronExpression: null,
      repeatInterval: 60,
    });
  });

  test('every English text has its Spanish one; the contract labels are the models labels', () => {
    const keys = (o: object, prefix = ''): string[] => Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
    expect(keys(texts.es).sort()).toEqual(keys(texts.en).sort());
    expect(EnumLabels.en.JobType.CLEANUP).toBe('Expired tokens and codes cleanup');
    expect(EnumLabels.es.JobRunOutcome.ABANDONED).toBe('Abandonado (retomado)');
    expect(EnumLabels.es.JobRunTrigger.MANUAL).toBe('Ejecutado por personal');
  });
});

describe('/job-schedules list', () => {
  test('labels, not raw values: job, status, schedule in words, next run, last outcome and count; sorted by name', async () => {
    const request = renderConsole('/job-schedules');
    const row = (await screen.findByText('Nightly recompute', {}, slow)).closest('tr') as HTMLElement;
    expect(cells(row)).toEqual([
      'Nightly recompute',
      'billing',
      'Financial status recompute',
      'Active',
      'At 02:00 AM',
      formatDateTime(recompute.nextRunAt),
      `Succeeded${formatDateTime(run(10).startedAt)}`,
      '1,250',
    ]);
    const paused = screen.getByText('Weekday reminders').closest('tr') as HTMLElement;
    expect(cells(paused).slice(2, 7)).toEqual(['Installment reminders', 'Paused', 'At 08:30 AM, Monday through Friday', 'Paused', `Failed${formatDateTime(run(20).startedAt)}`]);
    expect(screen.getByTestId('job-schedule-3').textContent).toBe('Every 15 minutes');
    expect(screen.getByText('Event delivery', { selector: 'td' })).not.toBeNull();
    expect(document.body.textContent).not.toContain('FINANCIAL_STATUS_RECOMPUTE');
    expect(document.body.textContent).not.toContain('INSTALLMENT_REMINDER');
    expect(calls(request, 'GET', '/job_schedules')[0].query).toEqual({ size: 25, page: 0, sortBy: 'jobName', descending: false, keyword: undefined });
    fireEvent.click(screen.getByRole('button', { name: /next run/i }));
    await waitFor(() => expect(calls(request, 'GET', '/job_schedules').at(-1)?.query).toMatchObject({ sortBy: 'nextRunAt', descending: false }));
    expect(screen.getByRole('link', { name: 'Add job schedule' }).getAttribute('href')).toMatch(/^\/job-schedules\/create/);
  });

  test('reads in Spanish: labels and the schedule in words', async () => {
    renderConsole('/job-schedules', { locale: 'es' });
    const row = (await screen.findByText('Nightly recompute', {}, slow)).closest('tr') as HTMLElement;
    expect(cells(row).slice(2, 5)).toEqual(['Recálculo del estado financiero', 'Activo', 'A las 02:00']);
    expect(cells(screen.getByText('Weekday reminders').closest('tr') as HTMLElement).slice(2, 5)).toEqual([
      'Recordatorios de cuotas',
      'En pausa',
      'A las 08:30, de lunes a viernes',
    ]);
    expect(screen.getByTestId('job-schedule-3').textContent).toBe('Cada 15 minutos');
    expect(screen.getByTestId('job-last-outcome-2').textContent).toBe('Fallido');
    expect(screen.getByRole('button', { name: /próxima ejecución/ })).not.toBeNull();
  });

  test('a row opens its drawer on /job-schedules/{id}', async () => {
    renderConsole('/job-schedules');
    fireEvent.click(await screen.findByText('Weekday reminders', {}, slow));
    await waitFor(() => expect(currentLocation()).toBe('/job-schedules/2'));
    const panel = await drawer();
    expect(await within(panel).findByTestId('drawer-title', {}, slow)).toHaveProperty('textContent', 'Weekday reminders');
  });

  test('in the menu for staff with job_schedules:read, not for others', async () => {
    renderConsole('/students', { permissions: READ_ONLY });
    expect(await screen.findByRole('menuitem', { name: /Job schedules/ }, slow)).not.toBeNull();
  });

  test('a role without job_schedules:read sees no Job schedules in the menu', async () => {
    renderConsole('/students', { permissions: ['students:read'] });
    await screen.findByRole('menuitem', { name: /Students/ }, slow);
    expect(screen.queryByRole('menuitem', { name: /Job schedules/ })).toBeNull();
  });
});

describe('job schedule drawer', () => {
  test('Run once posts /run; 202 → "Run started" and the history asks again', async () => {
    const request = renderConsole('/job-schedules/1');
    const panel = await drawer();
    fireEvent.click(await within(panel).findByTestId('tab-runs', {}, slow));
    expect(await within(panel).findByTestId('job-run-10', {}, slow)).not.toBeNull();
    const before = calls(request, 'GET', '/job_schedules/1/runs').length;
    expect(calls(request, 'GET', '/job_schedules/1/runs')[0].query).toEqual({ page: 0, size: 10 });
    fireEvent.click(within(panel).getByTestId('run-job'));
    expect(await screen.findByText('Run started', {}, slow)).not.toBeNull();
    expect(calls(request, 'POST', '/job_schedules/1/run').length).toBe(1);
    await waitFor(() => expect(calls(request, 'GET', '/job_schedules/1/runs').length).toBeGreaterThan(before));
  });

  test('the run history: started, ended, duration, trigger, outcome, count and error', async () => {
    renderConsole('/job-schedules/2');
    const panel = await drawer();
    fireEvent.click(await within(panel).findByTestId('tab-runs', {}, slow));
    const row = await within(panel).findByTestId('job-run-20', {}, slow);
    expect(cells(row)).toEqual([formatDateTime(run(20).startedAt), formatDateTime(run(20).endedAt), '12 s', 'Schedule', 'Failed', '3', 'SMTP connection refused']);
  });

  test('Pause posts /pause on an active job; Resume posts /resume on a paused one', async () => {
    const request = renderConsole('/job-schedules/1');
    fireEvent.click(await within(await drawer()).findByTestId('pause-job', {}, slow));
    expect(await screen.findByText('Job paused', {}, slow)).not.toBeNull();
    expect(calls(request, 'POST', '/job_schedules/1/pause').length).toBe(1);
    expect(calls(request, 'POST', '/job_schedules/1/resume').length).toBe(0);
  });

  test('Resume posts /resume on a paused job', async () => {
    const request = renderConsole('/job-schedules/2');
    const panel = await drawer();
    expect(within(panel).queryByTestId('pause-job')).toBeNull();
    fireEvent.click(await within(panel).findByTestId('resume-job', {}, slow));
    expect(await screen.findByText('Job resumed', {}, slow)).not.toBeNull();
    expect(calls(request, 'POST', '/job_schedules/2/resume').length).toBe(1);
  });

  test("a 409 shows the server's message (and in Spanish in the console's language)", async () => {
    renderConsole('/job-schedules/1', { handler: refuse('POST', '/job_schedules/1/run', 409, { message: 'Job already running' }) });
    fireEvent.click(await within(await drawer()).findByTestId('run-job', {}, slow));
    expect(await screen.findByText('Job already running', {}, slow)).not.toBeNull();
    expect(screen.queryByText('Run started')).toBeNull();
  });

  test('a 409 in Spanish', async () => {
    renderConsole('/job-schedules/2', { locale: 'es', handler: refuse('POST', '/job_schedules/2/resume', 409, { message: 'Job is not paused' }) });
    fireEvent.click(await within(await drawer()).findByTestId('resume-job', {}, slow));
    expect(await screen.findByText('La tarea no está en pausa', {}, slow)).not.toBeNull();
  });

  test('Delete asks first, then DELETE /job_schedules/{id} and back to the list', async () => {
    const request = renderConsole('/job-schedules/1');
    fireEvent.click(await within(await drawer()).findByTestId('delete-job', {}, slow));
    const dialog = await screen.findByRole('dialog', { name: /Delete the job schedule/ });
    expect(dialog.textContent).toContain('Delete the job schedule "Nightly recompute"?');
    expect(calls(request, 'DELETE', '/job_schedules/1').length).toBe(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Job schedule deleted', {}, slow)).not.toBeNull();
    expect(calls(request, 'DELETE', '/job_schedules/1').length).toBe(1);
    await waitFor(() => expect(currentLocation()).toBe('/job-schedules'));
  });

  test('editing: the cron preview follows what is typed; Save sends exactly the contract body', async () => {
    const request = renderConsole('/job-schedules/2');
    const panel = await drawer();
    const cron = await within(panel).findByTestId('cron-expression-input', {}, slow);
    expect(within(panel).getByTestId('cron-preview').textContent).toBe('At 08:30 AM, Monday through Friday (New York time)');
    fireEvent.change(cron, { target: { value: '*/5 * * * *' } });
    expect(within(panel).getByTestId('cron-preview').textContent).toBe('Every 5 minutes (New York time)');
    expect((within(panel).getByDisplayValue('[7,1]') as HTMLInputElement).value).toBe('[7,1]');
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Job schedule saved', {}, slow)).not.toBeNull();
    expect(calls(request, 'PUT', '/job_schedules/2').map((r) => r.body)).toEqual([
      {
        jobName: 'Weekday reminders',
        jobGroup: 'notices',
        description: 'Financial status of every plan',
        type: 'INSTALLMENT_REMINDER',
        cronJob: true,
        cronExpression: '*/5 * * * *',
        repeatInterval: null,
        params: { daysBefore: [7, 1], channel: 'email' },
      },
    ]);
  });

  test("an invalid cron shows the local hint at once and the API's 400 field error under the input", async () => {
    const request = renderConsole('/job-schedules/1', {
      handler: refuse('PUT', '/job_schedules/1', 400, { code: 'VALIDATION_ERROR', message: 'Validation failed', errors: { cronExpression: 'Invalid cron expression' } }),
    });
    const panel = await drawer();
    const cron = await within(panel).findByTestId('cron-expression-input', {}, slow);
    fireEvent.change(cron, { target: { value: '61 * * * *' } });
    expect(within(panel).getByTestId('cron-hint').textContent).toContain('This does not read as a cron expression');
    expect(within(panel).queryByTestId('cron-preview')).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(request, 'PUT', '/job_schedules/1').length).toBe(1), slow);
    await waitFor(() => expect(document.getElementById(cron.getAttribute('aria-describedby')!)?.textContent).toBe('Invalid cron expression'), slow);
    expect(cron.getAttribute('aria-invalid')).toBe('true');
  });

  test('the invalid cron reads in Spanish too', async () => {
    renderConsole('/job-schedules/1', {
      locale: 'es',
      handler: refuse('PUT', '/job_schedules/1', 400, { code: 'VALIDATION_ERROR', message: 'Validation failed', errors: { cronExpression: 'Invalid cron expression' } }),
    });
    const panel = await drawer();
    const cron = await within(panel).findByTestId('cron-expression-input', {}, slow);
    expect(within(panel).getByTestId('cron-preview').textContent).toBe('A las 02:00 (hora de Nueva York)');
    fireEvent.change(cron, { target: { value: 'cada día' } });
    expect(within(panel).getByTestId('cron-hint').textContent).toContain('Esto no es una expresión cron válida');
    fireEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(document.getElementById(cron.getAttribute('aria-describedby')!)?.textContent).toBe('Expresión cron no válida'), slow);
  });

  test('an interval schedule: the input in seconds with its words; switching to interval sends no cron expression', async () => {
    const request = renderConsole('/job-schedules/3');
    const panel = await drawer();
    const seconds = await within(panel).findByLabelText('Every (seconds) *', {}, slow);
    expect((seconds as HTMLInputElement).value).toBe('900');
    expect(within(panel).getByTestId('interval-preview').textContent).toBe('Every 15 minutes');
    fireEvent.change(seconds, { target: { value: '3600' } });
    await waitFor(() => expect(within(panel).getByTestId('interval-preview').textContent).toBe('Every hour'));
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await screen.findByText('Job schedule saved', {}, slow);
    expect(calls(request, 'PUT', '/job_schedules/3')[0].body).toMatchObject({ cronJob: false, cronExpression: null, repeatInterval: 3600 });
  });

  test('adding: POST /job_schedules with the contract body, then the drawer moves to the new schedule', async () => {
    const request = renderConsole('/job-schedules/create');
    const panel = await drawer();
    expect(within(panel).getByRole('heading', { level: 2 }).textContent).toBe('New job schedule');
    fireEvent.change(await within(panel).findByLabelText('Job name *', {}, slow), { target: { value: 'Weekly cleanup' } });
    fireEvent.mouseDown(within(panel).getByRole('combobox', { name: /Job/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Expired tokens and codes cleanup' }));
    fireEvent.change(within(panel).getByTestId('cron-expression-input'), { target: { value: '0 3 * * 0' } });
    expect(within(panel).getByTestId('cron-preview').textContent).toBe('At 03:00 AM, only on Sunday (New York time)');
    fireEvent.click(within(panel).getByRole('button', { name: 'Add' }));
    fireEvent.change(await within(panel).findByLabelText('Name *'), { target: { value: 'olderThanDays' } });
    fireEvent.change(within(panel).getByLabelText('Value'), { target: { value: '30' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Job schedule added', {}, slow)).not.toBeNull();
    expect(calls(request, 'POST', '/job_schedules').map((r) => r.body)).toEqual([
      {
        jobName: 'Weekly cleanup',
        jobGroup: null,
        description: null,
        type: 'CLEANUP',
        cronJob: true,
        cronExpression: '0 3 * * 0',
        repeatInterval: null,
        params: { olderThanDays: 30 },
      },
    ]);
    await waitFor(() => expect(currentLocation()).toBe('/job-schedules/9'));
  });
});

describe('read-only roles', () => {
  test('SUPPORT sees the list without the add button and the drawer without actions or form', async () => {
    renderConsole('/job-schedules/2', { permissions: READ_ONLY });
    const panel = await drawer();
    expect(await within(panel).findByTestId('job-schedule-view', {}, slow)).not.toBeNull();
    expect(within(panel).getByTestId('job-read-only')).not.toBeNull();
    expect(within(panel).getByTestId('job-view-type').textContent).toBe('Installment reminders');
    expect(within(panel).getByTestId('job-view-schedule').textContent).toBe('At 08:30 AM, Monday through Friday30 8 * * 1-5');
    expect(within(panel).getByTestId('job-view-params').textContent).toBe('daysBefore: [7,1]channel: email');
    for (const id of ['run-job', 'pause-job', 'resume-job', 'delete-job']) expect(within(panel).queryByTestId(id)).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(panel).queryByTestId('cron-expression-input')).toBeNull();
    await screen.findByText('Nightly recompute', {}, slow);
    expect(screen.queryByRole('link', { name: 'Add job schedule' })).toBeNull();
  });

  test('a role that may run but not change a job sees only Run once', async () => {
    renderConsole('/job-schedules/1', { permissions: [...READ_ONLY, 'job_schedules:run'] });
    const panel = await drawer();
    expect(await within(panel).findByTestId('run-job', {}, slow)).not.toBeNull();
    for (const id of ['pause-job', 'resume-job', 'delete-job']) expect(within(panel).queryByTestId(id)).toBeNull();
  });
});
