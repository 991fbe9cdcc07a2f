import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { inboxText } from '../../portal/src/lib/inbox-api';
import { currentLocation, expectHeading, fakeApi, renderPortal, storeSession, studentRecord, type Call } from './helpers';

beforeEach(() => localStorage.clear());

const message = (id: number, over: Record<string, unknown> = {}): { id: number; subject: string; body: string; sentAt: string; readAt: string | null } => ({
  id,
  subject: `Message ${id}`,
  body: `<p>Hello &amp; welcome, Ana (${id}).</p><p>Classes resume Monday.</p>`,
  sentAt: '2026-05-01T18:30:00Z',
  readAt: null,
  ...over,
});

/** An inbox of `total` messages (newest first, ids 100 + i), the first `unread` unread; reading one marks it. */
function inboxFake(total: number, unread: number, language = 'EN') {
  const all = Array.from({ length: total }, (_, i) => message(100 + i, i < unread ? {} : { readAt: '2026-05-02T10:00:00Z' }));
  const routes: Record<string, unknown> = {
    'GET /students/7': { status: 200, body: studentRecord({ languageIso2LetterCode: language }) },
    'GET /students/7/inbox/unread_count': () => ({ status: 200, body: { count: all.filter((m) => !m.readAt).length } }),
    'GET /students/7/inbox': (call: Call) => {
      const q = new URLSearchParams(call.query);
      const page = Number(q.get('page') ?? 0);
      const size = Number(q.get('size') ?? 10);
      return { status: 200, body: { content: all.slice(page * size, page * size + size), pagination: { total, page, size } } };
    },
  };
  for (const m of all) {
    routes[`GET /students/7/inbox/${m.id}`] = () => {
      m.readAt ??= '2026-05-03T12:00:00Z';
      return { status: 200, body: m };
    };
  }
  return fakeApi(routes as Parameters<typeof fakeApi>[0]);
}

describe('messages (the portal inbox)', () => {
  test('lists the messages newest first with the unread ones marked; the menu and the app bar show the unread count', async () => {
    storeSession();
    const api = inboxFake(3, 2);
    renderPortal('/messages', api.fetch);
    await expectHeading('Messages');
    const list = await screen.findByRole('list', { name: 'Your messages' });
    expect(api.callsTo('GET', '/students/7/inbox')[0].query).toBe('size=10&page=0');
    const rows = within(list).getAllByRole('link');
    expect(rows.map((r) => r.getAttribute('href'))).toEqual(['/messages/100', '/messages/101', '/messages/102']);
    expect(rows[0].getAttribute('aria-label')).toBe('Open Message 100');
    expect(within(screen.getByTestId('message-row-100')).getByText('Unread')).toBeTruthy();
    expect(within(screen.getByTestId('message-row-102')).queryByText('Unread')).toBeNull();
    expect(screen.getByTestId('message-row-100').textContent).toContain('Received 05-01-2026, 2:30 PM ET');
    expect(screen.getByTestId('message-row-100').textContent).toContain('Hello & welcome, Ana (100).');
    await waitFor(() => expect(screen.getByTestId('messages-button').getAttribute('aria-label')).toBe('Messages, 2 unread'));
    expect(screen.getAllByRole('link', { name: 'Messages, 2 unread' })).toHaveLength(2);
  });

  test('opening one shows its subject, date and text (markup dropped, never run) and the badge goes down', async () => {
    storeSession();
    const api = inboxFake(2, 2);
    renderPortal('/messages', api.fetch);
    await waitFor(() => expect(screen.getByTestId('messages-button').getAttribute('aria-label')).toBe('Messages, 2 unread'));
    fireEvent.click(await screen.findByRole('link', { name: 'Open Message 101' }));
    await expectHeading('Message 101');
    expect(currentLocation()).toBe('/messages/101');
    expect(screen.getByTestId('message-body').textContent).toBe('Hello & welcome, Ana (101).\nClasses resume Monday.');
    expect(screen.getByText('Received 05-01-2026, 2:30 PM ET')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('messages-button').getAttribute('aria-label')).toBe('Messages, 1 unread'));
    fireEvent.click(screen.getByRole('link', { name: 'Back to messages' }));
    await expectHeading('Messages');
  });

  test('ten a page with Previous and Next', async () => {
    storeSession();
    const api = inboxFake(12, 0);
    renderPortal('/messages', api.fetch);
    await screen.findByRole('list', { name: 'Your messages' });
    const pages = screen.getByRole('navigation', { name: 'Pages of messages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(screen.getByRole('navigation', { name: 'Pages of messages' })).getByText('Page 2 of 2')).toBeTruthy());
    expect(within(screen.getByRole('list', { name: 'Your messages' })).getAllByRole('link')).toHaveLength(2);
    expect(api.callsTo('GET', '/students/7/inbox').map((c) => c.query)).toEqual(['size=10&page=0', 'size=10&page=1']);
    // No unread messages: no count in the names.
    expect(screen.getByTestId('messages-button').getAttribute('aria-label')).toBe('Messages');
  });

  test('in Spanish, and empty', async () => {
    storeSession({ language: 'ES' });
    const api = inboxFake(0, 0, 'ES');
    renderPortal('/messages', api.fetch);
    await expectHeading('Mensajes');
    expect((await screen.findByTestId('messages-none')).textContent).toBe('Todavía no tiene mensajes. Aquí aparecen los mensajes del instituto.');
    expect(screen.getAllByRole('link', { name: 'Mensajes' })).toHaveLength(2);
  });

  test('a message in Spanish, marked unread in the list', async () => {
    storeSession({ language: 'ES' });
    const api = inboxFake(1, 1, 'ES');
    renderPortal('/messages', api.fetch);
    await screen.findByRole('list', { name: 'Sus mensajes' });
    expect(within(screen.getByTestId('message-row-100')).getByText('Sin leer')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('messages-button').getAttribute('aria-label')).toBe('Mensajes, 1 sin leer'));
    fireEvent.click(screen.getByRole('link', { name: 'Abrir Message 100' }));
    await expectHeading('Message 100');
    expect(screen.getByRole('link', { name: 'Volver a los mensajes' })).toBeTruthy();
  });

  test('an unknown message says so, with the way back', async () => {
    storeSession();
    const api = inboxFake(1, 0);
    renderPortal('/messages/999', api.fetch);
    expect(await screen.findByTestId('message-error')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to messages' })).toBeTruthy();
  });
});

describe('inboxText', () => {
  test('text only: breaks kept, entities decoded, tags and scripts dropped', () => {
    expect(inboxText('<p>One &lt;b&gt;</p><p>Two<br>Three</p>')).toBe('One <b>\nTwo\nThree');
    expect(inboxText('<img src=x onerror="alert(1)">Hi<script>alert(2)</script>')).toBe('Hi');
  });
});
