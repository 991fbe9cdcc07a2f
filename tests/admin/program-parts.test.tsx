import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Resource } from 'react-admin';
import { describeCriteria } from '../../admin/src/common/FilterChips';
import { HttpError, type HttpRequest } from '../../admin/src/providers/http';
import programs from '../../admin/src/resources/programs';
import { programParts } from '../../admin/src/resources/programs/parts/i18n';
import {
  extraProductFilterDescriptors,
  linesTotal,
  nextDisplayOrder,
  notAboveTotal,
  notBefore,
  parseQuizIds,
  percentScore,
  priceWhenFixed,
  toExtraProductPayload,
  toModuleFormValues,
  toModulePayload,
  toProgramPlanPayload,
  toRequirementPayload,
  wholeNumber,
  type ExtraProductRecord,
  type GraduationRequirementRecord,
  type ProgramModuleRecord,
  type ProgramPlanRecord,
} from '../../admin/src/resources/programs/parts/partsRecord';
import { callsOf as calls, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

// ====================================================================== pure helpers

describe('payloads: exactly what the strict bodies accept', () => {
  test('a graduation requirement: texts trimmed, numbers read, categories and quiz ids only for their kind', () => {
    const quiz = toRequirementPayload({
      id: 3,
      programId: 1,
      name: '  Quizzes ',
      type: 'QUIZ',
      total: '10' as unknown as number,
      minRequiredToPass: 8,
      minScore: 70.5,
      displayOrder: 2,
      requirement: ' ',
      quizCategoryId: 4,
      assignmentCategoryId: 6,
      quizIds: 'Q-1, Q-2\nQ-1\n\n',
      updatedBy: null,
      updatedAt: '2026-01-01T00:00:00Z',
    });
    expect(quiz).toEqual({
      name: 'Quizzes',
      total: 10,
      type: 'QUIZ',
      requirement: null,
      minRequiredToComplete: null,
      minRequiredToPass: 8,
      minScore: 70.5,
      displayOrder: 2,
      quizCategoryId: 4,
      assignmentCategoryId: null,
      quizIds: ['Q-1', 'Q-2'],
    });
    const assignment = toRequirementPayload({ name: 'Essays', type: 'ASSIGNMENT', displayOrder: 1, quizCategoryId: 4, assignmentCategoryId: 6, quizIds: ['Q-1'] });
    expect(assignment).toMatchObject({ quizCategoryId: null, assignmentCategoryId: 6, quizIds: [] });
    expect(Object.keys(assignment).sort()).toEqual([
      'assignmentCategoryId',
      'displayOrder',
      'minRequiredToComplete',
      'minRequiredToPass',
      'minScore',
      'name',
      'quizCategoryId',
      'quizIds',
      'requirement',
      'total',
      'type',
    ]);
  });

  test('quiz ids: the stored list or typed text, cleaned; the next display order follows the highest', () => {
    expect(parseQuizIds(['a', ' b ', 'a', ''])).toEqual(['a', 'b']);
    expect(parseQuizIds('x,y\n z ')).toEqual(['x', 'y', 'z']);
    expect(parseQuizIds(undefined)).toEqual([]);
    expect(nextDisplayOrder([])).toBe(1);
    expect(nextDisplayOrder([{ displayOrder: 3 }, { displayOrder: 7 }, { displayOrder: 2 }])).toBe(8);
  });

  test('a program plan: PAY_IN_FULL forced to FIXED_TERMS over 1 term, read-only parts left behind, lines without an accounting line dropped', () => {
    const plan = {
      id: 8,
      programId: 1,
      name: ' Full ',
      isDefault: true,
      shortDescription: '',
      longDescription: 'Long',
      paymentPlanType: 'PAY_IN_FULL',
      paymentScheduleType: 'FIXED_PRINCIPAL_AMOUNT',
      installmentAmount: 10,
      depositAmount: 100,
      interestRate: null,
      annualPercentageRate: null,
      tuitionPrice: 6000,
      totalTerm: 12,
      amortizeTerm: 0,
      principalAmount: 50,
      salesforcePaymentPlanId: ' SF1 ',
      updatedBy: null,
      updatedAt: '2026-01-01T00:00:00Z',
      accountingLines: [
        { id: 1, accountingLineId: 4, amount: 150, description: 'Registration fee', type: 'CHARGE', category: 'FEE' },
        { accountingLineId: undefined as unknown as number, amount: 5 },
        { accountingLineId: 6, amount: '25.5' as unknown as number },
      ],
    } as ProgramPlanRecord;
    expect(toProgramPlanPayload(plan)).toEqual({
      name: 'Full',
      isDefault: true,
      shortDescription: null,
      longDescription: 'Long',
      paymentPlanType: 'PAY_IN_FULL',
      paymentScheduleType: 'FIXED_TERMS',
      installmentAmount: null,
      depositAmount: 100,
      interestRate: null,
      annualPercentageRate: null,
      tuitionPrice: 6000,
      totalTerm: 1,
      amortizeTerm: 0,
      principalAmount: null,
      salesforcePaymentPlanId: 'SF1',
      accountingLines: [
        { accountingLineId: 4, amount: 150 },
        { accountingLineId: 6, amount: 25.5 },
      ],
    });
    const interest = toProgramPlanPayload({
      name: 'Monthly',
      paymentPlanType: 'INTEREST_BEARING',
      paymentScheduleType: 'FIXED_INSTALLMENT_AMOUNT',
      installmentAmount: 250,
      totalTerm: 24,
    });
    expect(interest).toMatchObject({
      paymentPlanType: 'INTEREST_BEARING',
      paymentScheduleType: 'FIXED_INSTALLMENT_AMOUNT',
      installmentAmount: 250,
      totalTerm: 24,
      isDefault: false,
      accountingLines: [],
    });
  });

  test('lines add up as charges minus credits, in cents', () => {
    expect(
      linesTotal([
        { amount: 0.1, type: 'CHARGE' },
        { amount: 0.2, type: 'CHARGE' },
        { amount: 0.05, type: 'CREDIT' },
      ]),
    ).toBe(0.25);
    expect(linesTotal([{ amount: null, type: 'CHARGE' }])).toBe(0);
    expect(linesTotal(undefined)).toBe(0);
  });

  test('an extra product: no published flag sent, FREE costs 0, flags are booleans', () => {
    const record = {
      id: 2,
      programId: 1,
      name: ' Frame ',
      description: '',
      type: 'OTHER',
      priceType: 'FREE',
      price: 35,
      published: true,
      deleted: false,
    } as unknown as ExtraProductRecord;
    expect(toExtraProductPayload(record)).toEqual({
      name: 'Frame',
      description: null,
      type: 'OTHER',
      priceType: 'FREE',
      price: 0,
      calculateTaxes: false,
      multipleItemPurchase: false,
    });
    expect(toExtraProductPayload({ name: 'T', type: 'TRANSCRIPT', price: 25, calculateTaxes: true })).toMatchObject({ priceType: 'FIXED', price: 25, calculateTaxes: true });
  });

  test("a module: `group` text and module group id; dates as the school's days, an unchanged day sent back as stored", () => {
    const stored = {
      id: 5,
      programId: 1,
      title: 'Week 1',
      group: null,
      moduleGroupId: 3,
      moduleGroup: { id: 3, name: 'Foundations' },
      locked: true,
      openDate: '2030-01-10T14:00:00.000Z',
      closeDate: '2030-02-11T03:00:00.000Z',
      startDateTime: null,
      endDateTime: '2030-02-15T14:00:00.000Z',
      displayOrder: 4,
      duration: 90,
      d2lModuleId: null,
      image: null,
      consumeTrackingEnabled: false,
      communicationTemplateId: null,
      updatedBy: null,
    } as ProgramModuleRecord;
    // 03:00 UTC on Feb 11 is still Feb 10 in New York.
    const form = toModuleFormValues(stored);
    expect([form.openDate, form.closeDate, form.startDateTime, form.endDateTime]).toEqual(['2030-01-10', '2030-02-10', null, '2030-02-15']);
    const edited = { ...form, title: ' Week 1b ', group: ' ', moduleGroupId: '3' as unknown as number, closeDate: '2030-02-20', startDateTime: '2030-01-09', endDateTime: '' };
    expect(toModulePayload(edited, stored)).toEqual({
      title: 'Week 1b',
      d2lModuleId: null,
      group: null,
      moduleGroupId: 3,
      locked: true,
      duration: 90,
      startDateTime: '2030-01-09',
      openDate: '2030-01-10T14:00:00.000Z',
      closeDate: '2030-02-20',
      endDateTime: null,
      image: null,
      consumeTrackingEnabled: false,
      communicationTemplateId: null,
      displayOrder: 4,
    });
    expect(toModulePayload({ title: 'New' })).toMatchObject({ openDate: null, displayOrder: 0, locked: false });
  });
});

describe('form checks (the server checks the same)', () => {
  test('whole numbers, minimums within the total, percent scores, prices, date order', () => {
    expect(wholeNumber(3)).toBeUndefined();
    expect(wholeNumber('')).toBeUndefined();
    expect(wholeNumber(1.5)).toBe('Invalid value');
    expect(wholeNumber(-1)).toBe('Invalid value');
    expect(notAboveTotal(6, { total: 5 } as GraduationRequirementRecord)).toBe('Invalid value');
    expect(notAboveTotal(5, { total: 5 } as GraduationRequirementRecord)).toBeUndefined();
    expect(notAboveTotal(9, {} as GraduationRequirementRecord)).toBeUndefined();
    expect(percentScore(70.25)).toBeUndefined();
    expect(percentScore(100.5)).toBe('Invalid value');
    expect(percentScore(70.255)).toBe('Invalid value');
    expect(priceWhenFixed(null, { priceType: 'FIXED' } as ExtraProductRecord)).toBe('This field is required');
    expect(priceWhenFixed(null, { priceType: 'FREE' } as ExtraProductRecord)).toBeUndefined();
    const closeAfterOpen = notBefore('openDate');
    expect(closeAfterOpen('2030-01-01', { openDate: '2030-02-01' } as ProgramModuleRecord)).toBe('The end cannot be before the start');
    expect(closeAfterOpen('2030-02-01', { openDate: '2030-02-01' } as ProgramModuleRecord)).toBeUndefined();
    expect(closeAfterOpen('2030-03-01', {} as ProgramModuleRecord)).toBeUndefined();
  });
});

describe('extra products filter chips', () => {
  const translate = (key: string, options?: { _?: string }) => {
    const texts: Record<string, string> = {
      'app.yes': 'Yes',
      'app.no': 'No',
      'enums.ExtraProductType.TRANSCRIPT': 'Transcript',
      ...Object.fromEntries(Object.entries(programParts.en.extra_products.filters).map(([k, v]) => [`resources.program-parts.extra_products.filters.${k}`, v])),
    };
    return texts[key] ?? options?._ ?? key;
  };
  test("read 'Archived: Yes', 'Published: No', 'Type: Transcript'; the keyword is not a chip", () => {
    const chips = describeCriteria({ q: 'cert', deleted: true, published: false, type: 'TRANSCRIPT' }, extraProductFilterDescriptors(), translate as never);
    expect(chips.map((c) => `${c.label}: ${c.value}`)).toEqual(['Archived: Yes', 'Published: No', 'Type: Transcript']);
  });
});

describe('texts', () => {
  test('English and Spanish have the same keys', () => {
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
    expect(keys(programParts.es).sort()).toEqual(keys(programParts.en).sort());
  });
});

// ====================================================================== screens

const updatedAt = '2026-03-02T15:00:00.000Z';
const program = {
  id: 1,
  name: 'Health Coach Training Program',
  image: null,
  description: null,
  preRequisites: null,
  courseAccessDuration: null,
  graduationLimitDays: null,
  cost: 6000,
  businessCategoryId: 3,
  businessCategory: { id: 3, name: 'HCTP' },
  welcomeEmailTemplate: null,
  language: 'EN',
  enrollmentAgreement: { url: null, publicationDate: null, lastRevisionDate: null },
  registrationFee: null,
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
  d2lOrgUnitId: null,
  accredibleGroupId: null,
  clockHours: null,
  weeks: null,
  showOhioVideo: false,
  reservedSeat: false,
  languages: ['EN'],
  deleted: false,
  updatedBy: null,
  updatedAt,
};
const moduleRow = (id: number, overrides: Partial<ProgramModuleRecord> = {}): ProgramModuleRecord => ({
  id,
  programId: 1,
  title: `Week ${id}`,
  d2lModuleId: null,
  group: `Week ${id}`,
  moduleGroupId: 1,
  moduleGroup: { id: 1, name: 'Foundations' },
  locked: false,
  duration: 90,
  startDateTime: null,
  openDate: null,
  closeDate: null,
  endDateTime: null,
  image: null,
  consumeTrackingEnabled: false,
  communicationTemplateId: null,
  displayOrder: id,
  updatedBy: null,
  createdAt: updatedAt,
  updatedAt,
  ...overrides,
});
const requirement = (id: number, overrides: Partial<GraduationRequirementRecord> = {}): GraduationRequirementRecord => ({
  id,
  programId: 1,
  name: `Requirement ${id}`,
  total: 10,
  type: 'QUIZ',
  requirement: null,
  minRequiredToComplete: null,
  minRequiredToPass: 8,
  minScore: 70,
  displayOrder: id,
  quizCategoryId: null,
  assignmentCategoryId: null,
  quizIds: [],
  updatedBy: null,
  createdAt: updatedAt,
  updatedAt,
  ...overrides,
});
const extra = (id: number, overrides: Partial<ExtraProductRecord> = {}): ExtraProductRecord => ({
  id,
  programId: 1,
  name: `Extra ${id}`,
  description: null,
  type: 'TRANSCRIPT',
  priceType: 'FIXED',
  price: 25,
  calculateTaxes: false,
  multipleItemPurchase: false,
  published: false,
  deleted: false,
  updatedBy: null,
  createdAt: updatedAt,
  updatedAt,
  ...overrides,
});
const page = (content: unknown[], total = content.length, size = 100) => ({ content, pagination: { total, page: 0, size } });

type Handler = (req: HttpRequest) => unknown;

/** The console with the programs resource, the real providers over a fake http client. */
function renderConsole(path: string, { handler, permissions = ['*'], locale = 'en' }: { handler?: Handler; permissions?: string[]; locale?: 'en' | 'es' } = {}) {
  const request = jest.fn(async (req: HttpRequest) => {
    const answer = handler ? await handler(req) : undefined;
    if (answer !== undefined) return answer;
    const method = req.method ?? 'GET';
    if (req.path === '/programs/1' && method === 'GET') return program;
    if (req.path === '/programs/1/program_modules' && method === 'GET') return page([moduleRow(1), moduleRow(2, { locked: true })], 2, 20);
    if (req.path === '/programs/1/graduation_requirements' && method === 'GET') return page([requirement(1), requirement(2)]);
    if (req.path === '/programs/1/extra_products' && method === 'GET') {
      return req.query?.deleted === true
        ? page([extra(9, { name: 'Old workbook', deleted: true })])
        : page([extra(1), extra(2, { name: 'Framed diploma', type: 'CERTIFICATE', published: true })]);
    }
    if (req.path === '/module_groups' && method === 'GET') return page([{ id: 1, name: 'Foundations' }]);
    if (req.path === '/business_categories' && method === 'GET') return page([{ id: 3, name: 'HCTP', description: null, d2LUserType: null, updatedBy: null, updatedAt }]);
    if (method === 'GET') return page([]);
    if (/\/view_histories$/.test(req.path)) return {};
    throw new Error(`unexpected call ${method} ${req.path}`);
  });
  renderAdmin({ path: path, request, permissions, locale: locale, children: <Resource name="programs" {...programs} /> });
  return request;
}

const topDrawer = async (count: number) => {
  await waitFor(() => expect(screen.getAllByTestId('record-drawer').length).toBe(count));
  const all = screen.getAllByTestId('record-drawer');
  return all[all.length - 1];
};

/** The program screens and the tabs load lazily (their own chunks): the first render takes a while in jsdom. */
const SLOW = { timeout: 8000 };

beforeEach(() => {
  // react-admin's data provider wrapper logs every rejected call; the refusals here are expected.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('/programs/:programId/modules', () => {
  test('opens the program drawer on its modules: 20 a page by display order; a new module is posted with exactly the module fields', async () => {
    const request = renderConsole('/programs/1/modules', {
      handler: (req) => (req.method === 'POST' && req.path === '/programs/1/program_modules' ? moduleRow(3, req.body as Partial<ProgramModuleRecord>) : undefined),
    });
    const panel = await screen.findByTestId('program-modules', undefined, SLOW);
    expect(await within(panel).findByText('Week 2')).not.toBeNull();
    expect(calls(request, 'GET', '/programs/1/program_modules')[0].query).toEqual({ size: 20, page: 0, sortBy: 'displayOrder', descending: false, keyword: undefined });
    expect(within(panel).getByTestId('locked-2')).not.toBeNull();

    fireEvent.click(within(panel).getByTestId('add-module'));
    const drawer = await topDrawer(2);
    fireEvent.change(within(drawer).getByLabelText(/^Title/), { target: { value: '  Capstone ' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(request, 'POST', '/programs/1/program_modules')).toHaveLength(1));
    expect(calls(request, 'POST', '/programs/1/program_modules')[0].body).toEqual({
      title: 'Capstone',
      d2lModuleId: null,
      group: null,
      moduleGroupId: null,
      locked: false,
      duration: null,
      startDateTime: null,
      openDate: null,
      closeDate: null,
      endDateTime: null,
      image: null,
      consumeTrackingEnabled: false,
      communicationTemplateId: null,
      displayOrder: 3,
    });
    expect(await screen.findByText('Module added')).not.toBeNull();
  });

  test('staff without programs:update see the modules read only: no add button, a row opens its details', async () => {
    renderConsole('/programs/1/modules', { permissions: ['programs:read'] });
    const panel = await screen.findByTestId('program-modules', undefined, SLOW);
    fireEvent.click(await within(panel).findByText('Week 1'));
    const drawer = await topDrawer(2);
    expect(within(drawer).getByTestId('module-view')).not.toBeNull();
    expect(within(panel).queryByTestId('add-module')).toBeNull();
  });
});

describe('graduation requirements tab', () => {
  test.each(['en', 'es'] as const)('(%s) proposes the next display order; a taken one is refused with the server message', async (locale) => {
    {
      const request = renderConsole('/programs/1', {
        locale,
        handler: (req) => {
          if (req.method === 'POST' && req.path === '/programs/1/graduation_requirements') {
            throw new HttpError(409, { status: 409, code: 'DISPLAY_ORDER_EXISTS', message: 'Display order already exists' });
          }
          return undefined;
        },
      });
      fireEvent.click(await screen.findByTestId('tab-requirements', undefined, SLOW));
      const panel = await screen.findByTestId('graduation-requirements', undefined, SLOW);
      await within(panel).findByText('Requirement 2');
      fireEvent.click(within(panel).getByTestId('add-requirement'));
      const drawer = await topDrawer(2);
      expect((within(drawer).getByLabelText(locale === 'en' ? /^Display order/ : /^Orden de visualización/) as HTMLInputElement).value).toBe('3');
      fireEvent.change(within(drawer).getByLabelText(locale === 'en' ? /^Name/ : /^Nombre/), { target: { value: 'Essays' } });
      fireEvent.mouseDown(within(drawer).getByRole('combobox', { name: locale === 'en' ? /^Type/ : /^Tipo/ }));
      fireEvent.click(await screen.findByRole('option', { name: locale === 'en' ? 'Assignment' : 'Tarea' }));
      fireEvent.click(within(drawer).getByRole('button', { name: locale === 'en' ? 'Save' : 'Guardar' }));
      expect(await screen.findByText(locale === 'en' ? 'Display order already exists' : 'El orden de visualización ya existe')).not.toBeNull();
      expect(calls(request, 'POST', '/programs/1/graduation_requirements')[0].body).toMatchObject({ name: 'Essays', type: 'ASSIGNMENT', displayOrder: 3, quizIds: [] });
    }
  });
});

describe('extra products tab', () => {
  test("'Show archived' asks the server for the archived ones, with an 'Archived: Yes' chip; the switch publishes through its own call", async () => {
    const request = renderConsole('/programs/1', {
      handler: (req) => (req.method === 'PATCH' ? { ...extra(1), published: true } : undefined),
    });
    fireEvent.click(await screen.findByTestId('tab-extra-products', undefined, SLOW));
    const panel = await screen.findByTestId('extra-products', undefined, SLOW);
    await within(panel).findByText('Framed diploma');
    expect(calls(request, 'GET', '/programs/1/extra_products')[0].query).toMatchObject({ deleted: false });

    fireEvent.click(within(panel).getByRole('switch', { name: 'Publish' }));
    await waitFor(() => expect(calls(request, 'PATCH', '/programs/1/extra_products/1/publish')).toHaveLength(1));
    expect(calls(request, 'PATCH', '/programs/1/extra_products/1/publish')[0].query).toEqual({ publish: true });
    expect(await screen.findByText('"Extra 1" is published')).not.toBeNull();

    fireEvent.click(within(panel).getByLabelText('Show archived'));
    expect(await within(panel).findByText('Old workbook')).not.toBeNull();
    expect(calls(request, 'GET', '/programs/1/extra_products').some((r) => r.query?.deleted === true)).toBe(true);
    expect(within(panel).getByTestId('filter-chip-deleted').textContent).toBe('Archived: Yes');
    expect(within(panel).queryByText('Framed diploma')).toBeNull();
  });
});
