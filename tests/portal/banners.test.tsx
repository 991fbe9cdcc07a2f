import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderPortal, storeSession, studentRecord, type Answer } from './helpers';

/** The information banners at the top of the signed-in portal (issue 17): shown by level, dismissed for good. */

const banners = [
  { id: 31, title: 'Portal maintenance', content: '<p>Down on <strong>Sunday</strong>.</p>', type: 'ERROR', publishedAt: '2026-11-20T10:00:00Z' },
  {
    id: 32,
    title: 'New cohort dates',
    content: '<p>See <a href="https://example.com/dates" target="_blank" rel="noopener noreferrer">the dates</a>.</p>',
    type: 'INFO',
    publishedAt: null,
  },
];

function fake(over: Record<string, Answer> = {}) {
  return fakeApi({
    'GET /students/7': { status: 200, body: studentRecord() },
    'GET /students/7/information_banners': { status: 200, body: { content: banners } },
    'POST /students/7/information_banners/31/dismiss': { status: 204 },
    ...over,
  });
}

beforeEach(() => localStorage.clear());

describe('banner strip', () => {
  test('shows the student’s banners at the top of the portal, each as an alert of its level with its rich content', async () => {
    storeSession();
    const api = fake();
    renderPortal('/home', api.fetch);
    const strip = await screen.findByRole('region', { name: 'Announcements' });
    const first = within(strip).getByTestId('banner-31');
    expect(first.className).toMatch(/Error/);
    expect(within(first).getByText('Portal maintenance')).toBeTruthy();
    expect(within(first).getByText('Sunday').tagName).toBe('STRONG');
    const link = within(within(strip).getByTestId('banner-32')).getByRole('link', { name: 'the dates' });
    expect(link.getAttribute('href')).toBe('https://example.com/dates');
    expect(api.callsTo('GET', '/students/7/information_banners')).toHaveLength(1);
  });

  test('dismissing one hides it and tells the server (so it stays dismissed on another device)', async () => {
    storeSession();
    const api = fake();
    renderPortal('/home', api.fetch);
    await screen.findByTestId('banner-31');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss: Portal maintenance' }));
    await waitFor(() => expect(screen.queryByTestId('banner-31')).toBeNull());
    expect(screen.getByTestId('banner-32')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('POST', '/students/7/information_banners/31/dismiss')).toHaveLength(1));
    expect(api.callsTo('POST', '/students/7/information_banners/31/dismiss')[0].authorization).toBe('Bearer access-1');
  });

  test('a dismissal the server refuses brings the banner back', async () => {
    storeSession();
    const api = fake({
      'POST /students/7/information_banners/31/dismiss': { status: 500, body: { status: 500, code: 'INTERNAL_ERROR', message: 'An error found, please try again.' } },
    });
    renderPortal('/home', api.fetch);
    await screen.findByTestId('banner-31');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss: Portal maintenance' }));
    await waitFor(() => expect(api.callsTo('POST', '/students/7/information_banners/31/dismiss')).toHaveLength(1));
    expect(await screen.findByTestId('banner-31')).toBeTruthy();
  });

  test('in Spanish the strip and its buttons speak Spanish', async () => {
    storeSession({ language: 'ES' });
    renderPortal('/home', fake({ 'GET /students/7': { status: 200, body: studentRecord({ languageIso2LetterCode: 'ES' }) } }).fetch);
    expect(await screen.findByRole('region', { name: 'Avisos' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Descartar: Portal maintenance' })).toBeTruthy();
  });

  test('no strip when the list is empty or fails', async () => {
    storeSession();
    const empty = fake({ 'GET /students/7/information_banners': { status: 200, body: { content: [] } } });
    const { unmount } = renderPortal('/home', empty.fetch);
    await waitFor(() => expect(empty.callsTo('GET', '/students/7/information_banners')).toHaveLength(1));
    expect(screen.queryByTestId('banner-strip')).toBeNull();
    unmount();
    const failing = fake({ 'GET /students/7/information_banners': { status: 500, body: { status: 500, code: 'INTERNAL_ERROR', message: 'x' } } });
    renderPortal('/home', failing.fetch);
    await waitFor(() => expect(failing.callsTo('GET', '/students/7/information_banners')).toHaveLength(1));
    expect(screen.queryByTestId('banner-strip')).toBeNull();
  });
});
