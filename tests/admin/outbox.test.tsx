import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Resource } from 'react-admin';
import { formatDateTime } from '../../admin/src/common/dates';
import type { HttpRequest } from '../../admin/src/providers/http';
import outbox from '../../admin/src/resources/outbox';
import { outbox as texts } from '../../admin/src/resources/outbox/i18n';
import { callsOf as calls, currentLocation, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

const reset = {
  id: 12,
  toAddress: 'ana@example.com',
  subject: 'Health Coach Institute: reset your password',
  templateKey: 'PASSWORD_RESET',
  status: 'SENT',
  error: null,
  sentAt: '2026-03-02T15:00:00.000Z',
  createdAt: '2026-03-02T15:00:00.000Z',
};
const failed = {
  id: 11,
  toAddress: 'luis@example.com',
  subject: 'Health Coach Institute: your verification code',
  templateKey: 'VERIFICATION_CODE',
  status: 'FAILED',
  error: 'ECONNREFUSED: connect failed',
  sentAt: null,
  createdAt: '2026-03-01T15:00:00.000Z',
};
const page = (content: unknown[]) => ({ content, pagination: { total: content.length, page: 0, size: 10 } });

function renderConsole(path: string, { permissions = ['*'], locale = 'en' }: { permissions?: string[]; locale?: 'en' | 'es' } = {}) {
  const request = jest.fn(async (req: HttpRequest) => {
    if (req.path === '/outbox') return page(req.query?.keyword === 'luis' ? [failed] : [reset, failed]);
    if (req.path === '/outbox/12') {
      return { ...reset, textBody: 'We received a request to reset your password.\n\nOpen this link:\nhttp://localhost:3000/reset-account-password?token=abc', htmlBody: null };
    }
    if (req.path === '/outbox/11')
      return { ...failed, textBody: 'Your verification code is 123456', htmlBody: '<p>Your code is <b>123456</b></p><script>window.hacked = true</script>' };
    if (/^\/users\/\d+\/view_histories$/.test(req.path)) return { id: 1 };
    if (req.path === '/students') return page([]);
    throw new Error(`unexpected call ${req.method ?? 'GET'} ${req.path}`);
  });
  renderAdmin({
    path,
    request,
    permissions,
    locale,
    children: [<Resource key="outbox" name="outbox" {...outbox} />, <Resource key="students" name="students" list={() => <div>students</div>} />],
  });
  return request;
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('/outbox', () => {
  test('lists every email newest first: time, recipient, subject, status; the search asks the keyword', async () => {
    const request = renderConsole('/outbox');
    const row = (await screen.findByText('ana@example.com')).closest('tr') as HTMLElement;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      formatDateTime(reset.createdAt),
      'ana@example.com',
      'Health Coach Institute: reset your password',
      'Sent',
    ]);
    expect(screen.getByText('luis@example.com').closest('tr')!.textContent).toContain('Failed');
    expect(calls(request, 'GET', '/outbox')[0].query).toEqual({ size: 10, page: 0, sortBy: 'id', descending: true, keyword: undefined });
    fireEvent.change(screen.getByLabelText('Recipient or subject'), { target: { value: 'luis' } });
    await waitFor(() => expect(calls(request, 'GET', '/outbox').at(-1)?.query).toMatchObject({ keyword: 'luis' }));
    await waitFor(() => expect(screen.queryByText('ana@example.com')).toBeNull());
  });

  test('a row opens the message on /outbox/{id}: the text body as text, links and codes readable', async () => {
    renderConsole('/outbox');
    fireEvent.click(await screen.findByText('ana@example.com'));
    await waitFor(() => expect(currentLocation()).toBe('/outbox/12'));
    const drawer = await screen.findByTestId('record-drawer');
    const body = await within(drawer).findByTestId('outbox-text-body');
    expect(body.tagName).toBe('PRE');
    expect(body.textContent).toBe('We received a request to reset your password.\n\nOpen this link:\nhttp://localhost:3000/reset-account-password?token=abc');
    expect(within(drawer).getByTestId('outbox-to').textContent).toBe('ana@example.com');
    expect(within(drawer).getByTestId('outbox-kind').textContent).toBe('Password reset');
    expect(within(drawer).queryByTestId('outbox-html-body')).toBeNull();
  });

  test('an HTML body is shown in a sandboxed frame (its scripts never run in the console); a failure shows its reason', async () => {
    renderConsole('/outbox/11');
    const drawer = await screen.findByTestId('record-drawer');
    const frame = (await within(drawer).findByTestId('outbox-html-body')) as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe('<p>Your code is <b>123456</b></p><script>window.hacked = true</script>');
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
    expect(within(drawer).getByTestId('outbox-text-body').textContent).toBe('Your verification code is 123456');
    expect(within(drawer).getByTestId('outbox-error').textContent).toBe('ECONNREFUSED: connect failed');
  });

  test('reads in Spanish', async () => {
    renderConsole('/outbox/12', { locale: 'es' });
    const drawer = await screen.findByTestId('record-drawer');
    await within(drawer).findByTestId('outbox-text-body');
    expect(within(drawer).getByText('Destinatario')).not.toBeNull();
    expect(within(drawer).getByText('Enviado')).not.toBeNull();
    expect(within(drawer).getByTestId('outbox-kind').textContent).toBe('Restablecer la contraseña');
    expect(texts.es.name).toBe('Bandeja de salida |||| Bandeja de salida');
  });

  test('in the menu for staff with outbox:read', async () => {
    renderConsole('/students', { permissions: ['students:read', 'outbox:read'] });
    expect(await screen.findByRole('menuitem', { name: /Outbox/ })).not.toBeNull();
  });

  test('a role without outbox:read sees no Outbox in the menu', async () => {
    renderConsole('/students', { permissions: ['students:read'] });
    await screen.findByRole('menuitem', { name: /Students/ });
    expect(screen.queryByRole('menuitem', { name: /Outbox/ })).toBeNull();
  });

  test('every English text has its Spanish one', () => {
    const keys = (o: object, prefix = ''): string[] => Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
    expect(keys(texts.es).sort()).toEqual(keys(texts.en).sort());
  });
});
