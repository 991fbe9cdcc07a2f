import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Resource } from 'react-admin';
import { formatDateTime } from '../../admin/src/common/dates';
import type { HttpRequest } from '../../admin/src/providers/http';
import domainEvents from '../../admin/src/resources/domain-events';
import { domainEvents as texts } from '../../admin/src/resources/domain-events/i18n';
import { callsOf as calls, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

const failed = {
  id: 21,
  eventId: 'e-1',
  type: 'PlanIssued',
  handler: 'payments.chargeEnrollmentDeposit',
  status: 'FAILED',
  attempts: 5,
  nextAttemptAt: '2026-03-02T16:00:00.000Z',
  lastError: 'The deposit of plan 7 could not be charged nor recorded: connection lost',
  claimedBy: null,
  claimedUntil: null,
  doneAt: null,
  payload: { type: 'PlanIssued', planId: 7 },
  createdAt: '2026-03-02T15:00:00.000Z',
  updatedAt: '2026-03-02T15:30:00.000Z',
};
const done = {
  ...failed,
  id: 20,
  eventId: 'e-0',
  type: 'ApplicationStatusChanged',
  handler: 'applications.notifyCrm',
  status: 'DONE',
  attempts: 1,
  lastError: null,
  doneAt: '2026-03-02T14:00:00.000Z',
  createdAt: '2026-03-02T14:00:00.000Z',
};
const page = (content: unknown[]) => ({ content, pagination: { total: content.length, page: 0, size: 10 } });

function renderConsole(
  path: string,
  {
    permissions = ['*'],
    locale = 'en',
    retryAnswer = { ...failed, status: 'DONE', attempts: 1, lastError: null },
  }: { permissions?: string[]; locale?: 'en' | 'es'; retryAnswer?: object } = {},
) {
  let retried = false;
  const request = jest.fn(async (req: HttpRequest) => {
    if (req.path === '/domain_events') {
      if (req.query?.status === 'FAILED') return page(retried ? [] : [failed]);
      return page(retried ? [{ ...failed, ...retryAnswer }, done] : [failed, done]);
    }
    if (req.path === '/domain_events/21/retry' && req.method === 'POST') {
      retried = true;
      return retryAnswer;
    }
    if (/^\/users\/\d+\/view_histories$/.test(req.path)) return { id: 1 };
    if (req.path === '/students') return page([]);
    throw new Error(`unexpected call ${req.method ?? 'GET'} ${req.path}`);
  });
  renderAdmin({
    path,
    request,
    permissions,
    locale,
    children: [<Resource key="domain-events" name="domain-events" {...domainEvents} />, <Resource key="students" name="students" list={() => <div>students</div>} />],
  });
  return request;
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('/domain-events', () => {
  test('lists deliveries newest first: time, event and handler by their labels, status chip, attempts, last error', async () => {
    const request = renderConsole('/domain-events');
    const row = (await screen.findByText('Charge the enrollment deposit')).closest('tr') as HTMLElement;
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells.slice(0, 8)).toEqual(['21', formatDateTime(failed.createdAt), 'Payment plan issued', 'Charge the enrollment deposit', 'Failed', '5', '', failed.lastError]);
    const other = screen.getByText('Notify the CRM').closest('tr') as HTMLElement;
    expect(other.textContent).toContain('Application status changed');
    expect(other.textContent).toContain('Done');
    expect(screen.queryByTestId('retry-domain-event-20')).toBeNull();
    expect(calls(request, 'GET', '/domain_events')[0].query).toMatchObject({ size: 10, page: 0, sortBy: 'id', descending: true });
  });

  test('the status filter asks the list with status=FAILED', async () => {
    const request = renderConsole('/domain-events');
    await screen.findByText('Charge the enrollment deposit');
    fireEvent.mouseDown(screen.getAllByRole('combobox')[0]);
    fireEvent.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(calls(request, 'GET', '/domain_events').at(-1)?.query).toMatchObject({ status: 'FAILED' }));
  });

  test('Send again on a FAILED row posts the retry and reloads: the row is Done', async () => {
    const request = renderConsole('/domain-events');
    fireEvent.click(await screen.findByTestId('retry-domain-event-21'));
    await waitFor(() => expect(calls(request, 'POST', '/domain_events/21/retry')).toHaveLength(1));
    expect(await screen.findByText('Sent again: done.')).not.toBeNull();
    await waitFor(() => expect(screen.getByTestId('domain-event-status-21').textContent).toBe('Done'));
  });

  test('without domain_events:retry there is no Send again; without domain_events:read no menu entry', async () => {
    renderConsole('/domain-events', { permissions: ['domain_events:read', 'students:read'] });
    await screen.findByText('Charge the enrollment deposit');
    expect(screen.queryByTestId('retry-domain-event-21')).toBeNull();
    expect(await screen.findByRole('menuitem', { name: /Domain events/ })).not.toBeNull();
  });

  test('a role without domain_events:read sees no Domain events in the menu', async () => {
    renderConsole('/students', { permissions: ['students:read'] });
    await screen.findByRole('menuitem', { name: /Students/ });
    expect(screen.queryByRole('menuitem', { name: /Domain events/ })).toBeNull();
  });

  test('reads in Spanish', async () => {
    renderConsole('/domain-events', { locale: 'es' });
    const row = (await screen.findByText('Cobrar el depósito de inscripción')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('Plan de pago emitido');
    expect(row.textContent).toContain('Fallido');
    expect((await screen.findByTestId('retry-domain-event-21')).textContent).toContain('Volver a enviar');
    expect(screen.getByText('Último error')).not.toBeNull();
  });

  test('every English text has its Spanish one', () => {
    const keys = (o: object, prefix = ''): string[] => Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
    expect(keys(texts.es).sort()).toEqual(keys(texts.en).sort());
  });
});
