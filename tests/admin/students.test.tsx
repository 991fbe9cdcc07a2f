import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { Admin, Resource, memoryStore } from 'react-admin';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { createAuthProvider } from '../../admin/src/providers/authProvider';
import { createDataProvider } from '../../admin/src/providers/dataProvider';
import { HttpError, memorySessionStore, type HttpClient, type HttpRequest } from '../../admin/src/providers/http';
import { createI18nProvider } from '../../admin/src/providers/i18nProvider';
import customers from '../../admin/src/resources/students/customers';
import students from '../../admin/src/resources/students';
import type { StudentRecord } from '../../admin/src/resources/students/studentRecord';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

function student(id: number, overrides: Partial<StudentRecord> = {}): StudentRecord {
  return {
    id,
    active: true,
    isStudent: true,
    user: { id: id + 100, email: `student${id}@example.com` },
    personalInfo: {
      firstName: 'Ana',
      middleName: 'María',
      lastName: `López${id}`,
      title: null,
      suffix: null,
      gender: 'FEMALE',
      dateOfBirth: '1990-07-04',
      educationLevel: 'BACHELOR',
      occupation: 'Nurse',
      militaryMember: false,
    },
    contactInfo: { mobilePhone: '+13055550123', homePhone: null, workPhone: null },
    address: {
      street1: '1450 Brickell Ave',
      street2: null,
      city: 'Miami',
      stateCode: 'FL',
      zip: '33131',
      countryCode: 'US',
      formattedAddress: '1450 Brickell Ave, Miami, FL 33131, US',
    },
    photo: null,
    languageIso2LetterCode: 'ES',
    autoPay: true,
    timeZone: 'America/New_York',
    source: 'WEBSITE',
    salesforceLeadId: null,
    d2lUserId: null,
    edluminaId: null,
    communicationPreferences: { email: true, sms: false },
    archived: false,
    mergedIntoId: null,
    createdAt: '2026-01-05T15:00:00.000Z',
    updatedAt: '2026-02-01T15:00:00.000Z',
    updatedBy: { id: 10, name: 'Root Admin' },
    ...overrides,
  };
}

const activity = {
  id: 1,
  activityDate: '2026-02-01T15:00:00.000Z',
  category: 'PROFILE',
  type: 'UPDATED',
  description: null,
  changes: { lastName: { from: 'Lopez', to: 'López1' }, dateOfBirth: { from: null, to: '1990-07-04' }, autoPay: { from: false, to: true } },
  actor: { id: 10, name: 'Root Admin' },
};

/** Where the console is (the drawer is a route). */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

type Handler = (req: HttpRequest) => unknown;

/** The console with the students and customers resources, the real providers over a fake http client. */
function renderConsole(path: string, { handler, permissions = ['*'], locale = 'en' }: { handler?: Handler; permissions?: string[]; locale?: 'en' | 'es' } = {}) {
  const records = new Map<number, StudentRecord>([1, 2, 3].map((id) => [id, student(id)]));
  const request = jest.fn(async (req: HttpRequest) => {
    const answer = handler ? await handler(req) : undefined;
    if (answer !== undefined) return answer;
    const method = req.method ?? 'GET';
    const list = () => ({ content: [...records.values()], pagination: { total: records.size, page: 0, size: 10 } });
    if (['/students', '/customers'].includes(req.path) && method === 'GET') return list();
    if (['/students/find_by_criteria', '/customers/find_by_criteria'].includes(req.path)) return list();
    if (req.path === '/public/lookups') return { content: req.query?.type === 'COUNTRY' ? [{ type: 'COUNTRY', value: 'US', label: 'United States' }] : [] };
    if (req.path === '/search_filters' && method === 'GET') return { content: [], pagination: { total: 0 } };
    if (req.path === '/users/10/view_histories' && method === 'POST') return { id: 1, ...(req.body as object) };
    const session = /^\/students\/(\d+)\/session$/.exec(req.path);
    if (session) return { status: 'IDLE', lastActivityAt: null };
    const log = /^\/students\/(\d+)\/activity_log$/.exec(req.path);
    if (log) return { content: [activity], pagination: { total: 1, page: 0, size: 10 } };
    const one = /^\/(students|customers)\/(\d+)$/.exec(req.path);
    if (one && method === 'GET') {
      const record = records.get(Number(one[2]));
      if (!record) throw new HttpError(404, { status: 404, code: 'NOT_FOUND', message: 'Student not found' });
      return record;
    }
    if (one && method === 'PUT') {
      const saved = { ...(req.body as StudentRecord), updatedAt: '2026-03-01T00:00:00.000Z' };
      records.set(saved.id as number, saved);
      return saved;
    }
    throw new Error(`unexpected call ${method} ${req.path}`);
  });
  const session = {
    accessToken: 'a',
    refreshToken: 'r',
    expiresAt: Date.now() + 3_600_000,
    adminId: 1,
    userId: 10,
    email: 'root@example.com',
    fullName: 'Root Admin',
    roles: [],
    permissions,
  };
  const http = { request, refresh: jest.fn(), store: memorySessionStore(session) } as unknown as HttpClient;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[path]}>
      <Admin
        dataProvider={createDataProvider(http)}
        authProvider={createAuthProvider(http)}
        i18nProvider={createI18nProvider(locale)}
        store={memoryStore()}
        queryClient={queryClient}
        disableTelemetry
      >
        <Resource name="students" {...students} />
        <Resource name="customers" {...customers} />
      </Admin>
      <LocationProbe />
    </MemoryRouter>,
  );
  return request;
}

const calls = (request: jest.Mock, method: string, path: string) =>
  request.mock.calls.map(([r]) => r as HttpRequest).filter((r) => (r.method ?? 'GET') === method && r.path === path);
const drawer = () => screen.findByTestId('record-drawer');
const location = () => screen.getByTestId('location').textContent;
/** The helper text (where field errors show) of the drawer's input labelled `label`. */
const helperText = (panel: HTMLElement, label: string) =>
  ((within(panel).getByLabelText(label, { exact: false }) as HTMLElement).closest('.ra-input') as HTMLElement).querySelector('.MuiFormHelperText-root')?.textContent;

beforeEach(() => {
  // react-admin's data provider wrapper logs every rejected call; the refusals here are expected.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('students list', () => {
  test('asks for id ascending, 10 a page, and shows name, email, phone, city/state and the created day', async () => {
    const request = renderConsole('/students');
    const row = (await screen.findByText('student2@example.com')).closest('tr') as HTMLElement;
    expect(calls(request, 'GET', '/students')[0].query).toEqual({ size: 10, page: 0, sortBy: 'id', descending: false, keyword: undefined });
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['2', 'Ana María López2', 'student2@example.com', '+13055550123', 'Miami, FL', '', '01-05-2026']);
    expect(screen.getByRole('link', { name: 'New student' }).getAttribute('href')).toBe('/students/create');
    expect(screen.getByTestId('saved-filters-button').textContent).toBe('Saved filters');
  });

  test('a criterion in the URL searches by criteria and shows its chip; a row opens the drawer with the filter kept', async () => {
    const filter = encodeURIComponent(JSON.stringify({ active: true }));
    const request = renderConsole(`/students?filter=${filter}`);
    expect((await screen.findByTestId('filter-chip-active')).textContent).toBe('Active: Yes');
    await waitFor(() => expect(calls(request, 'POST', '/students/find_by_criteria')[0].body).toEqual({ active: true }));

    fireEvent.click(await screen.findByText('student3@example.com'));
    await drawer();
    await waitFor(() => expect(location()).toMatch(/^\/students\/3\?/));
    expect(location()).toContain(`filter=${filter}`);
  });

  test('the keyword search is live: typing reloads the plain list with `keyword`', async () => {
    const request = renderConsole('/students');
    await screen.findByText('student1@example.com');
    fireEvent.change(screen.getByLabelText('Search by name, email or ID'), { target: { value: 'lopez' } });
    await waitFor(() => expect(calls(request, 'GET', '/students').at(-1)?.query).toEqual({ size: 10, page: 0, sortBy: 'id', descending: false, keyword: 'lopez' }), {
      timeout: 3000,
    });
    expect(calls(request, 'POST', '/students/find_by_criteria')).toEqual([]);
  });
});

describe('student drawer', () => {
  test("the overview shows the student's learning-system enrollments (a failure with its error) and opens the sign-in link", async () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    const enrollment = (id: number, status: string, lastError: string | null) => ({
      id,
      lmsConnectionId: 4,
      studentId: 1,
      studentName: 'Ana López',
      cohortId: id,
      cohortLabel: `HCTP class ${id}`,
      action: 'ENROLL',
      status,
      externalUserId: status === 'DONE' ? '301' : null,
      externalTarget: 'course 6606 / section 7001',
      attempts: status === 'DONE' ? 1 : 2,
      lastError,
      lastAttemptAt: '2026-03-01T00:00:00.000Z',
      doneAt: null,
      updatedAt: '2026-03-01T00:00:00.000Z',
    });
    const request = renderConsole('/students/1', {
      handler: (req) => {
        if (req.path === '/students/1/lms_enrollments')
          return { content: [enrollment(1, 'DONE', null), enrollment(2, 'FAILED', '503 Service Unavailable')], pagination: { total: 2, page: 0, size: 20 } };
        if (req.path === '/students/1/sso') return { url: 'https://d2l.school.test/d2l/home/6606', expiresAt: null, vendor: 'D2L' };
        return undefined;
      },
    });
    const panel = await drawer();
    const lms = await within(panel).findByTestId('student-lms', {}, { timeout: 10_000 });
    expect(lms.textContent).toContain('HCTP class 1EnrollDone');
    expect(lms.textContent).toContain('HCTP class 2EnrollFailed2 attempts · 503 Service Unavailable');
    fireEvent.click(within(panel).getByTestId('student-lms-sign-in'));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://d2l.school.test/d2l/home/6606', '_blank', 'noopener'));
    expect(calls(request, 'POST', '/students/1/sso')).toHaveLength(1);
    open.mockRestore();
  });

  test('opens on the overview: full name as title, contact, address, language, session, flags, who updated', async () => {
    renderConsole('/students/1');
    const panel = await drawer();
    expect((await within(panel).findByTestId('drawer-title')).textContent).toBe('Ana María López1');
    expect(
      within(panel)
        .getAllByRole('tab')
        .map((t) => [t.textContent, t.getAttribute('aria-selected')]),
    ).toEqual([
      ['Overview', 'true'],
      ['Profile', 'false'],
      ['Payment information', 'false'],
      ['Communications', 'false'],
      ['Activity', 'false'],
    ]);
    expect(within(panel).getByTestId('overview-email').textContent).toBe('student1@example.com');
    expect(within(panel).getByTestId('overview-address').textContent).toBe('1450 Brickell AveMiami, FL 33131United States');
    expect(within(panel).getByText('Spanish').tagName).toBe('DD');
    expect((await within(panel).findByTestId('session-status')).getAttribute('data-status')).toBe('IDLE');
    expect(within(panel).getByTestId('overview-active').textContent).toBe('Yes');
    expect(within(panel).getByTestId('overview-updated-by').textContent).toBe('Root Admin');
    expect(within(panel).getByTestId('copy-direct-link').getAttribute('aria-label')).toBe('Copy direct link');
  });

  test("opening a record adds it to the staff member's recently viewed (POST /users/{userId}/view_histories)", async () => {
    const request = renderConsole('/students/1');
    const panel = await drawer();
    await within(panel).findByTestId('drawer-title');
    await waitFor(() => expect(calls(request, 'POST', '/users/10/view_histories')).toHaveLength(1));
    expect(calls(request, 'POST', '/users/10/view_histories')[0].body).toEqual({ entityType: 'STUDENT', entityId: 1, label: 'Ana María López1' });
  });

  test('"Edit profile" switches to the profile tab with the record in the form', async () => {
    renderConsole('/students/1');
    const panel = await drawer();
    fireEvent.click(await within(panel).findByTestId('edit-profile'));
    expect(within(panel).getByRole('tab', { name: 'Profile' }).getAttribute('aria-selected')).toBe('true');
    expect(((await within(panel).findByLabelText('First name', { exact: false })) as HTMLInputElement).value).toBe('Ana');
    expect((within(panel).getByLabelText('Date of birth') as HTMLInputElement).value).toBe('07-04-1990');
    expect((within(panel).getByLabelText('City') as HTMLInputElement).value).toBe('Miami');
  });

  test('a 400 from PUT /students/{id} shows each field error under its input', async () => {
    const refusal = new HttpError(400, {
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Invalid input',
      errors: { 'personalInfo.firstName': 'At least one word of two letters', 'address.city': 'The address must contain a city' },
    });
    const request = renderConsole('/students/1', {
      handler: (req) => {
        if (req.method === 'PUT' && req.path === '/students/1') throw refusal;
        return undefined;
      },
    });
    const panel = await drawer();
    fireEvent.click(await within(panel).findByRole('tab', { name: 'Profile' }));
    const firstName = (await within(panel).findByLabelText('First name', { exact: false })) as HTMLInputElement;
    fireEvent.change(firstName, { target: { value: 'A' } });
    fireEvent.change(within(panel).getByLabelText('City'), { target: { value: '' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));

    await within(panel).findByText('The address must contain a city');
    expect(helperText(panel, 'City')).toBe('The address must contain a city');
    expect(helperText(panel, 'First name')).toBe('At least one word of two letters');
    const put = calls(request, 'PUT', '/students/1');
    expect(put.length).toBe(1);
    expect(put[0].body).toMatchObject({
      id: 1,
      personalInfo: { firstName: 'A', lastName: 'López1', dateOfBirth: '1990-07-04', gender: 'FEMALE' },
      address: { street1: '1450 Brickell Ave', city: null, stateCode: 'FL', countryCode: 'US' },
      languageIso2LetterCode: 'ES',
      active: true,
      autoPay: true,
    });
  });

  test('a save that succeeds is sent at once (pessimistic) and confirmed', async () => {
    const request = renderConsole('/students/1');
    const panel = await drawer();
    fireEvent.click(await within(panel).findByRole('tab', { name: 'Profile' }));
    fireEvent.change(await within(panel).findByLabelText('Occupation'), { target: { value: 'Chef' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(request, 'PUT', '/students/1').length).toBe(1));
    expect((calls(request, 'PUT', '/students/1')[0].body as StudentRecord).personalInfo.occupation).toBe('Chef');
    expect(await screen.findByText('Changes saved')).toBeInstanceOf(HTMLElement);
  });

  test('the sign-in email is changed with PATCH /students/{id}/email; a refusal shows under the input', async () => {
    const taken = new HttpError(409, { status: 409, code: 'USERNAME_TAKEN', message: 'Username already taken' });
    const request = renderConsole('/students/1', {
      handler: (req) => {
        if (req.method === 'PATCH' && req.path === '/students/1/email') throw taken;
        return undefined;
      },
    });
    const panel = await drawer();
    fireEvent.click(await within(panel).findByRole('tab', { name: 'Profile' }));
    const form = await within(panel).findByTestId('student-email-form');
    fireEvent.change(within(form).getByLabelText('Sign-in email', { exact: false }), { target: { value: 'other@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change email' }));
    expect((await within(form).findByText('Username already taken')).textContent).toBe('Username already taken');
    expect(calls(request, 'PATCH', '/students/1/email')).toEqual([{ method: 'PATCH', path: '/students/1/email', body: { email: 'other@example.com' } }]);
  });

  test('deactivating calls PUT /students/{id}/toggle_active and tells the result', async () => {
    const request = renderConsole('/students/2', {
      handler: (req) => (req.method === 'PUT' && req.path === '/students/2/toggle_active' ? student(2, { active: false }) : undefined),
    });
    const panel = await drawer();
    const button = await within(panel).findByTestId('toggle-active');
    expect(button.textContent).toBe('Deactivate');
    fireEvent.click(button);
    expect(await screen.findByText('Student deactivated')).toBeInstanceOf(HTMLElement);
    expect(calls(request, 'PUT', '/students/2/toggle_active')).toEqual([{ method: 'PUT', path: '/students/2/toggle_active' }]);
  });

  test("payment information shows the auto-pay flag and the student's plans, each opening its detail", async () => {
    const plan = {
      id: 77,
      name: '12 monthly payments',
      programName: 'Health Coach Training',
      status: 'ACTIVE',
      financialStatus: 'PAST_DUE',
      balance: 4210.55,
      daysOverdue: 12,
      nextPaymentSchedule: { id: 5, number: 2, dueDate: '2026-11-09', amountDue: 550.25 },
    };
    const request = renderConsole('/students/1', { handler: (req) => ((req.method ?? 'GET') === 'GET' && req.path === '/students/1/payment_plans' ? [plan] : undefined) });
    const panel = await drawer();
    fireEvent.click(await within(panel).findByRole('tab', { name: 'Payment information' }));
    expect(within(panel).getByTestId('payment-auto-pay').textContent).toBe('Yes');
    expect((await within(panel).findByTestId('student-plan-balance-77')).textContent).toBe('Balance: $4,210.55');
    expect(within(panel).getByTestId('student-plan-next-77').textContent).toContain('$550.25');
    expect(within(panel).getByTestId('student-plan-card-77').querySelector('a')?.getAttribute('href')).toBe('/payment-information/77');
    expect(request.mock.calls.some(([r]) => r.path === '/students/1/payment_plans')).toBe(true);
  });

  test('activity lists entries newest first with who and each change from → to', async () => {
    const request = renderConsole('/students/1');
    const panel = await drawer();
    fireEvent.click(await within(panel).findByRole('tab', { name: 'Activity' }));
    const row = await within(panel).findByTestId('activity-row');
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells.slice(1)).toEqual(['Profile', 'Updated', '', 'Root Admin', 'Last name: Lopez → López1Date of birth: (empty) → 07-04-1990Auto-pay: No → Yes']);
    expect(calls(request, 'GET', '/students/1/activity_log')[0].query).toEqual({ size: 10, page: 0, sortBy: 'activityDate', descending: true, categories: [], types: [] });
  });

  test('activity in Spanish: each entry names its record and writes what happened and its changes by their labels, never a raw value', async () => {
    const entries = [
      {
        id: 2,
        activityDate: '2026-02-02T15:00:00.000Z',
        category: 'ENROLLMENT',
        type: 'UPDATED',
        entityType: 'APPLICATION',
        entityId: 5,
        description: 'Application status Signed → Enrolled',
        descriptionKey: 'APPLICATION_STATUS_CHANGED',
        descriptionParams: { from: 'SIGNED', to: 'ENROLLED' },
        changes: { status: { from: 'SIGNED', to: 'ENROLLED' } },
        actor: { id: null, name: null },
      },
      {
        id: 3,
        activityDate: '2026-02-03T15:00:00.000Z',
        category: 'BILLING',
        type: 'UPDATED',
        entityType: 'PAYMENT_PLAN',
        entityId: 7,
        description: 'Tax of installment 3 set to $12.50',
        descriptionKey: 'TAX_SET',
        descriptionParams: { number: 3, amount: 1250 },
        changes: { 'schedule.3.taxAmount': { from: 0, to: 12.5 } },
        actor: { id: 10, name: 'Root Admin' },
      },
    ];
    renderConsole('/students/1', {
      locale: 'es',
      handler: (req) => (req.path === '/students/1/activity_log' ? { content: entries, pagination: { total: 2, page: 0, size: 10 } } : undefined),
    });
    const panel = await drawer();
    fireEvent.click(await within(panel).findByRole('tab', { name: 'Actividad' }));
    await within(panel).findAllByTestId('activity-row');
    const rows = within(panel)
      .getAllByTestId('activity-row')
      .map((row) => [...row.querySelectorAll('td')].slice(1).map((td) => td.textContent));
    expect(rows).toEqual([
      ['Inscripción', 'Actualización', 'Solicitud #5Estado de la solicitud Firmada → Inscrita', 'Sistema', 'Estado: Firmada → Inscrita'],
      ['Facturación', 'Actualización', 'Plan de pago #7Impuesto de la cuota 3 fijado en $12.50', 'Root Admin', 'Cuota 3 · Impuesto: 0 → 12.5'],
    ]);
  });

  test('opening another record starts again on its overview', async () => {
    renderConsole('/students/1');
    const panel = await drawer();
    fireEvent.click(await within(panel).findByRole('tab', { name: 'Activity' }));
    await within(panel).findByTestId('activity-row');
    fireEvent.click(screen.getByText('student2@example.com'));
    await waitFor(() => expect(within(panel).getByTestId('drawer-title').textContent).toBe('Ana María López2'));
    expect(within(panel).getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
  });

  test('without the update permission: no profile or communications tab, no edit or deactivate', async () => {
    renderConsole('/students/1', { permissions: ['students:read'] });
    const panel = await drawer();
    await within(panel).findByTestId('overview-email');
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByRole('tab')
          .map((t) => t.textContent),
      ).toEqual(['Overview', 'Payment information', 'Activity']),
    );
    expect(within(panel).queryByTestId('edit-profile')).toBeNull();
    expect(within(panel).queryByTestId('toggle-active')).toBeNull();
  });
});

describe('student creation', () => {
  test('POST /students with the sign-in email and the profile, then the drawer moves to the new record', async () => {
    const nora = student(9, { personalInfo: { ...student(9).personalInfo, firstName: 'Nora', middleName: null, lastName: 'Quinn' } });
    const request = renderConsole('/students/create', {
      handler: (req) => ((req.method === 'POST' && req.path === '/students') || req.path === '/students/9' ? nora : undefined),
    });
    const panel = await drawer();
    expect(within(panel).getByText('New student').tagName).toBe('H2');
    fireEvent.change(await within(panel).findByLabelText('Sign-in email', { exact: false }), { target: { value: 'nora@example.com' } });
    fireEvent.change(within(panel).getByLabelText('First name', { exact: false }), { target: { value: 'Nora' } });
    fireEvent.change(within(panel).getByLabelText('Last name', { exact: false }), { target: { value: 'Quinn' } });
    fireEvent.change(within(panel).getByLabelText('Date of birth'), { target: { value: '02-03-1990' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(location()).toBe('/students/9'));
    await waitFor(() => expect(within(panel).getByTestId('drawer-title').textContent).toBe('Nora Quinn'));
    expect(calls(request, 'POST', '/students')[0].body).toMatchObject({
      user: { email: 'nora@example.com' },
      personalInfo: { firstName: 'Nora', lastName: 'Quinn', dateOfBirth: '1990-02-03' },
      active: true,
      autoPay: false,
      languageIso2LetterCode: 'EN',
    });
    expect(await screen.findByText('Student created')).toBeInstanceOf(HTMLElement);
  });

  test('the client refuses a missing email or name before calling the server', async () => {
    const request = renderConsole('/students/create');
    const panel = await drawer();
    fireEvent.change(await within(panel).findByLabelText('Sign-in email', { exact: false }), { target: { value: 'not-an-email' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(helperText(panel, 'Sign-in email')).toBe('Must be a valid email'));
    expect(helperText(panel, 'First name')).toBe('Required');
    expect(calls(request, 'POST', '/students')).toEqual([]);
  });
});

describe('customers', () => {
  test('the list reads /customers, has the "Student" filter, no saved filters and no create button', async () => {
    const request = renderConsole('/customers');
    await screen.findByText('student1@example.com');
    expect(calls(request, 'GET', '/customers')[0].query).toEqual({ size: 10, page: 0, sortBy: 'id', descending: false, keyword: undefined });
    // The aside's inputs render just after the list (common/ListFilters.tsx FilterAside).
    await waitFor(() => expect(screen.getByTestId('filter-aside').querySelector('.ra-input-isStudent')).toBeInstanceOf(HTMLElement));
    expect(screen.queryByTestId('saved-filters-button')).toBeNull();
    expect(screen.queryByRole('link', { name: 'New customer' })).toBeNull();
  });

  test('the drawer has an overview and a profile form saved with PUT /customers/{id}', async () => {
    const request = renderConsole('/customers/2');
    const panel = await drawer();
    expect((await within(panel).findAllByRole('tab')).map((t) => t.textContent)).toEqual(['Overview', 'Profile']);
    expect(within(panel).queryByTestId('toggle-active')).toBeNull();
    expect(calls(request, 'GET', '/customers/2').length).toBeGreaterThan(0);
    fireEvent.click(within(panel).getByRole('tab', { name: 'Profile' }));
    fireEvent.change(await within(panel).findByLabelText('Occupation'), { target: { value: 'Baker' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(request, 'PUT', '/customers/2').length).toBe(1));
    expect((calls(request, 'PUT', '/customers/2')[0].body as StudentRecord).personalInfo.occupation).toBe('Baker');
  });
});
