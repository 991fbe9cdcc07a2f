import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { currentLocation, expectHeading, helperOf, renderPortal, storeSession, type Call } from './helpers';
import { AGREEMENT_TEXT, enrollmentFake, refusal } from './enrollment-fake';

const envelope = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  applicationId: 5,
  studentId: 7,
  status: 'SIGNED',
  title: `Agreement ${id}`,
  contentSha256: 'abc',
  signedName: 'Ana Lopez',
  signedAt: '2026-05-01T18:30:00Z',
  signedIp: '127.0.0.1',
  signedSha256: 'abc',
  voidedAt: null,
  createdAt: '2026-05-01T12:00:00Z',
  stale: false,
  ...over,
});

/** 12 envelopes, 10 a page: the first is waiting for the signature, the second was replaced. */
function pagedEnvelopes(call: Call) {
  const page = Number(new URLSearchParams(call.query).get('page') ?? 0);
  const all = Array.from({ length: 12 }, (_, i) =>
    envelope(
      100 + i,
      i === 0 ? { status: 'SENT', signedName: null, signedAt: null } : i === 1 ? { status: 'VOIDED', signedName: null, signedAt: null, voidedAt: '2026-05-01T13:00:00Z' } : {},
    ),
  );
  return { status: 200, body: { content: all.slice(page * 10, page * 10 + 10), pagination: { total: 12, page, size: 10 } } };
}

/** The fake's fetch, with `blob()` on answers (the shared client hands downloads over raw). */
function withBlobs(fetch: (url: string, init: RequestInit) => Promise<Response>) {
  return async (url: string, init: RequestInit) => {
    const response = await fetch(url, init);
    const text = await response.text();
    return Object.assign(response, { text: async () => text, blob: async () => new Blob([text], { type: 'application/pdf' }) });
  };
}

let clicked: Array<{ href: string; download: string }>;
let created: Blob[];

beforeEach(() => {
  localStorage.clear();
  clicked = [];
  created = [];
  Object.assign(URL, {
    createObjectURL: jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:agreement';
    }),
    revokeObjectURL: jest.fn(),
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
});

afterEach(() => jest.restoreAllMocks());

describe('my agreements', () => {
  test('lists the envelopes ten a page with title, status and signing time', async () => {
    storeSession();
    const fake = enrollmentFake({ routes: { 'GET /students/7/envelopes': pagedEnvelopes } });
    renderPortal('/agreements', fake.fetch);
    await expectHeading('My agreements');
    const table = await screen.findByRole('table', { name: 'My agreements' });
    expect(fake.callsTo('GET', '/students/7/envelopes')[0].query).toBe('size=10&page=0');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(11);
    expect([...rows[0].querySelectorAll('th')].map((c) => c.textContent)).toEqual(['Agreement', 'Status', 'Signed', 'Actions']);
    expect(within(screen.getByTestId('agreement-row-100')).getByText('Waiting for your signature').textContent).toBe('Waiting for your signature');
    expect(within(screen.getByTestId('agreement-row-100')).getByRole('link', { name: 'Read and sign Agreement 100' }).getAttribute('href')).toBe('/agreements/100');
    expect(within(screen.getByTestId('agreement-row-101')).getByText('Replaced').textContent).toBe('Replaced');
    const signed = screen.getByTestId('agreement-row-102');
    expect([...signed.querySelectorAll('td')].slice(0, 3).map((c) => c.textContent)).toEqual(['Agreement 102', 'Signed', '05-01-2026, 2:30 PM ET']);
    expect(within(signed).getByRole('link', { name: 'View Agreement 102' }).getAttribute('href')).toBe('/agreements/102');
    expect(screen.getByTestId('agreements-page').textContent).toBe('Page 1 of 2');

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('agreements-page').textContent).toBe('Page 2 of 2'));
    expect(fake.callsTo('GET', '/students/7/envelopes')[1].query).toBe('size=10&page=1');
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  test('downloads a PDF with the bearer: blob → object URL → agreement-{id}.pdf', async () => {
    storeSession();
    const fake = enrollmentFake({
      routes: { 'GET /students/7/envelopes': pagedEnvelopes, 'GET /envelopes/102/pdf': { status: 200, body: '%PDF-1.7 fake' } },
    });
    renderPortal('/agreements', withBlobs(fake.fetch));
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF of Agreement 102' }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:agreement', download: 'agreement-102.pdf' }]));
    const call = fake.callsTo('GET', '/envelopes/102/pdf')[0];
    expect(call.authorization).toBe('Bearer access-1');
    expect(created[0].type).toBe('application/pdf');
  });

  test('a failed download says so', async () => {
    storeSession();
    const fake = enrollmentFake({
      routes: { 'GET /students/7/envelopes': pagedEnvelopes, 'GET /envelopes/102/pdf': refusal(404, 'NOT_FOUND', 'Not found') },
    });
    renderPortal('/agreements', withBlobs(fake.fetch));
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF of Agreement 102' }));
    expect((await screen.findByTestId('download-error-102')).textContent).toBe('Not found');
    expect(clicked).toEqual([]);
  });

  test('no agreements yet', async () => {
    storeSession();
    const fake = enrollmentFake({ routes: { 'GET /students/7/envelopes': { status: 200, body: { content: [], pagination: { total: 0, page: 0, size: 10 } } } } });
    renderPortal('/agreements', fake.fetch);
    expect((await screen.findByTestId('agreements-none')).textContent).toBe('You have no agreements yet.');
  });

  test('Settings → Agreements shows the same list in a tab', async () => {
    storeSession();
    const fake = enrollmentFake({ routes: { 'GET /students/7/envelopes': pagedEnvelopes } });
    renderPortal('/settings/profile', fake.fetch);
    fireEvent.click(await screen.findByRole('tab', { name: 'Agreements' }));
    await waitFor(() => expect(currentLocation()).toBe('/settings/agreements'));
    await expectHeading('My agreements', 2);
    expect((await screen.findByTestId('agreement-row-100')).textContent).toContain('Agreement 100');
  });
});

describe('one agreement', () => {
  test('a signed one shows who signed and when, and can be downloaded', async () => {
    storeSession();
    const fake = enrollmentFake({
      routes: { 'GET /envelopes/102': { status: 200, body: { ...envelope(102), content: AGREEMENT_TEXT } }, 'GET /envelopes/102/pdf': { status: 200, body: 'pdf' } },
    });
    renderPortal('/agreements/102', withBlobs(fake.fetch));
    expect((await screen.findByRole('document', { name: 'Agreement text' })).textContent).toBe(AGREEMENT_TEXT);
    expect(screen.getByTestId('agreement-title').textContent).toBe('Agreement 102');
    expect(screen.getByTestId('agreement-signed').textContent).toBe('Signed by Ana Lopez on 05-01-2026, 2:30 PM ET.');
    expect(screen.queryByRole('button', { name: 'Sign agreement' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF of Agreement 102' }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:agreement', download: 'agreement-102.pdf' }]));
    expect(screen.getByRole('link', { name: 'Back to my agreements' }).getAttribute('href')).toBe('/agreements');
  });

  test('a pending one is signed here (the congratulations link target)', async () => {
    storeSession();
    const fake = enrollmentFake();
    renderPortal('/agreements/40', fake.fetch);
    await screen.findByRole('document', { name: 'Agreement text' });
    fireEvent.change(screen.getByLabelText('Type your full name'), { target: { value: 'Ana Lopez' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have read and agree' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign agreement' }));
    expect((await screen.findByTestId('agreement-thanks')).textContent).toBe('Thank you, your agreement is signed.');
    expect(screen.getByTestId('agreement-signed').textContent).toBe('Signed by Ana Lopez on 05-01-2026, 2:30 PM ET.');
    expect(fake.callsTo('POST', '/envelopes/40/sign').map((c) => c.body)).toEqual([{ signedName: 'Ana Lopez' }]);
    // The text stays on screen after signing.
    expect(screen.getByRole('document', { name: 'Agreement text' }).textContent).toBe(AGREEMENT_TEXT);
  });

  test('a replaced one (terms changed) is refused and read again', async () => {
    storeSession();
    let reads = 0;
    const fake = enrollmentFake({
      routes: {
        'GET /envelopes/40': () => ({
          status: 200,
          body: {
            ...envelope(40, reads++ === 0 ? { status: 'SENT', signedName: null, signedAt: null } : { status: 'VOIDED', signedName: null, signedAt: null }),
            content: AGREEMENT_TEXT,
          },
        }),
        'POST /envelopes/40/sign': refusal(409, 'ENVELOPE_VOIDED', 'This agreement was replaced by a newer one'),
        'POST /applications/5/envelopes': { status: 200, body: envelope(41, { status: 'SENT', signedName: null, signedAt: null }) },
        'GET /envelopes/41': { status: 200, body: { ...envelope(41, { status: 'SENT', signedName: null, signedAt: null }), content: 'New terms' } },
      },
    });
    renderPortal('/agreements/40', fake.fetch);
    await screen.findByLabelText('Type your full name');
    fireEvent.change(screen.getByLabelText('Type your full name'), { target: { value: 'Ana Lopez' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have read and agree' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign agreement' }));
    expect((await screen.findByTestId('agreement-voided')).textContent).toBe('This agreement was replaced by a newer one.');
    expect(fake.callsTo('GET', '/envelopes/40')).toHaveLength(2);
    expect(screen.queryByLabelText('Type your full name')).toBeNull();
    // The application's current agreement is one click away.
    fireEvent.click(screen.getByRole('button', { name: 'Open the current agreement' }));
    await waitFor(() => expect(currentLocation()).toBe('/agreements/41'));
    expect(fake.callsTo('POST', '/applications/5/envelopes')).toHaveLength(1);
    expect((await screen.findByRole('document', { name: 'Agreement text' })).textContent).toBe('New terms');
  });

  test('in Spanish', async () => {
    storeSession({ language: 'ES' });
    localStorage.setItem('hci.portal.language', 'ES');
    const fake = enrollmentFake();
    renderPortal('/agreements/40', fake.fetch);
    await screen.findByRole('document', { name: 'Texto del acuerdo' });
    fireEvent.click(screen.getByRole('button', { name: 'Firmar el acuerdo' }));
    await waitFor(() => expect(helperOf('Escriba su nombre completo')).toBe('Este campo es obligatorio'));
    expect(screen.getByText('Por favor, confirme que ha leído el acuerdo y que está de acuerdo').textContent).toBe(
      'Por favor, confirme que ha leído el acuerdo y que está de acuerdo',
    );
    expect(screen.getByText('Pendiente de su firma').textContent).toBe('Pendiente de su firma');
  });
});
