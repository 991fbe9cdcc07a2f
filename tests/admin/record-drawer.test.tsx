import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Resource } from 'react-admin';
import { HttpError, type HttpRequest } from '../../admin/src/providers/http';
import { retryQuery } from '../../admin/src/providers/queryClient';
import businessCategories from '../../admin/src/resources/business-categories';
import students from '../../admin/src/resources/students';
import voucherRefunds from '../../admin/src/resources/voucher-refunds';
import { callsOf, currentLocation, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

/**
 * A record route whose record does not exist (or cannot be loaded) says so in the drawer and offers the
 * way back to the list, for every resource: the frame handles it once (common/RecordDrawer.tsx).
 */

const page = (content: unknown[]) => ({ content, pagination: { total: content.length, page: 0, size: 10 } });
const notFound = (message: string) => new HttpError(404, { status: 404, code: 'NOT_FOUND', message });

/** Every list answers empty; every record answers `recordError` (404 unless told). */
function renderConsole(path: string, { locale = 'en', recordError = notFound('Student not found') }: { locale?: 'en' | 'es'; recordError?: HttpError } = {}) {
  const request = jest.fn(async (req: HttpRequest) => {
    const method = req.method ?? 'GET';
    if (req.path === '/public/lookups' || req.path === '/search_filters') return page([]);
    if (/^\/[a-z_]+(\/find_by_criteria)?$/.test(req.path)) return page([]);
    if (/^\/[a-z_]+\/[^/]+$/.test(req.path) && method === 'GET') throw recordError;
    throw new Error(`unexpected call ${method} ${req.path}`);
  });
  renderAdmin({
    path,
    request,
    permissions: ['*'],
    locale,
    children: [
      <Resource key="students" name="students" {...students} />,
      <Resource key="voucher-refunds" name="voucher-refunds" {...voucherRefunds} />,
      <Resource key="business-categories" name="business-categories" {...businessCategories} />,
    ],
  });
  return request;
}

beforeEach(() => {
  // react-admin logs every rejected data-provider call; these rejections are the point of the tests.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('a drawer opened on a record that does not exist', () => {
  test('/students/99999 says the record was not found, offers no direct link, and "Back to the list" closes it', async () => {
    const request = renderConsole('/students/99999?filter=%7B%22active%22%3Atrue%7D');
    const panel = await screen.findByTestId('record-unavailable');
    expect(within(panel).getByRole('heading').textContent).toBe('Record not found');
    expect(panel.textContent).toContain('There is no record with the id 99999');
    expect(within(screen.getByTestId('record-drawer')).queryByTestId('copy-direct-link')).toBeNull();
    // One request for the record, shared by the frame and the screen inside it.
    expect(callsOf(request, 'GET', '/students/99999')).toHaveLength(1);

    fireEvent.click(within(panel).getByRole('button', { name: 'Back to the list' }));
    await waitFor(() => expect(currentLocation()).toBe('/students?filter=%7B%22active%22%3Atrue%7D'));
    await waitFor(() => expect(screen.queryByTestId('record-unavailable')).toBeNull());
  });

  test('/voucher-refunds/1 gets the same answer, in Spanish too', async () => {
    renderConsole('/voucher-refunds/1', { locale: 'es', recordError: notFound('Application voucher not found') });
    const panel = await screen.findByTestId('record-unavailable');
    expect(within(panel).getByRole('heading').textContent).toBe('Registro no encontrado');
    expect(panel.textContent).toContain('No existe ningún registro con el id 1');
    fireEvent.click(within(panel).getByRole('button', { name: 'Volver a la lista' }));
    await waitFor(() => expect(currentLocation()).toBe('/voucher-refunds'));
  });

  test('drawers with routed tabs get it as well (/business-categories/77/payment-plans)', async () => {
    renderConsole('/business-categories/77/payment-plans', { recordError: notFound('Business category not found') });
    const panel = await screen.findByTestId('record-unavailable');
    expect(within(panel).getByRole('heading').textContent).toBe('Record not found');
    fireEvent.click(within(panel).getByRole('button', { name: 'Back to the list' }));
    await waitFor(() => expect(currentLocation()).toBe('/business-categories'));
  });

  test('a record that cannot be loaded for another reason shows the server message and the way back', async () => {
    renderConsole('/students/5', { locale: 'es', recordError: new HttpError(403, { status: 403, code: 'FORBIDDEN', message: 'You do not have permission to do this' }) });
    const panel = await screen.findByTestId('record-unavailable');
    expect(within(panel).getByRole('heading').textContent).toBe('No se pudo cargar este registro');
    expect(panel.textContent).toContain('No tiene permiso para realizar esta acción');
    expect(within(panel).getByRole('button', { name: 'Volver a la lista' })).toBeInstanceOf(HTMLElement);
  });
});

test('a 401 claims nothing about the record: the drawer waits while the visitor is sent to sign in', async () => {
  renderConsole('/students/7', { recordError: new HttpError(401, { status: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' }) });
  const drawer = await screen.findByTestId('record-drawer');
  await waitFor(() => expect(within(drawer).getByRole('progressbar')).toBeInstanceOf(HTMLElement));
  expect(within(drawer).queryByTestId('record-unavailable')).toBeNull();
  expect(drawer.textContent).not.toMatch(/not found|could not be loaded|Unauthorized/);
});

describe("the console's query retries", () => {
  test('an answer the server gave on purpose (4xx) is not asked again; network failures and 5xx are, three times', () => {
    for (const status of [400, 401, 403, 404, 409]) {
      expect(retryQuery(0, new HttpError(status, { status, message: 'x' }))).toBe(false);
    }
    expect(retryQuery(0, new HttpError(500, { status: 500, message: 'x' }))).toBe(true);
    expect(retryQuery(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retryQuery(2, new TypeError('Failed to fetch'))).toBe(true);
    expect(retryQuery(3, new TypeError('Failed to fetch'))).toBe(false);
  });
});
