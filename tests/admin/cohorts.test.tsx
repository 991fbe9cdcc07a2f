import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Resource, type TranslateFunction } from 'react-admin';
import { instantOrDay, schoolDay } from '../../admin/src/common/dates';
import { describeCriteria } from '../../admin/src/common/FilterChips';
import { HttpError, type HttpRequest } from '../../admin/src/providers/http';
import { createI18nProvider } from '../../admin/src/providers/i18nProvider';
import cohorts from '../../admin/src/resources/cohorts';
import { cohortFilterDescriptors } from '../../admin/src/resources/cohorts/cohortFilters';
import {
  moduleDateUpdates,
  notBefore,
  showsDefaultStatuses,
  splitIds,
  toCoachingCircleDatesPayload,
  toCohortFormValues,
  toCohortPayload,
  toModulePayload,
  toSkippedPayload,
  withArchived,
  withinCohort,
  type CohortRecord,
} from '../../admin/src/resources/cohorts/cohortRecord';
import { cohorts as texts } from '../../admin/src/resources/cohorts/i18n';
import { callsOf as calls, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));
// Whole-console renders (lazy screens, react-admin) take seconds on a loaded machine.
const slow = { timeout: 10_000 };

const updatedAt = '2026-03-02T15:00:00.000Z';
const cohort = (id: number, overrides: Partial<CohortRecord> = {}): CohortRecord => ({
  id,
  status: 'CREATED',
  label: `HCTP 01-15-2031 - 12-15-2031 #${id}`,
  customName: null,
  programId: 1,
  program: { id: 1, name: 'HCTP', durationType: 'FIXED_DURATION', accelerated: false, lmsConnectionId: null },
  lmsConnectionId: null,
  businessCategoryId: 3,
  businessCategory: { id: 3, name: 'HCTP' },
  startDate: '2031-01-15',
  endDate: '2031-12-15',
  extendedGraduationDate: null,
  courseAccessStartDateTime: '2031-01-10T05:00:00.000Z',
  courseAccessEndDateTime: '2032-03-15T20:00:00.000Z',
  description: null,
  image: null,
  deleted: false,
  d2lSectionId: 'S-1',
  iinLmsCoursePath: null,
  salesforceProductId: null,
  published: false,
  maxStudents: 40,
  useCoachingCircle: false,
  accessDisabled: false,
  coachingCircleOpenDate: null,
  coachingCircleCloseDate: null,
  sessionOpenDate: null,
  sessionCloseDate: null,
  doceboConfig: { learningPlanIds: ['10', '11'], courseIds: [] },
  productIds: [],
  updatedBy: { id: 10, name: 'Root Admin' },
  createdAt: updatedAt,
  updatedAt,
  ...overrides,
});

const en = (key: string, options?: Record<string, unknown>) => {
  const path = key.split('.');
  const tree: Record<string, unknown> = { resources: { cohorts: texts.en }, app: { yes: 'Yes', no: 'No' }, enums: { CohortStatus: { CREATED: 'Created', ACTIVE: 'Active' } } };
  const found = path.reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], tree);
  return typeof found === 'string' ? found : String(options?._ ?? key);
};

describe('cohort payloads (strict bodies)', () => {
  test('POST/PUT send exactly the cohort fields: trimmed texts, ids split, date-times kept when the day is unchanged', () => {
    const record = cohort(4, { customName: 'Spring' });
    const form = {
      ...toCohortFormValues(record),
      customName: '  ',
      description: ' Evening class ',
      maxStudents: '25' as unknown as number,
      doceboConfig: { learningPlanIds: '10, 11 12' as unknown as string[], courseIds: ['c-1', 'c-1'] },
    };
    expect(form.courseAccessStartDateTime).toBe('2031-01-10');
    expect(form.courseAccessEndDateTime).toBe('2032-03-15');
    expect(toCohortPayload(form, record)).toEqual({
      programId: 1,
      customName: null,
      startDate: '2031-01-15',
      endDate: '2031-12-15',
      extendedGraduationDate: null,
      courseAccessStartDateTime: '2031-01-10T05:00:00.000Z',
      courseAccessEndDateTime: '2032-03-15T20:00:00.000Z',
      description: 'Evening class',
      image: null,
      d2lSectionId: 'S-1',
      iinLmsCoursePath: null,
      salesforceProductId: null,
      maxStudents: 25,
      doceboConfig: { learningPlanIds: ['10', '11', '12'], courseIds: ['c-1'] },
      lmsConnectionId: null,
    });
    // A changed day is sent as the day (the API reads it in the school's zone); an emptied one clears it.
    expect(toCohortPayload({ ...form, courseAccessStartDateTime: '2031-01-11', courseAccessEndDateTime: null }, record)).toMatchObject({
      courseAccessStartDateTime: '2031-01-11',
      courseAccessEndDateTime: null,
    });
    expect(Object.keys(toCohortPayload({}))).not.toContain('status');
  });

  test('school days: a late-evening UTC instant is still the New York day before', () => {
    expect(schoolDay('2031-01-11T03:00:00.000Z')).toBe('2031-01-10');
    expect(schoolDay('2031-01-11')).toBe('2031-01-11');
    expect(schoolDay('')).toBeNull();
    expect(instantOrDay('2031-01-10', '2031-01-11T03:00:00.000Z')).toBe('2031-01-11T03:00:00.000Z');
    expect(instantOrDay('2031-01-12', '2031-01-11T03:00:00.000Z')).toBe('2031-01-12');
    expect(instantOrDay(null, '2031-01-11T03:00:00.000Z')).toBeNull();
    expect(splitIds(' a, b;c  a ')).toEqual(['a', 'b', 'c']);
  });

  test('module, skipped-session and window payloads', () => {
    const stored = { openDate: '2031-04-01T04:00:00.000Z', closeDate: null, startDateTime: null, endDateTime: null };
    expect(
      toModulePayload(
        {
          title: ' Anatomy ',
          group: '',
          moduleGroupId: '2' as unknown as number,
          openDate: '2031-04-01',
          closeDate: '2031-04-30',
          duration: '' as unknown as number,
          locked: true,
          displayOrder: 3,
        },
        stored,
      ),
    ).toEqual({
      title: 'Anatomy',
      d2lModuleId: null,
      group: null,
      moduleGroupId: 2,
      locked: true,
      duration: null,
      startDateTime: null,
      openDate: '2031-04-01T04:00:00.000Z',
      closeDate: '2031-04-30',
      endDateTime: null,
      image: null,
      consumeTrackingEnabled: false,
      communicationTemplateId: null,
      displayOrder: 3,
    });
    expect(toSkippedPayload({ sessionDate: '2031-07-04', coachingCircleTypeId: '' as unknown as number, description: ' Holiday ' })).toEqual({
      coachingCircleTypeId: null,
      sessionDate: '2031-07-04',
      description: 'Holiday',
    });
    expect(toCoachingCircleDatesPayload({ coachingCircleOpenDate: '2031-01-05', sessionOpenDate: '' }, { sessionOpenDate: '2031-02-01T14:00:00.000Z' })).toEqual({
      coachingCircleOpenDate: '2031-01-05',
      coachingCircleCloseDate: null,
      sessionOpenDate: null,
      sessionCloseDate: null,
    });
  });

  test('module date dialog: only what changed, the close date first when the window moves later', () => {
    const module = { openDate: '2031-04-01T04:00:00.000Z', closeDate: '2031-04-30T04:00:00.000Z' };
    expect(moduleDateUpdates(module, { openDate: '2031-04-01', closeDate: '2031-04-30' })).toEqual([]);
    expect(moduleDateUpdates(module, { openDate: '2031-04-02', closeDate: '2031-04-30' })).toEqual([{ field: 'openDate', value: '2031-04-02' }]);
    expect(moduleDateUpdates(module, { openDate: '2031-05-10', closeDate: '2031-05-20' })).toEqual([
      { field: 'closeDate', value: '2031-05-20' },
      { field: 'openDate', value: '2031-05-10' },
    ]);
    expect(moduleDateUpdates(module, { openDate: '2031-03-01', closeDate: '2031-03-10' })).toEqual([
      { field: 'openDate', value: '2031-03-01' },
      { field: 'closeDate', value: '2031-03-10' },
    ]);
    expect(moduleDateUpdates(module, { openDate: null, closeDate: '2031-04-30' })).toEqual([{ field: 'openDate', value: null }]);
  });

  test('form checks mirror the server: end not before start, a skipped date inside the cohort', () => {
    expect(notBefore('startDate')('2031-01-01', { startDate: '2031-02-01' })).toBe('The end cannot be before the start');
    expect(notBefore('startDate')('2031-02-01', { startDate: '2031-02-01' })).toBeUndefined();
    expect(notBefore('startDate')('02-30', { startDate: '2031-02-01' })).toBeUndefined();
    const inside = withinCohort({ startDate: '2031-01-15', endDate: '2031-12-15' });
    expect(inside('2031-01-14')).toBe("The date must be within the cohort's start and end dates");
    expect(inside('2031-12-15')).toBeUndefined();
    expect(withinCohort({ startDate: '2031-01-15', endDate: null })('2040-01-01')).toBeUndefined();
  });
});

describe('cohort filters and chips', () => {
  test("chips read 'Status: Created, Active', 'Published: Yes', 'Program: HCTP', 'Archived: Yes'", () => {
    const descriptors = cohortFilterDescriptors({ '1': 'HCTP' }, { '3': 'HCTP' });
    const chips = describeCriteria(
      { q: 'x', statuses: ['CREATED', 'ACTIVE'], published: true, programIds: [1], deleted: true, useCoachingCircle: false },
      descriptors,
      en as TranslateFunction,
    );
    expect(chips.map((c) => `${c.label}: ${c.value}`)).toEqual(['Status: Created, Active', 'Program: HCTP', 'Published: Yes', 'Coaching circles: No', 'Archived: Yes']);
  });

  test("'Show archived' drops the statuses (archived cohorts are all ARCHIVED) and back restores the default ones; both leave the saved filter", () => {
    const on = withArchived({ statuses: ['ACTIVE'], published: true, savedFilterId: 3, savedFilterName: 'Mine' }, true);
    expect(on).toEqual({ published: true, deleted: true });
    expect(withArchived(on, false)).toEqual({ published: true, statuses: ['CREATED', 'ACTIVE'] });
    expect(showsDefaultStatuses({})).toBe(true);
    expect(showsDefaultStatuses({ statuses: [] })).toBe(true);
    expect(showsDefaultStatuses({ statuses: ['COMPLETED'] })).toBe(false);
    expect(showsDefaultStatuses({ deleted: true })).toBe(false);
  });

  test('form and server field messages read in Spanish even when react-admin passes them as their own default', () => {
    const es = createI18nProvider('es');
    expect(es.translate('The end cannot be before the start', { _: 'The end cannot be before the start' })).toBe('El fin no puede ser anterior al inicio');
    expect(es.translate("The date must be within the cohort's start and end dates", { _: "The date must be within the cohort's start and end dates" })).toBe(
      'La fecha debe estar entre las fechas de inicio y fin de la cohorte',
    );
    expect(es.translate('Some other text', { _: 'Some other text' })).toBe('Some other text');
    expect(createI18nProvider('en').translate('The end cannot be before the start', { _: 'The end cannot be before the start' })).toBe('The end cannot be before the start');
  });
});

// ---------------------------------------------------------------- screens over a fake http client

type Handler = (req: HttpRequest) => unknown;
const page = (content: unknown[]) => ({ content, pagination: { total: content.length, page: 0, size: 10 } });
const records = [cohort(1, { label: 'HCTP Spring 2031', published: true }), cohort(2, { label: 'HCTP Fall 2031', status: 'ACTIVE', useCoachingCircle: true })];

function renderConsole(path: string, { handler, permissions = ['*'], locale = 'en' }: { handler?: Handler; permissions?: string[]; locale?: 'en' | 'es' } = {}) {
  const request = jest.fn(async (req: HttpRequest) => {
    const answer = handler ? await handler(req) : undefined;
    if (answer !== undefined) return answer;
    const method = req.method ?? 'GET';
    if ((req.path === '/cohorts' && method === 'GET') || req.path === '/cohorts/find_by_criteria') return page(records);
    if (req.path === '/programs') return page([{ id: 1, name: 'HCTP' }]);
    if (req.path === '/business_categories') return page([{ id: 3, name: 'HCTP' }]);
    if (req.path === '/search_filters') return page([]);
    if (req.path === '/lms_connection') return page([{ id: 4, name: 'D2L production', vendor: 'D2L', status: 'CONNECTED' }]);
    if (/^\/cohorts\/\d+\/skip_coaching_circle_sessions$/.test(req.path))
      return page([{ id: 7, cohortId: 1, coachingCircleTypeId: null, sessionDate: '2031-07-04', description: 'Holiday' }]);
    const one = /^\/cohorts\/(\d+)$/.exec(req.path);
    if (one && method === 'GET') return records.find((r) => r.id === Number(one[1]));
    if (one && method === 'PUT') return { ...records.find((r) => r.id === Number(one[1])), ...(req.body as object) };
    if (/^\/cohorts\/\d+\/(useCoachingCircle|accessDisabled|cancelled|undeleted)$/.test(req.path)) return records[0];
    if (req.path === '/cohorts/publish') return [records[0]];
    throw new Error(`unexpected call ${method} ${req.path}`);
  });
  renderAdmin({ path: path, request, permissions, locale: locale, children: <Resource name="cohorts" {...cohorts} /> });
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

beforeEach(() => {
  // react-admin's data provider wrapper logs every rejected call; the refusals here are expected.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('cohorts list', () => {
  test('opens on the default statuses, shown as a chip, through find_by_criteria; 10 a page by id', async () => {
    const request = renderConsole('/cohorts');
    expect(await screen.findByText('HCTP Spring 2031', {}, slow)).not.toBeNull();
    const [search] = calls(request, 'POST', '/cohorts/find_by_criteria');
    expect(search.body).toEqual({ statuses: ['CREATED', 'ACTIVE'] });
    expect(search.query).toMatchObject({ size: 10, page: 0, sortBy: 'id', descending: false });
    await waitFor(() => expect(screen.getByTestId('filter-chip-statuses').textContent).toBe('Status: Created, Active'));
    expect(screen.queryByTestId('default-statuses-chip')).toBeNull();
    expect(screen.getByRole('link', { name: 'New cohort' }).getAttribute('href')).toBe('/cohorts/create');
  });

  test('without a status chip the list says it shows the default statuses; chips read in Spanish', async () => {
    renderConsole(`/cohorts?filter=${encodeURIComponent(JSON.stringify({ published: false }))}`, { locale: 'es' });
    await waitFor(() => expect(screen.getByTestId('filter-chip-published').textContent).toBe('Publicada: No'), slow);
    expect(screen.getByTestId('default-statuses-chip').textContent).toBe('Estado: Creada, Activa (predeterminado)');
  });

  test('SUPPORT (read only) gets no add button', async () => {
    renderConsole('/cohorts', { permissions: ['cohorts:read', 'programs:read', 'business_categories:read', 'search_filters:read'] });
    await screen.findByText('HCTP Spring 2031', {}, slow);
    expect(screen.queryByRole('link', { name: 'New cohort' })).toBeNull();
  });
});

describe('cohort drawer', () => {
  test('saving sends exactly the accepted fields, with the stored course-access instants', async () => {
    const request = renderConsole('/cohorts/1');
    const panel = await drawer();
    const description = await within(panel).findByLabelText('Description', {}, slow);
    fireEvent.change(description, { target: { value: 'Evening class' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await screen.findByText('Cohort saved', {}, slow);
    const [put] = calls(request, 'PUT', '/cohorts/1');
    expect(put.body).toEqual({
      programId: 1,
      customName: null,
      startDate: '2031-01-15',
      endDate: '2031-12-15',
      extendedGraduationDate: null,
      courseAccessStartDateTime: '2031-01-10T05:00:00.000Z',
      courseAccessEndDateTime: '2032-03-15T20:00:00.000Z',
      description: 'Evening class',
      image: null,
      d2lSectionId: 'S-1',
      iinLmsCoursePath: null,
      salesforceProductId: null,
      maxStudents: 40,
      doceboConfig: { learningPlanIds: ['10', '11'], courseIds: [] },
      lmsConnectionId: null,
    });
  });

  test("Archive asks first; the server's 'belongs to the product' refusal is notified and nothing else happens", async () => {
    const message = 'The cohort cannot be archived: it belongs to the product HCTP 2031';
    const request = renderConsole('/cohorts/1', { handler: refuse('DELETE', '/cohorts/1', 409, { code: 'COHORT_IN_PRODUCT', message }) });
    const panel = await drawer();
    fireEvent.click(await within(panel).findByTestId('archive-cohort', {}, slow));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Archive HCTP Spring 2031?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText(message, {}, slow);
    expect(calls(request, 'DELETE', '/cohorts/1').length).toBe(1);
    expect(screen.queryByText('Cohort archived')).toBeNull();
  });

  test('the refusal reads in Spanish from the message catalogue', async () => {
    renderConsole('/cohorts/1', {
      locale: 'es',
      handler: refuse('DELETE', '/cohorts/1', 409, { code: 'COHORT_IN_PRODUCT', message: 'The cohort cannot be archived: it belongs to the product HCTP 2031' }),
    });
    const panel = await drawer();
    fireEvent.click(await within(panel).findByTestId('archive-cohort', {}, slow));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('La cohorte no se puede archivar: pertenece al producto HCTP 2031', {}, slow)).not.toBeNull();
  });

  test('the coaching-circles tab: a switch calls its PATCH; the skipped dates are listed', async () => {
    const request = renderConsole('/cohorts/1');
    const panel = await drawer();
    fireEvent.click(await within(panel).findByTestId('tab-circles', {}, slow));
    expect(await within(panel).findByText('07-04-2031', {}, slow)).not.toBeNull();
    expect(within(panel).getByText('Every circle type')).not.toBeNull();
    fireEvent.click(within(within(panel).getByTestId('switch-useCoachingCircle')).getByRole('switch'));
    await waitFor(() => expect(calls(request, 'PATCH', '/cohorts/1/useCoachingCircle').map((r) => r.body)).toEqual([{ value: true }]));
  });

  test('Publish goes through POST /cohorts/publish with the one id', async () => {
    const request = renderConsole('/cohorts/2');
    fireEvent.click(await within(await drawer()).findByTestId('publish-cohort', {}, slow));
    await screen.findByText('Cohort published', {}, slow);
    expect(calls(request, 'POST', '/cohorts/publish').map((r) => r.body)).toEqual([{ cohortIds: [2], published: true }]);
  });

  test("'Sync from LMS' only when the cohort or its program has a learning-system connection; otherwise a sentence says where to set one", async () => {
    renderConsole('/cohorts/2');
    const panel = await drawer();
    expect((await within(panel).findByTestId('cohort-lms-unavailable', {}, slow)).textContent).toBe(
      'Syncing with the learning system needs a connection: choose one for the cohort, or for its program (connections are set up on the LMS screen).',
    );
    expect(within(panel).queryByTestId('sync-cohort')).toBeNull();
  });

  test('with a connection the sync shows its dry run first, then runs and shows the counts', async () => {
    const connected = { ...records[1], program: { ...records[1].program!, lmsConnectionId: 4 } };
    const run = (dryRun: boolean) => ({
      id: dryRun ? 1 : 2,
      lmsConnectionId: 4,
      kind: 'COHORT_FROM_LMS',
      programId: 1,
      cohortId: 2,
      dryRun,
      status: 'SUCCEEDED',
      created: 1,
      updated: 0,
      unchanged: 3,
      failed: 0,
      changes: [{ action: 'CREATE', entity: 'ENROLLMENT', externalId: '7', name: 'Ana Gómez' }],
      error: null,
      requestedBy: 'Root Admin',
      startedAt: '2026-03-02T15:00:00.000Z',
      finishedAt: '2026-03-02T15:00:01.000Z',
    });
    const request = renderConsole('/cohorts/2', {
      handler: (req) => {
        if (req.path === '/cohorts/2' && (req.method ?? 'GET') === 'GET') return connected;
        if (req.path === '/cohorts/2/sync_from_d2l') return run((req.query as { dryRun: boolean }).dryRun);
        return undefined;
      },
    });
    const panel = await drawer();
    fireEvent.click(await within(panel).findByTestId('sync-cohort', {}, slow));
    expect((await screen.findByTestId('sync-preview', {}, slow)).textContent).toContain('A dry run');
    expect(screen.getByTestId('sync-counts').textContent).toBe('Created: 1Updated: 0Unchanged: 3Failed: 0');
    expect(screen.getByTestId('sync-changes').textContent).toContain('New · Enrollment: Ana Gómez');
    fireEvent.click(screen.getByTestId('sync-run'));
    await screen.findByTestId('sync-result', {}, slow);
    await screen.findByText('Cohort synced from the learning system', {}, slow);
    expect(calls(request, 'POST', '/cohorts/2/sync_from_d2l').map((r) => r.query)).toEqual([{ dryRun: true }, { dryRun: false }]);
    expect(within(panel).queryByTestId('cohort-lms-unavailable')).toBeNull();
  });
});
