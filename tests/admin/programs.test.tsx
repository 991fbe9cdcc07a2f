import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Resource, type TranslateFunction } from 'react-admin';
import { describeCriteria } from '../../admin/src/common/FilterChips';
import { HttpError, type HttpRequest } from '../../admin/src/providers/http';
import programs from '../../admin/src/resources/programs';
import { toFlowPayload } from '../../admin/src/resources/programs/ProgramFlowRequirements';
import { programFilterDescriptors } from '../../admin/src/resources/programs/programFilters';
import { bundleCandidates, durationChoices, flowRows, toProgramPayload, type ProgramRecord } from '../../admin/src/resources/programs/programRecord';
import { callsOf as calls, currentLocation as location, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));
// Whole drawers with long forms render slowly in jsdom, more so beside the other suites.

const updatedAt = '2026-03-02T15:00:00.000Z';
const program = (id: number, overrides: Partial<ProgramRecord> = {}): ProgramRecord => ({
  id,
  name: `Program ${id}`,
  image: null,
  description: null,
  preRequisites: null,
  courseAccessDuration: 365,
  graduationLimitDays: null,
  cost: 6000,
  businessCategoryId: 3,
  businessCategory: { id: 3, name: 'HCTP' },
  welcomeEmailTemplate: null,
  language: 'EN',
  enrollmentAgreement: { url: 'https://example.com/a.pdf', publicationDate: '2027-01-15', lastRevisionDate: null },
  registrationFee: 100,
  booksAndMaterialsFee: null,
  accelerated: false,
  durationType: 'FIXED_DURATION',
  durationTypeLabel: '12 Months',
  isBundle: false,
  bundleProgramIds: [],
  salesforceProductId: null,
  salesforceProductType: null,
  lmsConnectionId: null,
  lmsConnection: null,
  d2lOrgUnitId: '6606',
  accredibleGroupId: null,
  clockHours: 120,
  weeks: 26,
  showOhioVideo: false,
  reservedSeat: false,
  languages: ['EN', 'ES'],
  deleted: false,
  updatedBy: { id: 10, name: 'Root Admin' },
  createdAt: updatedAt,
  updatedAt,
  ...overrides,
});
const hctp = program(1, { name: 'Health Coach Training', accelerated: true, durationTypeLabel: 'Accelerated (6 Months)' });
const bundle = program(2, { name: 'Coach Bundle', isBundle: true, bundleProgramIds: [1], cost: 9999.5 });
const archived = program(5, { name: 'Old Program', deleted: true });
const records = [hctp, bundle, program(3, { name: 'Nutrition Basics' }), archived];
const categories = [
  { id: 3, name: 'HCTP' },
  { id: 4, name: 'HCTP_ALUMNI' },
];

type Handler = (req: HttpRequest) => unknown;
const page = (content: unknown[]) => ({ content, pagination: { total: content.length, page: 0, size: 10 } });

/** The console with the programs resource, the real providers over a fake http client. */
function renderConsole(path: string, { handler, permissions = ['*'], locale = 'en' }: { handler?: Handler; permissions?: string[]; locale?: 'en' | 'es' } = {}) {
  let flow = [{ step: 'ADMIN_APPROVAL', required: true }];
  const request = jest.fn(async (req: HttpRequest) => {
    const answer = handler ? await handler(req) : undefined;
    if (answer !== undefined) return answer;
    const method = req.method ?? 'GET';
    if (req.path === '/programs' && method === 'GET') return page(records.filter((r) => !r.deleted));
    if (req.path === '/programs/find_by_criteria') return page(records.filter((r) => r.deleted === Boolean((req.body as { deleted?: boolean }).deleted)));
    if (req.path === '/business_categories') return { content: categories, pagination: { total: 2, page: 0, size: 20 } };
    if (req.path === '/search_filters') return page([]);
    if (req.path === '/lms_connection') return page([{ id: 4, name: 'D2L production', vendor: 'D2L', status: 'CONNECTED' }]);
    if (/^\/users\/\d+\/view_histories$/.test(req.path)) return { id: 1 };
    const one = /^\/programs\/(\d+)$/.exec(req.path);
    if (one && method === 'GET') return records.find((r) => r.id === Number(one[1]));
    if (one && method === 'PUT') return { ...records.find((r) => r.id === Number(one[1])), ...(req.body as object) };
    if (req.path === '/programs' && method === 'POST') return { ...program(9), ...(req.body as object) };
    if (/^\/programs\/\d+\/enrollment_flow_requirements$/.test(req.path)) {
      if (method === 'PUT') flow = req.body as typeof flow;
      return flow;
    }
    if (req.path === '/programs/2/programs' && method === 'GET') return [hctp];
    if (req.path === '/programs/2/programs' && method === 'POST') return records.filter((r) => (req.body as { programIds: number[] }).programIds.includes(r.id as number));
    throw new Error(`unexpected call ${method} ${req.path}`);
  });
  renderAdmin({ path: path, request, permissions, locale: locale, children: <Resource name="programs" {...programs} /> });
  return request;
}

const drawer = async () => {
  await waitFor(() => expect(screen.getAllByTestId('record-drawer').length).toBe(1));
  return screen.getByTestId('record-drawer');
};
const withFilter = (filter: Record<string, unknown>) => `/programs?filter=${encodeURIComponent(JSON.stringify(filter))}`;
const refuse = (method: string, path: string, status: number, body: Record<string, unknown>) => (req: HttpRequest) => {
  if ((req.method ?? 'GET') === method && req.path === path) throw new HttpError(status, { status, message: 'Refused', ...body } as never);
  return undefined;
};

beforeEach(() => {
  // react-admin's data provider wrapper logs every rejected call; the refusals here are expected.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('programs list', () => {
  test('asks for 10 a page by id and shows name, category, duration label, cost, languages; archived programs are hidden', async () => {
    const request = renderConsole('/programs');
    const row = (await screen.findByText('Health Coach Training')).closest('tr') as HTMLElement;
    expect(calls(request, 'GET', '/programs')[0].query).toEqual({ size: 10, page: 0, sortBy: 'id', descending: false, keyword: undefined });
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '1',
      'Health Coach Training',
      'HCTP',
      'Accelerated (6 Months)',
      '$6,000.00',
      'English, Spanish',
      '',
      '03-02-2026',
    ]);
    expect(within(screen.getByText('Coach Bundle').closest('tr') as HTMLElement).getByText('Bundle')).not.toBeNull();
    expect(screen.queryByText('Old Program')).toBeNull();
    expect((await screen.findByRole('link', { name: 'New program' })).getAttribute('href')).toBe('/programs/create');
  });

  test("'Show archived' lists the archived programs through find_by_criteria, with chips 'Archived: Yes', 'Accelerated: Yes' and the category by name", async () => {
    const request = renderConsole(withFilter({ deleted: true, accelerated: true, businessCategory: [3] }));
    expect(await screen.findByText('Old Program')).not.toBeNull();
    expect(calls(request, 'POST', '/programs/find_by_criteria')[0].body).toEqual({ deleted: true, accelerated: true, businessCategory: [3] });
    await waitFor(() => expect(screen.getByTestId('filter-chip-businessCategory').textContent).toBe('Business category: HCTP'));
    expect(screen.getByTestId('filter-chip-deleted').textContent).toBe('Archived: Yes');
    expect(screen.getByTestId('filter-chip-accelerated').textContent).toBe('Accelerated: Yes');
    expect(screen.getByTestId('archived-5')).not.toBeNull();
  });

  test('reads in Spanish', async () => {
    renderConsole(withFilter({ accelerated: false }), { locale: 'es' });
    await waitFor(() => expect(screen.getByTestId('filter-chip-accelerated').textContent).toBe('Acelerado: No'));
    expect(await screen.findByRole('link', { name: 'Nuevo programa' })).not.toBeNull();
  });

  test('without programs:create there is no add button', async () => {
    renderConsole('/programs', { permissions: ['programs:read', 'business_categories:read'] });
    await screen.findByText('Health Coach Training');
    expect(screen.queryByRole('link', { name: 'New program' })).toBeNull();
  });
});

describe('program drawer', () => {
  test('a row opens the drawer on the details; saving sends exactly the accepted fields', async () => {
    const request = renderConsole('/programs');
    fireEvent.click(await screen.findByText('Nutrition Basics'));
    const panel = await drawer();
    expect(location()).toBe('/programs/3');
    const name = await within(panel).findByLabelText('Name *');
    expect(within(panel).getByTestId('drawer-title').textContent).toBe('Nutrition Basics');
    fireEvent.change(name, { target: { value: '  Nutrition Essentials ' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await screen.findByText('Program saved');
    const [put] = calls(request, 'PUT', '/programs/3');
    expect(put.body).toEqual({
      name: 'Nutrition Essentials',
      image: null,
      description: null,
      preRequisites: null,
      courseAccessDuration: 365,
      graduationLimitDays: null,
      cost: 6000,
      businessCategoryId: 3,
      welcomeEmailTemplate: null,
      language: 'EN',
      enrollmentAgreement: { url: 'https://example.com/a.pdf', publicationDate: '2027-01-15', lastRevisionDate: null },
      registrationFee: 100,
      booksAndMaterialsFee: null,
      accelerated: false,
      durationType: 'FIXED_DURATION',
      isBundle: false,
      salesforceProductId: null,
      salesforceProductType: null,
      lmsConnectionId: null,
      d2lOrgUnitId: '6606',
      accredibleGroupId: null,
      clockHours: 120,
      weeks: 26,
      showOhioVideo: false,
      reservedSeat: false,
      languages: ['EN', 'ES'],
    });
  });

  test("the duration select reads 'Accelerated (6 Months)' when accelerated, '12 Months' otherwise", async () => {
    renderConsole('/programs/1');
    const panel = await drawer();
    const select = await within(panel).findByRole('combobox', { name: /^Duration/ });
    expect(select.textContent).toBe('Accelerated (6 Months)');
    fireEvent.click(within(panel).getByLabelText('Accelerated'));
    await waitFor(() => expect(within(panel).getByRole('combobox', { name: /^Duration/ }).textContent).toBe('12 Months'));
  });

  test("a 400's field errors land under their inputs", async () => {
    renderConsole('/programs/3', { handler: refuse('PUT', '/programs/3', 400, { code: 'VALIDATION_ERROR', errors: { 'enrollmentAgreement.url': 'Please type a valid URL' } }) });
    const panel = await drawer();
    fireEvent.change(await within(panel).findByLabelText('Name *'), { target: { value: 'Other' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      const input = panel.querySelector('input[name="enrollmentAgreement.url"]') as HTMLElement;
      expect((input.closest('.ra-input') as HTMLElement).querySelector('.MuiFormHelperText-root')?.textContent).toBe('Please type a valid URL');
    });
  });

  test("Archive asks first; the server's refusal is shown as sent and nothing changes", async () => {
    const request = renderConsole('/programs/1', {
      handler: refuse('DELETE', '/programs/1', 409, { code: 'PROGRAM_HAS_CURRENT_COHORTS', message: 'The program cannot be archived: it has current cohorts' }),
    });
    const panel = await drawer();
    fireEvent.click(await within(panel).findByTestId('program-archive'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Archive Health Coach Training?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await screen.findByText('The program cannot be archived: it has current cohorts');
    expect(calls(request, 'DELETE', '/programs/1').length).toBe(1);
    expect(screen.queryByText('Program archived')).toBeNull();
  });

  test('the refusal reads in Spanish from the message catalogue', async () => {
    renderConsole('/programs/1', {
      locale: 'es',
      handler: refuse('DELETE', '/programs/1', 409, { code: 'PROGRAM_HAS_CURRENT_COHORTS', message: 'The program cannot be archived: it has current cohorts' }),
    });
    const panel = await drawer();
    fireEvent.click(await within(panel).findByTestId('program-archive'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archivar' }));
    await screen.findByText('El programa no se puede archivar: tiene cohortes en curso');
  });

  test('an archived program shows read only with Undelete, which PATCHes undeleted', async () => {
    const request = renderConsole('/programs/5', { handler: (req) => (req.method === 'PATCH' ? { ...archived, deleted: false } : undefined) });
    const panel = await drawer();
    expect(await within(panel).findByTestId('program-archived')).not.toBeNull();
    expect(within(panel).getByTestId('program-view')).not.toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(panel).queryByTestId('program-archive')).toBeNull();
    fireEvent.click(within(panel).getByTestId('program-undelete'));
    await screen.findByText('Program restored');
    expect(calls(request, 'PATCH', '/programs/5/undeleted').length).toBe(1);
  });

  test('without a learning-system connection there are no sync buttons that cannot succeed: a sentence says where connections are set up', async () => {
    const request = renderConsole('/programs/1');
    const panel = await drawer();
    expect((await within(panel).findByTestId('program-lms-unavailable')).textContent).toBe(
      'Syncing with the learning system needs a connection: choose one for the program under Integrations (connections are set up on the LMS screen).',
    );
    for (const id of ['program-sync', 'program-sync-videos', 'program-sync-status']) expect(within(panel).queryByTestId(id)).toBeNull();
    // The edit form offers the connections to choose from.
    expect(await within(panel).findByText('The learning system the program syncs from (set up under LMS connections); its course is the D2L org unit ID.')).not.toBeNull();
    expect(request.mock.calls.some(([r]) => /sync/.test((r as HttpRequest).path))).toBe(false);
  });

  test('the sentence reads in Spanish', async () => {
    renderConsole('/programs/1', { locale: 'es' });
    const panel = await drawer();
    expect((await within(panel).findByTestId('program-lms-unavailable')).textContent).toBe(
      'Sincronizar con el sistema de aprendizaje requiere una conexión: elija una para el programa en Integraciones (las conexiones se configuran en la pantalla LMS).',
    );
  });

  test("with a connection the learning-system syncs are offered, each a dry run first, and a refusal shows the server's message", async () => {
    const connected = { lmsConnectionId: 4, lmsConnection: { value: 4, label: 'D2L production', vendor: 'D2L' } };
    const message = 'Program org unit required';
    const handler = (req: HttpRequest) => {
      if (req.path === '/programs/1' && (req.method ?? 'GET') === 'GET') return { ...hctp, ...connected };
      if (req.path.endsWith('sync_from_d2l') || req.path.endsWith('sync_academic_status')) throw new HttpError(409, { status: 409, code: 'PROGRAM_ORG_UNIT_REQUIRED', message });
      return undefined;
    };
    const request = renderConsole('/programs/1', { handler });
    const panel = await drawer();
    expect(within(panel).queryByTestId('program-lms-unavailable')).toBeNull();
    fireEvent.click(await within(panel).findByTestId('program-sync'));
    expect(await screen.findByText(message)).not.toBeNull();
    expect(calls(request, 'POST', '/programs/1/sync_from_d2l').map((r) => r.query)).toEqual([{ dryRun: true }]);
    expect(within(panel).getByTestId('program-sync-videos')).not.toBeNull();
    expect(within(panel).getByTestId('program-sync-status')).not.toBeNull();
  });

  test('with read permission only: the details read only, no archive or sync buttons, the flow switches disabled', async () => {
    const request = renderConsole('/programs/1', { permissions: ['programs:read', 'business_categories:read'] });
    const panel = await drawer();
    expect(await within(panel).findByTestId('program-view')).not.toBeNull();
    expect(within(panel).getByTestId('program-view').textContent).toContain('$6,000.00');
    expect(within(panel).queryByTestId('program-archive')).toBeNull();
    expect(within(panel).queryByTestId('program-sync')).toBeNull();
    expect(within(panel).queryByTestId('program-sync-status')).toBeNull();
    expect(within(panel).getByTestId('program-lms-unavailable')).not.toBeNull();
    fireEvent.click(within(panel).getByTestId('tab-flow'));
    const adminApproval = (await within(panel).findByLabelText('Admin approval')) as HTMLInputElement;
    expect(adminApproval.disabled).toBe(true);
    expect(within(panel).queryByRole('button', { name: 'Save requirements' })).toBeNull();
    expect(request.mock.calls.some(([r]) => (r as HttpRequest).method === 'PUT')).toBe(false);
  });

  test('the enrollment flow tab shows six switches and saves all six steps', async () => {
    const request = renderConsole('/programs/1');
    const panel = await drawer();
    fireEvent.click(await within(panel).findByTestId('tab-flow'));
    expect(((await within(panel).findByLabelText('Admin approval')) as HTMLInputElement).checked).toBe(true);
    expect(within(panel).getAllByRole('switch').length).toBe(6);
    fireEvent.click(within(panel).getByLabelText('Questionnaire'));
    fireEvent.click(within(panel).getByRole('button', { name: 'Save requirements' }));
    await screen.findByText('Enrollment flow requirements saved');
    expect(calls(request, 'PUT', '/programs/1/enrollment_flow_requirements')[0].body).toEqual([
      { step: 'ADMIN_APPROVAL', required: true },
      { step: 'COMPLETE_PERSONAL_INFO', required: false },
      { step: 'QUESTIONNAIRE', required: true },
      { step: 'DOCUMENT_UPLOAD', required: false },
      { step: 'ENROLLMENT_AGREEMENT', required: false },
      { step: 'COMPLETE_ACM_REQUIREMENTS', required: false },
    ]);
  });

  test('the bundle tab shows only for bundles', async () => {
    renderConsole('/programs/1');
    const first = await drawer();
    await within(first).findByTestId('tab-flow');
    expect(within(first).queryByTestId('tab-bundle')).toBeNull();
  });

  test('a bundle lists its programs; saving POSTs programIds; a 409 is shown as sent', async () => {
    const request = renderConsole('/programs/2', {
      handler: refuse('POST', '/programs/2/programs', 409, {
        code: 'BUNDLE_NOT_ALLOWED',
        message: 'Only a bundle program can include programs, and never itself or another bundle',
      }),
    });
    const panel = await drawer();
    fireEvent.click(await within(panel).findByTestId('tab-bundle'));
    expect(await within(await within(panel).findByTestId('bundle-programs')).findByText('Health Coach Training')).not.toBeNull();
    const input = within(panel).getByLabelText('Programs in this bundle');
    fireEvent.change(input, { target: { value: 'Nutri' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Nutrition Basics' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Save bundle' }));
    await screen.findByText('Only a bundle program can include programs, and never itself or another bundle');
    expect(calls(request, 'POST', '/programs/2/programs')[0].body).toEqual({ programIds: [1, 3] });
  });

  test('/programs/create adds a program and moves to it', async () => {
    const request = renderConsole('/programs/create');
    const panel = await drawer();
    fireEvent.change(await within(panel).findByLabelText('Name *'), { target: { value: 'Gut Health' } });
    fireEvent.mouseDown(within(panel).getByRole('combobox', { name: /^Business category/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'HCTP' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await screen.findByText('Program created');
    expect(calls(request, 'POST', '/programs')[0].body).toMatchObject({
      name: 'Gut Health',
      businessCategoryId: 3,
      language: 'EN',
      languages: ['EN'],
      durationType: 'FIXED_DURATION',
      accelerated: false,
      lmsConnectionId: null,
    });
    await waitFor(() => expect(location()).toBe('/programs/9'));
  });
});

describe('program helpers', () => {
  test('payload: trimmed texts, empty → null, continuous learning never accelerated, unknown keys left behind', () => {
    const payload = toProgramPayload({
      ...program(4),
      name: ' X ',
      description: '  ',
      durationType: 'CONTINUOUS_LEARNING',
      accelerated: true,
      languages: ['ES', 'ES', 'XX' as never],
      businessCategoryId: undefined as never,
      bundleProgramIds: [8],
      durationTypeLabel: 'x',
      deleted: true,
    } as ProgramRecord);
    expect(payload).toMatchObject({
      name: 'X',
      description: null,
      durationType: 'CONTINUOUS_LEARNING',
      accelerated: false,
      businessCategoryId: 3,
      languages: ['ES'],
      lmsConnectionId: null,
    });
    expect(Object.keys(payload)).not.toContain('bundleProgramIds');
    expect(Object.keys(payload)).not.toContain('deleted');
    expect(Object.keys(payload)).not.toContain('id');
    expect(toProgramPayload({ name: 'Y', cost: '' as never, enrollmentAgreement: null }).enrollmentAgreement).toEqual({ url: null, publicationDate: null, lastRevisionDate: null });
  });

  test('duration choices, flow rows, bundle candidates, flow payload', () => {
    expect(durationChoices(true, 'en')).toEqual([
      { id: 'FIXED_DURATION', name: 'Accelerated (6 Months)' },
      { id: 'CONTINUOUS_LEARNING', name: 'Continuous learning' },
    ]);
    expect(durationChoices(false, 'es')[0]).toEqual({ id: 'FIXED_DURATION', name: '12 meses' });
    expect(
      flowRows([{ step: 'QUESTIONNAIRE', required: true }])
        .filter((r) => r.required)
        .map((r) => r.step),
    ).toEqual(['QUESTIONNAIRE']);
    expect(flowRows(undefined)).toHaveLength(6);
    expect(bundleCandidates(records, 2)).toEqual([
      { id: 1, name: 'Health Coach Training' },
      { id: 3, name: 'Nutrition Basics' },
    ]);
    expect(toFlowPayload({ required: { DOCUMENT_UPLOAD: true, QUESTIONNAIRE: false } }).filter((r) => r.required)).toEqual([{ step: 'DOCUMENT_UPLOAD', required: true }]);
  });

  test("chips read 'Accelerated: Yes', 'Archived: No', 'Language: Spanish', 'Business category: HCTP'", () => {
    const translate = ((key: string, options?: { _?: string }) => {
      const table: Record<string, string> = {
        'app.yes': 'Yes',
        'app.no': 'No',
        'enums.Language.ES': 'Spanish',
        'resources.programs.filters.accelerated': 'Accelerated',
        'resources.programs.filters.deleted': 'Archived',
        'resources.programs.filters.languages': 'Language',
        'resources.programs.filters.businessCategory': 'Business category',
      };
      return table[key] ?? options?._ ?? key;
    }) as TranslateFunction;
    const chips = describeCriteria(
      { q: 'x', accelerated: true, deleted: false, languages: ['ES'], businessCategory: [3, 7], showOhioVideo: null },
      programFilterDescriptors({ 3: 'HCTP' }),
      translate,
    );
    expect(chips.map((c) => `${c.label}: ${c.value}`)).toEqual(['Archived: No', 'Accelerated: Yes', 'Business category: HCTP, 7', 'Language: Spanish']);
  });
});
