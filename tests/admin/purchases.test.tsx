import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Resource } from 'react-admin';
import type { HttpRequest } from '../../admin/src/providers/http';
import { canAccess } from '../../admin/src/providers/canAccess';
import extraProductPurchases from '../../admin/src/resources/extra-product-purchases';
import cmpTransactions from '../../admin/src/resources/cmp-transactions';
import cmpSessions from '../../admin/src/resources/cmp-sessions';
import { isRefundable, type PurchaseRecord } from '../../admin/src/resources/extra-product-purchases/purchaseRecord';
import { callsOf as calls, renderAdmin } from '../support/console-harness';

jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

const at = '2026-03-02T15:00:00.000Z';
const ana = { id: 42, firstName: 'Ana', lastName: 'López', fullName: 'Ana López', email: 'ana@example.com' };
const purchase = (id: number, overrides: Partial<PurchaseRecord> = {}): PurchaseRecord => ({
  id,
  studentId: 42,
  enrollmentId: 5,
  applicationId: 4,
  programId: 3,
  extraProductId: 9,
  productName: 'Official transcript',
  productType: 'TRANSCRIPT',
  quantity: 2,
  unitPrice: 25,
  amount: 50,
  taxState: 'NJ',
  taxRate: 6.625,
  taxAmount: 3.31,
  total: 53.31,
  refundedAmount: 0,
  status: 'PAID',
  failureMessage: null,
  cardBrand: 'visa',
  cardLast4: '4242',
  refundId: null,
  purchasedAt: at,
  processedAt: at,
  student: ana,
  program: { id: 3, name: 'Health Coach Training' },
  updatedBy: null,
  createdAt: at,
  updatedAt: at,
  ...overrides,
});
const page = (content: unknown[]) => ({ content, pagination: { total: content.length, page: 0, size: 10 } });

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('rules', () => {
  test('a paid purchase with something left may be refunded; payments:refund is the permission; the coach lists are coaches:read', () => {
    expect(isRefundable(purchase(1))).toBe(true);
    expect(isRefundable(purchase(1, { refundedAmount: 53.31 }))).toBe(false);
    expect(isRefundable(purchase(1, { status: 'FAILED' }))).toBe(false);
    expect(canAccess(['payments:read'], { resource: 'extra-product-purchases', action: 'list' })).toBe(true);
    expect(canAccess(['payments:read'], { resource: 'extra-product-purchases', action: 'refund' })).toBe(false);
    expect(canAccess(['payments:refund'], { resource: 'extra-product-purchases', action: 'refund' })).toBe(true);
    expect(canAccess(['coaches:read'], { resource: 'cmp-sessions', action: 'list' })).toBe(true);
    expect(canAccess(['coaches:read'], { resource: 'cmp-sessions', action: 'session' })).toBe(false);
    expect(canAccess(['payments:read'], { resource: 'cmp-transactions', action: 'list' })).toBe(false);
  });
});

describe('/extra-product-purchases', () => {
  function renderList(permissions = ['*'], locale?: 'en' | 'es') {
    const rows = [purchase(7), purchase(8, { productName: 'Certificate copy', status: 'FAILED', failureMessage: 'Your card was declined', cardLast4: '0002' })];
    const request = jest.fn(async (req: HttpRequest) => {
      const method = req.method ?? 'GET';
      if (req.path === '/purchases' && method === 'GET') return page(rows);
      if (req.path === '/purchases/find_by_criteria') return page(rows.slice(0, 1));
      if (req.path === '/purchases/7/refund') return { ...rows[0], refundId: 90 };
      if (req.path === '/file_export') return page([]);
      if (req.path === '/users/10/view_histories') return { id: 1 };
      throw new Error(`unexpected call ${method} ${req.path}`);
    });
    renderAdmin({ path: '/extra-product-purchases', request, permissions, locale, children: <Resource name="extra-product-purchases" {...extraProductPurchases} /> });
    return request;
  }

  test('the list shows each purchase with its tax, total and status; Refund on a paid one asks the refund queue after a confirmation', async () => {
    const request = renderList();
    const row = (await screen.findByTestId('purchase-refund-7', {}, { timeout: 5000 })).closest('tr')!;
    expect(within(row).getByText('$53.31')).toBeTruthy();
    expect(within(row).getByText('$3.31')).toBeTruthy();
    expect(within(row).getByText('Paid')).toBeTruthy();
    expect(screen.getByText('Declined')).toBeTruthy();
    expect(screen.queryByTestId('purchase-refund-8')).toBeNull();
    fireEvent.click(await screen.findByTestId('purchase-refund-7'));
    expect(await screen.findByText('A refund of $53.31 goes to the refund queue, where it is approved and sent back to the card.')).toBeTruthy();
    fireEvent.click(screen.getByText('Confirm'));
    await waitFor(() => expect(calls(request, 'POST', '/purchases/7/refund')).toHaveLength(1));
    expect(await screen.findByText('Refund requested: it waits in the refund queue')).toBeTruthy();
  });

  test('without payments:refund there is no Refund button; in Spanish the labels are Spanish', async () => {
    renderList(['payments:read'], 'es');
    expect(await screen.findByText('Pagada', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Rechazada')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByTestId('purchase-refund-7')).toBeNull();
  });
});

describe('/cmp-sessions and /cmp-transactions', () => {
  test('the sessions list shows sessions held of bought; recording one calls POST …/sessions', async () => {
    const signUp = {
      id: 3,
      coachProductId: 2,
      coachId: 1,
      coach: { id: 1, name: 'Cora Coach' },
      customerId: 42,
      customer: ana,
      productName: 'Breakthrough package',
      productType: 'SESSION_PACKAGE',
      sessionsTotal: 3,
      sessionsUsed: 1,
      sessionsLeft: 2,
      status: 'ACTIVE',
      lastSessionAt: at,
      notes: null,
      updatedBy: null,
      createdAt: at,
      updatedAt: at,
    };
    const request = jest.fn(async (req: HttpRequest) => {
      if (req.path === '/coach_product_sign_up' && (req.method ?? 'GET') === 'GET') return page([signUp]);
      if (req.path === '/coach_product_sign_up/3/sessions') return { ...signUp, sessionsUsed: 2, sessionsLeft: 1 };
      if (req.path === '/users/10/view_histories') return { id: 1 };
      throw new Error(`unexpected call ${req.method} ${req.path}`);
    });
    renderAdmin({ path: '/cmp-sessions', request, permissions: ['*'], children: <Resource name="cmp-sessions" {...cmpSessions} /> });
    expect(await screen.findByText('Breakthrough package', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('1 / 3')).toBeTruthy();
    expect(screen.getByText('Session package')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('cmp-session-3'));
    expect(await screen.findByText('Session 2 of 3 of Breakthrough package with Ana López.')).toBeTruthy();
    fireEvent.click(screen.getByText('Confirm'));
    await waitFor(() => expect(calls(request, 'POST', '/coach_product_sign_up/3/sessions')).toHaveLength(1));
  });

  test('the transactions list shows each charge with its coach, customer and status', async () => {
    const row = {
      id: 11,
      signUpId: 3,
      coachProductId: 2,
      coachId: 1,
      coach: { id: 1, name: 'Cora Coach' },
      customerId: 42,
      customer: ana,
      productName: 'Breakthrough package',
      productType: 'SESSION_PACKAGE',
      amount: 150,
      status: 'PAID',
      failureMessage: null,
      cardBrand: 'visa',
      cardLast4: '4242',
      purchasedAt: at,
      processedAt: at,
      updatedBy: null,
      createdAt: at,
      updatedAt: at,
    };
    const request = jest.fn(async (req: HttpRequest) => {
      if (req.path === '/coach_product_purchases') return page([row]);
      if (req.path === '/users/10/view_histories') return { id: 1 };
      throw new Error(`unexpected call ${req.method} ${req.path}`);
    });
    renderAdmin({ path: '/cmp-transactions', request, permissions: ['*'], children: <Resource name="cmp-transactions" {...cmpTransactions} /> });
    const tr = (await screen.findByText('Cora Coach', {}, { timeout: 5000 })).closest('tr')!;
    expect(within(tr).getByText('Ana López')).toBeTruthy();
    expect(within(tr).getByText('$150.00')).toBeTruthy();
    expect(within(tr).getByText('Paid')).toBeTruthy();
  });
});
