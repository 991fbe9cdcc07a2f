import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Resource } from 'react-admin';
import { HttpError, type HttpRequest } from '../../admin/src/providers/http';
import enrollments from '../../admin/src/resources/enrollments';
import students from '../../admin/src/resources/students';
import { applicationFilterDescriptors, locationText } from '../../admin/src/resources/enrollments/applicationFilters';
import {
  applicationLabel,
  applicationPath,
  cohortLabels,
  nextStatuses,
  studentIdOfHash,
  toCreateApplicationPayload,
  withKeyword,
  type ApplicationRecord,
  type ApplicationStatusValue,
} from '../../admin/src/common/applicationRecord';
import { cardText } from '../../admin/src/resources/enrollments/ApplicationOverview';
import { describeCriteria } from '../../admin/src/common/FilterChips';
import { createI18nProvider } from '../../admin/src/providers/i18nProvider';
import { ApplicationStatus } from '../../models/enums';
import { callsOf as calls, currentLocation, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

const at = '2026-03-02T15:00:00.000Z';
type Person = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  mobilePhone: string | null;
  city: string | null;
  stateCode: string | null;
  countryCode: string | null;
};
/** A student summary as the application answers it: the flat fields and the spec's nesting of the same. */
const summary = (p: Person) => ({
  ...p,
  user: { id: p.id + 100, email: p.email },
  personalInfo: { firstName: p.firstName, lastName: p.lastName },
  contactInfo: { mobilePhone: p.mobilePhone },
  address: { city: p.city, stateCode: p.stateCode, countryCode: p.countryCode },
});
const person: Person = { id: 42, email: 'ana@example.com', firstName: 'Ana', lastName: 'López', mobilePhone: '+13055550123', city: 'Miami', stateCode: 'FL', countryCode: 'US' };
const student = summary(person);

function application(id: number, overrides: Partial<ApplicationRecord> = {}): ApplicationRecord {
  return {
    id,
    status: 'WAITING_TO_SIGN',
    flowType: 'HCTP',
    source: 'WEBSITE',
    opportunityId: null,
    migrated: false,
    autoPay: true,
    callAttempts: 2,
    financialStatus: 'GOOD',
    daysOverdue: 0,
    refunded: 0,
    documentName: null,
    document: null,
    documentType: null,
    appliedAt: '2026-02-20T15:00:00.000Z',
    enrolledAt: null,
    statusChangedAt: at,
    createdAt: '2026-02-10T15:00:00.000Z',
    updatedAt: at,
    updatedBy: { id: 10, name: 'Root Admin' },
    student,
    product: { id: 1, name: 'HCTP January', flowType: 'HCTP', cost: 6000 },
    products: [{ id: 1, name: 'HCTP January', flowType: 'HCTP', cost: 6000 }],
    cohort: { id: 11, label: 'HCTP 01-15-2027 - 12-15-2027', programId: 3, program: { id: 3, name: 'HCTP' } },
    applicationCohorts: [{ id: 1, programId: 3, programName: 'HCTP', cohortId: 11, cohortLabel: 'HCTP 01-15-2027 - 12-15-2027', startDate: '2027-01-15', endDate: '2027-12-15' }],
    enrollments: [],
    paymentPlan: null,
    productPaymentPlanId: 7,
    productPaymentPlan: { id: 7, name: 'Monthly' },
    voucher: { id: 4, code: 'SPRING', discountKind: 'PERCENT_OFF', discountValue: 10 },
    voucherDiscount: 600,
    paymentMethod: { id: 9, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2028 },
    steps: [
      { step: 'COMPLETE_PERSONAL_INFO', required: true, completed: true, completedAt: '2026-02-11T15:00:00.000Z' },
      { step: 'ENROLLMENT_AGREEMENT', required: true, completed: false, completedAt: null },
    ],
    answers: [],
    ...overrides,
  };
}

const studentRecord = {
  id: 42,
  active: true,
  isStudent: true,
  user: { id: 142, email: 'ana@example.com' },
  personalInfo: {
    firstName: 'Ana',
    middleName: null,
    lastName: 'López',
    title: null,
    suffix: null,
    gender: 'FEMALE',
    dateOfBirth: '1990-07-04',
    educationLevel: null,
    occupation: null,
    militaryMember: false,
  },
  contactInfo: { mobilePhone: '+13055550123', homePhone: null, workPhone: null },
  address: { street1: '1450 Brickell Ave', street2: null, city: 'Miami', stateCode: 'FL', zip: '33131', countryCode: 'US' },
  languageIso2LetterCode: 'EN',
  autoPay: true,
  timeZone: 'America/New_York',
  source: 'WEBSITE',
  salesforceLeadId: null,
  d2lUserId: null,
  edluminaId: null,
  communicationPreferences: { email: true, sms: false },
  archived: false,
  mergedIntoId: null,
  createdAt: at,
  updatedAt: at,
  updatedBy: null,
};

const comment = (id: number) => ({ id, content: `Note ${id}`, author: { id: 10, name: 'Root Admin' }, createdAt: at, updatedAt: at });
const envelope = (id: number, overrides: object = {}) => ({
  id,
  applicationId: 5,
  studentId: 42,
  status: 'SENT',
  title: 'Enrollment agreement',
  contentSha256: 'a'.repeat(64),
  signedName: null,
  signedAt: null,
  signedIp: null,
  signedSha256: null,
  voidedAt: null,
  createdAt: at,
  stale: false,
  ...overrides,
});
const plan = {
  id: 31,
  name: 'Monthly',
  description: null,
  paymentPlanType: 'INTEREST_BEARING',
  paymentScheduleType: 'FIXED_TERMS',
  depositAmount: 500,
  totalTerm: 2,
  installmentAmount: 2750,
  interestRate: 0,
  tuitionPrice: 6000,
  additionalFees: 0,
  voucherDiscount: 0,
  totalInterest: 0,
  totalOwed: 6000,
  totalPaid: 0,
  balance: 6000,
  installmentsCount: 2,
  status: 'ACTIVE',
  financialStatus: 'GOOD',
  daysOverdue: 0,
  autoPay: true,
  firstPaymentDate: '2026-03-02',
  lastPaymentDate: '2026-05-02',
  schedules: [
    { id: 1, number: 1, kind: 'DEPOSIT', dueDate: '2026-03-02', principal: 500, interest: 0, amount: 500, balance: 5500, paidAmount: 0, status: 'PENDING' },
    { id: 2, number: 2, kind: 'INSTALLMENT', dueDate: '2026-04-02', principal: 2750, interest: 0, amount: 2750, balance: 2750, paidAmount: 0, status: 'PENDING' },
  ],
};

type Handler = (req: HttpRequest) => unknown;
const page = (content: unknown[], total = content.length) => ({ content, pagination: { total, page: 0, size: 10 } });
const refusal = (code: string, message: string) => new HttpError(409, { status: 409, code, message });

type MoveAnswer = { status: ApplicationStatusValue; allowed: boolean; code?: string | null; message?: string | null; emailsStudent?: boolean; preparesAgreement?: boolean };
/** GET /applications/{id}/status_moves as the API answers it (emailed unless said; the outbox and the local CRM by default). */
const movesAnswer = (id: number, status: ApplicationStatusValue, moves: MoveAnswer[], delivery = { email: 'OUTBOX', crm: 'LOCAL' }) => ({
  applicationId: id,
  status,
  delivery,
  moves: moves.map((m) => ({ code: null, message: null, emailsStudent: true, preparesAgreement: false, ...m })),
});
const notSigned: MoveAnswer = { status: 'SIGNED', allowed: false, code: 'AGREEMENT_NOT_SIGNED', message: 'The enrollment agreement is not signed' };
/** Application 5 waiting to sign, its agreement not signed yet: Mark signed is not possible. */
const waitingToSign = movesAnswer(5, 'WAITING_TO_SIGN', [notSigned, { status: 'CANCELLED', allowed: true }, { status: 'ARCHIVED', allowed: true, emailsStudent: false }]);

/** The console with the enrollments resource over a fake API that keeps comments and call attempts. */
function renderConsole(path: string, { handler, permissions = ['*'], locale = 'en' }: { handler?: Handler; permissions?: string[]; locale?: 'en' | 'es' } = {}) {
  const rows = [
    application(5),
    application(6, { status: 'ENROLLED', student: summary({ ...person, id: 43, firstName: 'Luis', lastName: 'Pérez', email: 'luis@example.com' }), autoPay: false }),
  ];
  const state = { callAttempts: 2, comments: [7, 6, 5, 4, 3, 2, 1].map(comment) };
  const request = jest.fn(async (req: HttpRequest) => {
    const answer = handler ? await handler(req) : undefined;
    if (answer !== undefined) return answer;
    const method = req.method ?? 'GET';
    if (req.path === '/applications' && method === 'GET') return page(rows);
    if (req.path === '/applications/find_by_criteria') return page(rows.slice(0, 1));
    if (req.path === '/applications' && method === 'POST') return application(9, { status: 'CREATED' });
    const one = /^\/applications\/(\d+)$/.exec(req.path);
    if (one && method === 'GET') {
      const row = rows.find((r) => r.id === Number(one[1])) ?? application(Number(one[1]));
      return { ...row, callAttempts: state.callAttempts };
    }
    if (req.path === '/applications/5/status_moves') return waitingToSign;
    const moves = /^\/applications\/(\d+)\/status_moves$/.exec(req.path);
    if (moves) {
      const row = rows.find((r) => r.id === Number(moves[1])) ?? application(Number(moves[1]));
      return movesAnswer(
        row.id as number,
        row.status,
        nextStatuses(row.status).map((status) => ({ status, allowed: true })),
      );
    }
    if (/^\/applications\/5\/call_attempts\/\d+$/.test(req.path)) {
      state.callAttempts = Number(req.path.split('/').at(-1));
      return { ...rows[0], callAttempts: state.callAttempts };
    }
    if (req.path === '/applications/5/comments' && method === 'GET') {
      const { size = 5, page: p = 0 } = (req.query ?? {}) as { size?: number; page?: number };
      return { content: state.comments.slice(p * size, p * size + size), pagination: { total: state.comments.length, page: p, size } };
    }
    if (req.path === '/applications/5/comments' && method === 'POST') {
      const added = { ...comment(8), content: (req.body as { content: string }).content };
      state.comments = [added, ...state.comments];
      return added;
    }
    const c = /^\/applications\/5\/comments\/(\d+)$/.exec(req.path);
    if (c && method === 'PUT') {
      state.comments = state.comments.map((x) => (x.id === Number(c[1]) ? { ...x, content: (req.body as { content: string }).content } : x));
      return state.comments.find((x) => x.id === Number(c[1]));
    }
    if (c && method === 'DELETE') {
      state.comments = state.comments.filter((x) => x.id !== Number(c[1]));
      return null;
    }
    if (req.path === '/applications/5/payment_plans') return [plan];
    if (req.path === '/applications/5/answers')
      return [
        { questionId: 'goals', content: 'Help my family eat well' },
        { questionId: 'motivation', content: 'To help people' },
      ];
    if (req.path === '/applications/5/envelopes' && method === 'GET') return [envelope(3), envelope(2, { status: 'VOIDED' })];
    if (req.path === '/envelopes/3/recreate') return envelope(4);
    if (req.path === '/envelopes/3/pdf') return { blob: async () => new Blob(['%PDF-1.7']) };
    if (req.path === '/applications/5/salesforce_notifications' && method === 'GET') {
      return page([
        { id: 2, crm: 'salesforce', event: 'APPLICATION_STATUS_CHANGED', status: 'FAILED', attempts: 1, lastError: 'Salesforce answered 503', createdAt: at, sentAt: null },
        { id: 1, crm: 'salesforce', event: 'APPLICATION_STATUS_CHANGED', status: 'ACCEPTED', attempts: 1, lastError: null, createdAt: at, sentAt: at },
      ]);
    }
    if (req.path === '/applications/5/salesforce_notifications/2') return { id: 2, status: 'ACCEPTED' };
    if (req.path === '/applications/5/promo_code' && method === 'POST') return { voucher: { id: 4, code: 'SPRING' }, voucherDiscount: 600 };
    if (req.path === '/application_vouchers/find_by_criteria')
      return page([{ id: 12, applicationId: 5, voucher: { id: 4, code: 'SPRING' }, totalToBeRefunded: 600, status: 'REQUESTED', updatedAt: at }]);
    if (req.path === '/students/42' && method === 'GET') return studentRecord;
    if (req.path === '/students/42/session') return { status: 'IDLE', lastActivityAt: null };
    if (req.path === '/students' || req.path === '/students/find_by_criteria') return page([studentRecord]);
    if (req.path === '/users/10/view_histories') return { id: 1 };
    if (req.path === '/public/lookups') return { content: req.query?.type === 'COUNTRY' ? [{ type: 'COUNTRY', value: 'US', label: 'United States' }] : [] };
    if (req.path === '/search_filters') return page([]);
    if (req.path === '/products' || req.path === '/products/find_by_criteria')
      return page([
        { id: 1, name: 'HCTP January', deleted: false },
        { id: 2, name: 'Advanced hormones', deleted: false },
      ]);
    if (req.path === '/programs') return page([{ id: 3, name: 'HCTP' }]);
    if (req.path === '/cohorts') return page([{ id: 11, label: 'HCTP 01-15-2027 - 12-15-2027' }]);
    if (req.path === '/business_categories') return page([{ id: 1, name: 'HCTP' }]);
    if (req.path === '/admins') return page([{ id: 1, userId: 10, firstName: 'Root', lastName: 'Admin', email: 'root@example.com' }]);
    throw new Error(`unexpected call ${method} ${req.path}`);
  });
  renderAdmin({
    path,
    request,
    permissions,
    locale,
    children: [<Resource key="enrollments" name="enrollments" {...enrollments} />, <Resource key="students" name="students" {...students} />],
  });
  return request;
}

const drawers = () => screen.queryAllByTestId('record-drawer');
const drawer = async () => screen.findByTestId('record-drawer');
async function openTab(panel: HTMLElement, name: string) {
  fireEvent.click(await within(panel).findByTestId(`tab-${name}`));
  return within(panel).findByTestId(`tabpanel-${name}`);
}

beforeEach(() => {
  // react-admin's data provider wrapper logs every rejected call; the refusals here are expected.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('status machine and helpers', () => {
  test('offers exactly the legal staff moves of every status; ARCHIVED from all but ENROLLED and ARCHIVED', () => {
    const expected: Record<ApplicationStatusValue, ApplicationStatusValue[]> = {
      CREATED: ['APPLIED', 'CANCELLED', 'ARCHIVED'],
      APPLIED: ['WAITING_TO_AGREE', 'WAITING_TO_SIGN', 'REJECTED', 'CANCELLED', 'ARCHIVED'],
      WAITING_TO_AGREE: ['WAITING_TO_SIGN', 'CANCELLED', 'ARCHIVED'],
      WAITING_TO_SIGN: ['SIGNED', 'CANCELLED', 'ARCHIVED'],
      SIGNED: ['ENROLLED', 'CANCELLED', 'ARCHIVED'],
      ENROLLED: ['TRANSFERRED', 'PARTIAL_WITHDRAWN', 'WITHDRAWN'],
      PARTIAL_WITHDRAWN: ['WITHDRAWN', 'TRANSFERRED', 'ARCHIVED'],
      REJECTED: ['ARCHIVED'],
      CANCELLED: ['ARCHIVED'],
      TRANSFERRED: ['ARCHIVED'],
      WITHDRAWN: ['ARCHIVED'],
      ARCHIVED: [],
    };
    for (const status of ApplicationStatus) expect({ status, moves: nextStatuses(status) }).toEqual({ status, moves: expected[status] });
  });

  test('the create payload: numbers, the optional parts only when given', () => {
    expect(toCreateApplicationPayload({ studentId: '42', productId: 1, source: null, opportunityId: '  ', migrated: false })).toEqual({ studentId: 42, productId: 1 });
    expect(toCreateApplicationPayload({ studentId: 42, productId: 1, source: 'PHONE', opportunityId: ' 006A ', migrated: true })).toEqual({
      studentId: 42,
      productId: 1,
      source: 'PHONE',
      opportunityId: '006A',
      migrated: true,
    });
  });

  test('a keyword on the opening filter (default status only) drops the status; any other filter keeps it', () => {
    expect(withKeyword({ statuses: ['ENROLLED'] }, 'ana')).toEqual({ q: 'ana' });
    expect(withKeyword({ statuses: ['ENROLLED'], q: '' }, 'ana')).toEqual({ q: 'ana' });
    expect(withKeyword({ statuses: ['ENROLLED'] }, '')).toEqual({ statuses: ['ENROLLED'], q: '' });
    expect(withKeyword({ statuses: ['ENROLLED'], q: 'an' }, 'ana')).toEqual({ statuses: ['ENROLLED'], q: 'ana' });
    expect(withKeyword({ statuses: ['APPLIED'] }, 'ana')).toEqual({ statuses: ['APPLIED'], q: 'ana' });
    expect(withKeyword({ statuses: ['ENROLLED'], autoPay: true }, 'ana')).toEqual({ statuses: ['ENROLLED'], autoPay: true, q: 'ana' });
    expect(withKeyword({ statuses: ['ENROLLED'], savedFilterId: 3, savedFilterName: 'Enrolled' }, 'ana')).toEqual({
      statuses: ['ENROLLED'],
      savedFilterId: 3,
      savedFilterName: 'Enrolled',
      q: 'ana',
    });
    expect(withKeyword({}, 'ana')).toEqual({ q: 'ana' });
  });

  test('labels, links and hashes', () => {
    const a = application(5);
    expect(applicationLabel(a)).toBe('#5 · Ana López · HCTP January');
    expect(cohortLabels(a)).toBe('HCTP 01-15-2027 - 12-15-2027');
    expect(cardText(a.paymentMethod)).toBe('Visa •••• 4242, 12/28');
    expect(applicationPath(5, { pathname: '/enrollments', search: '?page=2' })).toBe('/enrollments/5?page=2');
    expect(applicationPath(5, { pathname: '/students/42', search: '?filter=%7B%7D' })).toBe('/enrollments/5');
    expect(studentIdOfHash('#student=42')).toBe('42');
    expect(studentIdOfHash('#other')).toBeNull();
  });

  test('chips: the location reads as one chip, ids by name, enums by label', () => {
    const translate = createI18nProvider('en').translate;
    const descriptors = applicationFilterDescriptors({ cohorts: { 11: 'HCTP Jan' }, countries: { US: 'United States' } });
    const chips = describeCriteria(
      { statuses: ['ENROLLED', 'SIGNED'], cohortIds: [11], locations: { countryCode: 'US', city: 'Miami' }, migrated: false, sources: ['PHONE'] },
      descriptors,
      translate,
    );
    expect(chips.map((c) => `${c.label}: ${c.value}`)).toEqual(['Status: Enrolled, Signed', 'Class: HCTP Jan', 'Migrated: No', 'Location: United States, Miami', 'Source: Phone']);
    expect(locationText({ stateCode: 'FL', zip: '33131' })).toBe('FL, 33131');
  });
});

describe('enrollments list', () => {
  test("opens on the enrolled ones: a 'Status: Enrolled' chip and find_by_criteria with statuses ['ENROLLED'], newest first", async () => {
    const request = renderConsole('/enrollments');
    expect(await screen.findByTestId('filter-chip-statuses')).toHaveProperty('textContent', 'Status: Enrolled');
    await waitFor(() => expect(calls(request, 'POST', '/applications/find_by_criteria')[0]?.body).toEqual({ statuses: ['ENROLLED'] }));
    expect(calls(request, 'POST', '/applications/find_by_criteria')[0].query).toEqual({ size: 10, page: 0, sortBy: 'id', descending: true, keyword: undefined });
    const row = (await screen.findByText('ana@example.com')).closest('tr') as HTMLElement;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '5',
      'Ana Lópezana@example.com',
      'HCTP January',
      'HCTP 01-15-2027 - 12-15-2027',
      'Waiting to sign',
      '02-20-2026',
      'Good',
      'Yes',
      '03-02-2026',
    ]);
  });

  test('removing the status chip loads the plain list of every application', async () => {
    const request = renderConsole('/enrollments');
    const chip = await screen.findByTestId('filter-chip-statuses');
    fireEvent.click(within(chip).getByLabelText('Remove this filter'));
    await screen.findByText('luis@example.com');
    expect(calls(request, 'GET', '/applications').at(-1)?.query).toEqual({ size: 10, page: 0, sortBy: 'id', descending: true, keyword: undefined });
    expect(screen.queryByTestId('filter-chip-statuses')).toBeNull();
  });

  test('the Migrated tab loads the migrated applications only (migrated: true), and back', async () => {
    const request = renderConsole('/enrollments');
    await screen.findByTestId('filter-chip-statuses');
    fireEvent.click(screen.getByTestId('variant-migrated'));
    expect(await screen.findByTestId('filter-chip-migrated')).toHaveProperty('textContent', 'Migrated: Yes');
    await waitFor(() => expect(calls(request, 'POST', '/applications/find_by_criteria').at(-1)?.body).toEqual({ migrated: true }));
    expect(screen.queryByTestId('filter-chip-statuses')).toBeNull();
    fireEvent.click(screen.getByTestId('variant-all'));
    await waitFor(() => expect(calls(request, 'POST', '/applications/find_by_criteria').at(-1)?.body).toEqual({ statuses: ['ENROLLED'] }));
  });

  test('a keyword typed on the opening list searches every status: the default Enrolled chip gives way', async () => {
    const request = renderConsole('/enrollments');
    await screen.findByTestId('filter-chip-statuses');
    fireEvent.change(screen.getByLabelText('Search by student, email, product or ID'), { target: { value: 'luis' } });

    await waitFor(() => expect(calls(request, 'GET', '/applications').at(-1)?.query).toEqual({ size: 10, page: 0, sortBy: 'id', descending: true, keyword: 'luis' }));
    expect(screen.queryByTestId('filter-chip-statuses')).toBeNull();
    // Nothing searched the keyword among the enrolled ones only.
    expect(calls(request, 'POST', '/applications/find_by_criteria').filter((r) => r.query?.keyword)).toEqual([]);
    expect(await screen.findByText('luis@example.com')).toBeInstanceOf(HTMLElement);

    // Typing on does not bring the status back.
    fireEvent.change(screen.getByLabelText('Search by student, email, product or ID'), { target: { value: 'luis p' } });
    await waitFor(() => expect(calls(request, 'GET', '/applications').at(-1)?.query).toMatchObject({ keyword: 'luis p' }));
    expect(screen.queryByTestId('filter-chip-statuses')).toBeNull();
  });

  test('a status chosen by staff (not the default) stays with the keyword', async () => {
    const filter = encodeURIComponent(JSON.stringify({ statuses: ['APPLIED'] }));
    const request = renderConsole(`/enrollments?filter=${filter}`);
    expect(await screen.findByTestId('filter-chip-statuses')).toHaveProperty('textContent', 'Status: Applied');
    fireEvent.change(screen.getByLabelText('Search by student, email, product or ID'), { target: { value: 'luis' } });

    await waitFor(() => expect(calls(request, 'POST', '/applications/find_by_criteria').at(-1)).toMatchObject({ body: { statuses: ['APPLIED'] }, query: { keyword: 'luis' } }));
    expect(screen.getByTestId('filter-chip-statuses').textContent).toBe('Status: Applied');
  });

  test('a keyword alone loads the plain list with it; criteria in the URL read as chips', async () => {
    const filter = encodeURIComponent(JSON.stringify({ q: 'ana' }));
    const request = renderConsole(`/enrollments?filter=${filter}`);
    await waitFor(() => expect(calls(request, 'GET', '/applications')[0]?.query).toMatchObject({ keyword: 'ana' }));
    expect(calls(request, 'POST', '/applications/find_by_criteria')).toEqual([]);
  });

  test('criteria of the applications filter go to find_by_criteria and read as chips with names', async () => {
    const filter = encodeURIComponent(
      JSON.stringify({ cohortIds: [11], productIds: [1], updatedByIds: [10], locations: { countryCode: 'US', city: 'Miami', zip: '' }, autoPay: true }),
    );
    const request = renderConsole(`/enrollments?filter=${filter}`);
    await waitFor(() =>
      expect(calls(request, 'POST', '/applications/find_by_criteria')[0]?.body).toEqual({
        cohortIds: [11],
        productIds: [1],
        updatedByIds: [10],
        locations: { countryCode: 'US', city: 'Miami' },
        autoPay: true,
      }),
    );
    await waitFor(() => expect(screen.getByTestId('filter-chip-cohortIds').textContent).toBe('Class: HCTP 01-15-2027 - 12-15-2027'));
    await waitFor(() => expect(screen.getByTestId('filter-chip-locations').textContent).toBe('Location: United States, Miami'));
    await waitFor(() => expect(screen.getByTestId('filter-chip-updatedByIds').textContent).toBe('Updated by: Root Admin'));
    expect(screen.getByTestId('filter-chip-productIds').textContent).toBe('Product: HCTP January');
  });

  test("a row opens the application drawer on /enrollments/{id}, the list's query kept", async () => {
    renderConsole('/enrollments?page=1&perPage=10');
    fireEvent.click(await screen.findByText('ana@example.com'));
    const panel = await drawer();
    expect(await within(panel).findByTestId('drawer-title')).toHaveProperty('textContent', '#5 · Ana López · HCTP January');
    expect(currentLocation()).toBe('/enrollments/5?page=1&perPage=10');
  });

  test('New application: student found by keyword, an enrollment product → POST /applications, then its drawer', async () => {
    const request = renderConsole('/enrollments');
    fireEvent.click(await screen.findByTestId('create-application'));
    const dialog = await screen.findByTestId('create-application-dialog');
    const studentBox = within(dialog).getByRole('combobox', { name: /^Student/ });
    fireEvent.change(studentBox, { target: { value: 'ana' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Ana López (ana@example.com)' }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Product/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'HCTP January' }));
    fireEvent.click(within(dialog).getByTestId('create-application-submit'));
    await screen.findByText('Application created');
    expect(calls(request, 'POST', '/applications')[0].body).toEqual({ studentId: 42, productId: 1, source: 'STAFF' });
    expect(calls(request, 'POST', '/products/find_by_criteria')[0].body).toEqual({ flowTypes: ['HCTP', 'DYNAMIC'] });
    await waitFor(() => expect(currentLocation()).toMatch(/^\/enrollments\/9/));
  });

  test("New application: 'Already applied to product' is notified as sent", async () => {
    renderConsole('/enrollments', {
      handler: (req) => {
        if (req.path === '/applications' && req.method === 'POST') throw refusal('ALREADY_APPLIED', 'Already applied to product');
        return undefined;
      },
    });
    fireEvent.click(await screen.findByTestId('create-application'));
    const dialog = await screen.findByTestId('create-application-dialog');
    fireEvent.change(within(dialog).getByRole('combobox', { name: /^Student/ }), { target: { value: 'ana' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Ana López (ana@example.com)' }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Product/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'HCTP January' }));
    fireEvent.click(within(dialog).getByTestId('create-application-submit'));
    await screen.findByText('Already applied to product');
  });
});

describe('application drawer: overview and status', () => {
  test("shows the student, classes, plan, voucher, card and the flow steps; the moves the server accepts as buttons, the others with the server's reason", async () => {
    renderConsole('/enrollments/5');
    const panel = await drawer();
    const overview = await within(panel).findByTestId('application-overview');
    expect(within(overview).getByTestId('application-status').textContent).toBe('Waiting to sign');
    expect(within(overview).getByTestId('open-student').textContent).toBe('Ana López');
    expect(within(overview).getByTestId('application-classes').textContent).toBe('HCTP: HCTP 01-15-2027 - 12-15-2027');
    expect(within(overview).getByTestId('application-plan').textContent).toBe('Monthly (chosen; issued on enrollment)');
    expect(within(overview).getByTestId('application-voucher').textContent).toBe('SPRING · 10% off (−$600.00)');
    expect(within(overview).getByTestId('application-card').textContent).toBe('Visa •••• 4242, 12/28');
    expect(within(overview).getByTestId('step-ENROLLMENT_AGREEMENT').textContent).toBe('Enrollment agreementRequired, not completed');
    expect(within(overview).getByTestId('step-COMPLETE_PERSONAL_INFO').textContent).toMatch(/^Complete personal info|Completed/);
    const actions = await within(overview).findByTestId('status-actions');
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel application', 'Archive']);
    expect(within(overview).queryByTestId('status-to-SIGNED')).toBeNull();
    expect(within(overview).getByTestId('status-unavailable').textContent).toBe('Not possible now:Mark signed: The enrollment agreement is not signed');
  });

  test('the reason a move is not possible reads in Spanish from the message catalogue', async () => {
    renderConsole('/enrollments/5', { locale: 'es' });
    const panel = await drawer();
    expect((await within(panel).findByTestId('status-unavailable-SIGNED')).textContent).toBe('Marcar firmada: El acuerdo de inscripción no está firmado');
    expect(within(panel).queryByRole('button', { name: 'Marcar firmada' })).toBeNull();
  });

  test('each dialog says exactly what will happen: the email written to the outbox or none, the change recorded in the CRM tab', async () => {
    renderConsole('/enrollments/5');
    const panel = await drawer();
    fireEvent.click(await within(panel).findByTestId('status-to-CANCELLED'));
    expect((await screen.findByTestId('status-move-consequences')).textContent).toBe(
      'The application moves from Waiting to sign to Cancelled.' +
        'An email to the student is written to the Outbox; no mail server is set up, so it is not delivered.' +
        "The change is recorded in the application's CRM tab; no CRM is connected.",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('status-move-consequences')).toBeNull());
    fireEvent.click(within(panel).getByTestId('status-to-ARCHIVED'));
    expect((await screen.findByTestId('status-move-consequences')).textContent).toContain('The student is not emailed.');
  });

  test('with a mail server and Salesforce the dialog says the student is emailed and the CRM notified; an approval prepares the agreement', async () => {
    renderConsole('/enrollments/5', {
      handler: (req) => {
        if (req.path === '/applications/5/status_moves') {
          return movesAnswer(5, 'APPLIED', [{ status: 'WAITING_TO_SIGN', allowed: true, preparesAgreement: true }], { email: 'SMTP', crm: 'SALESFORCE' });
        }
        if (req.path === '/applications/5' && (req.method ?? 'GET') === 'GET') return application(5, { status: 'APPLIED' });
        return undefined;
      },
    });
    const panel = await drawer();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Approve: send to sign' }));
    expect((await screen.findByTestId('status-move-consequences')).textContent).toBe(
      'The application moves from Applied to Waiting to sign.' +
        'The enrollment agreement is prepared for the student to sign (if they have already signed the current terms, the application moves on to Signed).' +
        'The student is emailed.' +
        'The CRM (Salesforce) is notified.',
    );
  });

  test('the success notice names the status the server answered (an approval that went on to Signed)', async () => {
    let moved = false;
    renderConsole('/enrollments/5', {
      handler: (req) => {
        if (req.path === '/applications/5/status_moves')
          return moved
            ? movesAnswer(5, 'SIGNED', [{ status: 'ENROLLED', allowed: true }])
            : movesAnswer(5, 'APPLIED', [{ status: 'WAITING_TO_SIGN', allowed: true, preparesAgreement: true }]);
        if (req.path === '/applications/5/status') {
          moved = true;
          return application(5, { status: 'SIGNED' });
        }
        if (req.path === '/applications/5') return application(5, { status: moved ? 'SIGNED' : 'APPLIED' });
        return undefined;
      },
    });
    const panel = await drawer();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Approve: send to sign' }));
    expect(await screen.findByText('Move application #5 to Waiting to sign?')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Status changed to Signed');
    expect(await within(panel).findByRole('button', { name: 'Enroll' })).not.toBeNull();
  });

  test("a move asks first, then PATCHes the status; the server's refusal is shown ('The enrollment agreement is not signed')", async () => {
    const request = renderConsole('/enrollments/5', {
      handler: (req) => {
        // Possible when the drawer asked, refused when done: the terms changed in between.
        if (req.path === '/applications/5/status_moves') return movesAnswer(5, 'WAITING_TO_SIGN', [{ status: 'SIGNED', allowed: true }]);
        if (req.path === '/applications/5/status') throw refusal('AGREEMENT_NOT_SIGNED', 'The enrollment agreement is not signed');
        return undefined;
      },
    });
    const panel = await drawer();
    fireEvent.click(await within(panel).findByTestId('status-to-SIGNED'));
    expect(await screen.findByText('Move application #5 to Signed?')).not.toBeNull();
    expect(calls(request, 'PATCH', '/applications/5/status')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('The enrollment agreement is not signed');
    expect(calls(request, 'PATCH', '/applications/5/status')).toEqual([{ method: 'PATCH', path: '/applications/5/status', query: { status: 'SIGNED' } }]);
    expect(within(panel).getByTestId('application-status').textContent).toBe('Waiting to sign');
  });

  test('the refusal reads in Spanish from the message catalogue', async () => {
    renderConsole('/enrollments/5', {
      locale: 'es',
      handler: (req) => {
        if (req.path === '/applications/5/status_moves') return movesAnswer(5, 'WAITING_TO_SIGN', [{ status: 'SIGNED', allowed: true }]);
        if (req.path === '/applications/5/status') throw refusal('AGREEMENT_NOT_SIGNED', 'The enrollment agreement is not signed');
        return undefined;
      },
    });
    const panel = await drawer();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Marcar firmada' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await screen.findByText('El acuerdo de inscripción no está firmado');
  });

  test('a successful move shows the new status once the server answers (pessimistic)', async () => {
    let moved = false;
    const request = renderConsole('/enrollments/5', {
      handler: (req) => {
        if (req.path === '/applications/5/status_moves') {
          return moved ? movesAnswer(5, 'SIGNED', [{ status: 'ENROLLED', allowed: true }]) : movesAnswer(5, 'WAITING_TO_SIGN', [{ status: 'SIGNED', allowed: true }]);
        }
        if (req.path === '/applications/5/status') {
          moved = true;
          return application(5, { status: 'SIGNED' });
        }
        if (req.path === '/applications/5' && moved) return application(5, { status: 'SIGNED' });
        return undefined;
      },
    });
    const panel = await drawer();
    fireEvent.click(await within(panel).findByTestId('status-to-SIGNED'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByText('Status changed to Signed');
    await waitFor(() => expect(within(panel).getByTestId('application-status').textContent).toBe('Signed'));
    expect(within(panel).getByTestId('status-to-ENROLLED')).not.toBeNull();
    expect(calls(request, 'PATCH', '/applications/5/status')).toHaveLength(1);
  });

  test('without applications:status there are no status buttons; read-only staff see no comment box', async () => {
    renderConsole('/enrollments/5', { permissions: ['applications:read'] });
    const panel = await drawer();
    await within(panel).findByTestId('application-overview');
    expect(within(panel).queryByTestId('status-actions')).toBeNull();
    const comments = await openTab(panel, 'comments');
    await within(comments).findByTestId('comment-7');
    expect(within(comments).queryByTestId('new-comment')).toBeNull();
    expect(within(comments).queryByTestId('edit-comment-7')).toBeNull();
  });

  test('clicking the student opens the student drawer instead (one at a time); its application row opens the application again', async () => {
    const request = renderConsole('/enrollments/5');
    const panel = await drawer();
    fireEvent.click(await within(panel).findByTestId('open-student'));
    const studentDrawer = await screen.findByTestId('student-drawer');
    await waitFor(() => expect(drawers()).toHaveLength(1));
    expect(currentLocation()).toBe('/enrollments');
    const row = await within(studentDrawer).findByTestId('student-application-5');
    expect(calls(request, 'POST', '/applications/find_by_criteria').at(-1)).toMatchObject({ body: { studentIds: [42] }, query: { size: 200, page: 0 } });
    fireEvent.click(row);
    await waitFor(() => expect(currentLocation()).toBe('/enrollments/5'));
    await waitFor(() => expect(screen.queryByTestId('student-drawer')).toBeNull());
    await waitFor(() => expect(drawers()).toHaveLength(1));
    expect(await within(drawers()[0]).findByTestId('application-overview')).not.toBeNull();
  });

  test('on the students screen the student drawer lists the applications; a row goes to /enrollments/{id} (the student drawer closes)', async () => {
    renderConsole('/students/42');
    const row = await screen.findByTestId('student-application-5');
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['5', 'HCTP January', 'HCTP 01-15-2027 - 12-15-2027', 'Waiting to sign', '02-20-2026']);
    fireEvent.click(row);
    await waitFor(() => expect(currentLocation()).toBe('/enrollments/5'));
    expect(await within(await drawer()).findByTestId('application-overview')).not.toBeNull();
    await waitFor(() => expect(drawers()).toHaveLength(1));
  });

  test('each application opens on its overview', async () => {
    renderConsole('/enrollments/5');
    const panel = await drawer();
    await openTab(panel, 'answers');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(drawers()).toHaveLength(0));
    fireEvent.click(await screen.findByText('ana@example.com'));
    const again = await drawer();
    expect(await within(again).findByTestId('tabpanel-overview')).not.toBeNull();
  });
});

describe('application drawer: tabs', () => {
  test('Payment plan loads GET /applications/{id}/payment_plans with its schedule', async () => {
    const request = renderConsole('/enrollments/5');
    const tab = await openTab(await drawer(), 'payment_plan');
    const schedule = await within(tab).findByTestId('schedule-31');
    expect([...schedule.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['1', 'Deposit', '03-02-2026', '$500.00', '$0.00', '$500.00', '$5,500.00', '$0.00', 'Pending'],
      ['2', 'Installment', '04-02-2026', '$2,750.00', '$0.00', '$2,750.00', '$2,750.00', '$0.00', 'Pending'],
    ]);
    expect(within(tab).getByTestId('plan-total-31').textContent).toBe('$6,000.00');
    expect(calls(request, 'GET', '/applications/5/payment_plans')).toHaveLength(1);
  });

  test('Answers loads GET /applications/{id}/answers', async () => {
    renderConsole('/enrollments/5');
    const tab = await openTab(await drawer(), 'answers');
    expect(await within(tab).findByTestId('answer-goals')).toHaveProperty('textContent', 'Help my family eat well');
    // The portal's questions show their text; an unknown question id shows as it is.
    expect(within(tab).getByText('Why do you want to become a health coach?').nextElementSibling?.textContent).toBe('To help people');
    expect(within(tab).getByText('goals').nextElementSibling?.textContent).toBe('Help my family eat well');
  });

  test('Comments: five newest, Load more asks the next page', async () => {
    const request = renderConsole('/enrollments/5');
    const tab = await openTab(await drawer(), 'comments');
    await within(tab).findByTestId('comment-7');
    expect(within(tab).queryByTestId('comment-2')).toBeNull();
    expect(calls(request, 'GET', '/applications/5/comments')[0].query).toEqual({ size: 5, page: 0 });
    fireEvent.click(within(tab).getByTestId('comments-load-more'));
    await within(tab).findByTestId('comment-1');
    expect(calls(request, 'GET', '/applications/5/comments').at(-1)?.query).toEqual({ size: 5, page: 1 });
    expect(within(tab).queryByTestId('comments-load-more')).toBeNull();
  });

  test('Comments: add, edit and delete', async () => {
    const request = renderConsole('/enrollments/5');
    const tab = await openTab(await drawer(), 'comments');
    await within(tab).findByTestId('comment-7');
    fireEvent.change(within(within(tab).getByTestId('new-comment')).getByRole('textbox'), { target: { value: '  Called, left a message  ' } });
    fireEvent.click(within(tab).getByRole('button', { name: 'Add comment' }));
    await screen.findByText('Comment added');
    expect(calls(request, 'POST', '/applications/5/comments')[0].body).toEqual({ content: 'Called, left a message' });
    expect(await within(tab).findByText('Called, left a message')).not.toBeNull();

    fireEvent.click(within(tab).getByTestId('edit-comment-7'));
    const editor = within(tab).getByTestId('comment-editor-7');
    fireEvent.change(within(editor).getByRole('textbox'), { target: { value: 'Note 7, corrected' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    await screen.findByText('Comment saved');
    expect(calls(request, 'PUT', '/applications/5/comments/7')[0].body).toEqual({ content: 'Note 7, corrected' });
    expect(await within(tab).findByText('Note 7, corrected')).not.toBeNull();

    fireEvent.click(within(tab).getByTestId('delete-comment-6'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByText('Comment deleted');
    expect(calls(request, 'DELETE', '/applications/5/comments/6')).toHaveLength(1);
    await waitFor(() => expect(within(tab).queryByTestId('comment-6')).toBeNull());
  });

  test('Agreements: list, Recreate asks first then POSTs /envelopes/{id}/recreate; Download asks the PDF with the bearer', async () => {
    const created: Blob[] = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => (created.push(blob), 'blob:pdf'), revokeObjectURL: () => undefined });
    const request = renderConsole('/enrollments/5');
    const tab = await openTab(await drawer(), 'agreements');
    const row = await within(tab).findByTestId('envelope-3');
    expect(within(tab).queryByTestId('recreate-envelope-2')).toBeNull();
    expect(within(tab).queryByTestId('prepare-envelope')).toBeNull();
    fireEvent.click(within(row).getByTestId('recreate-envelope-3'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByText('Agreement recreated: the student must sign the new one');
    expect(calls(request, 'POST', '/envelopes/3/recreate')).toHaveLength(1);
    await waitFor(() => expect(calls(request, 'GET', '/applications/5/envelopes').length).toBeGreaterThan(1));
    fireEvent.click(within(row).getByTestId('download-envelope-3'));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(calls(request, 'GET', '/envelopes/3/pdf')[0]).toEqual({ path: '/envelopes/3/pdf', raw: true });
  });

  test('Agreements: a stale envelope says the terms changed and Prepare agreement is offered', async () => {
    renderConsole('/enrollments/5', { handler: (req) => (req.path === '/applications/5/envelopes' ? [envelope(3, { stale: true })] : undefined) });
    const tab = await openTab(await drawer(), 'agreements');
    expect(await within(tab).findByTestId('stale-3')).toHaveProperty('textContent', 'Terms changed');
    expect(within(tab).getByTestId('prepare-envelope')).not.toBeNull();
  });

  test('Call attempts: + and − PATCH the count', async () => {
    const request = renderConsole('/enrollments/5');
    const tab = await openTab(await drawer(), 'call_attempts');
    expect(within(tab).getByTestId('call-attempts-count').textContent).toBe('2');
    fireEvent.click(await within(tab).findByTestId('call-attempts-increase'));
    await waitFor(() => expect(within(tab).getByTestId('call-attempts-count').textContent).toBe('3'));
    expect(calls(request, 'PATCH', '/applications/5/call_attempts/3')).toHaveLength(1);
    fireEvent.click(within(tab).getByTestId('call-attempts-decrease'));
    await waitFor(() => expect(calls(request, 'PATCH', '/applications/5/call_attempts/2')).toHaveLength(1));
    await waitFor(() => expect(within(tab).getByTestId('call-attempts-count').textContent).toBe('2'));
  });

  test('CRM: notifications newest first; Retry only on a failed one', async () => {
    const request = renderConsole('/enrollments/5');
    const tab = await openTab(await drawer(), 'crm');
    await within(tab).findByTestId('crm-2');
    expect(calls(request, 'GET', '/applications/5/salesforce_notifications')[0].query).toEqual({ size: 10, page: 0, sortBy: 'id', descending: true });
    expect(within(tab).getByText('Salesforce answered 503')).not.toBeNull();
    expect(within(tab).queryByTestId('retry-crm-1')).toBeNull();
    fireEvent.click(within(tab).getByTestId('retry-crm-2'));
    await screen.findByText('Sent to the CRM');
    expect(calls(request, 'POST', '/applications/5/salesforce_notifications/2')).toHaveLength(1);
  });

  test('Vouchers: apply a promo code; an invalid one shows under the code', async () => {
    const request = renderConsole('/enrollments/5', {
      handler: (req) => {
        if (req.path === '/applications/5/promo_code' && (req.body as { code: string }).code === 'NOPE') throw refusal('INVALID_PROMO_CODE', 'Invalid promo code');
        return undefined;
      },
    });
    const tab = await openTab(await drawer(), 'vouchers');
    expect(within(tab).getByTestId('current-voucher').textContent).toBe('SPRING');
    expect(await within(tab).findByTestId('application-voucher-12')).not.toBeNull();
    expect(calls(request, 'POST', '/application_vouchers/find_by_criteria')[0].body).toEqual({ applicationId: 5 });
    const input = within(tab).getByTestId('promo-code-input');
    fireEvent.change(input, { target: { value: 'nope' } });
    fireEvent.click(within(tab).getByTestId('apply-promo-code'));
    expect(await within(tab).findByText('Invalid promo code')).not.toBeNull();
    fireEvent.change(input, { target: { value: 'spring' } });
    fireEvent.click(within(tab).getByTestId('apply-promo-code'));
    await screen.findByText('Promo code applied');
    expect(calls(request, 'POST', '/applications/5/promo_code').map((r) => r.body)).toEqual([{ code: 'NOPE' }, { code: 'SPRING' }]);
  });
});
