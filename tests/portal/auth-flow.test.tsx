import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { currentLocation, expectHeading, fakeApi, helperOf, NOW, renderPortal, storedSession, storeSession, studentRecord, valueOf } from './helpers';

const signInAnswer = {
  accessToken: 'access-new',
  refreshToken: 'refresh-new',
  expiresIn: 900,
  student: { id: 7, user: { id: 11, email: 'ana@example.com' }, isStudent: true, personalInfo: { firstName: 'Ana', lastName: 'Lopez' }, languageIso2LetterCode: 'EN' },
  cdn: { keyPairId: 'k', signature: 's', policy: 'p' },
};

function fillSignIn(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeEach(() => localStorage.clear());

describe('protection and sign-in', () => {
  test('a protected route without a session goes to /login, and sign-in returns to the full remembered path', async () => {
    const api = fakeApi({
      'POST /auth/signin/customer': { status: 200, body: signInAnswer },
      'GET /students/7': { status: 200, body: studentRecord() },
      'GET /public/lookups': { status: 200, body: { content: [] } },
    });
    renderPortal('/settings/communication-preferences?from=email#top', api.fetch);

    await expectHeading('Sign in');
    expect(currentLocation()).toBe('/login');

    fillSignIn('  Ana@Example.com ', 'Secret123');

    await waitFor(() => expect(currentLocation()).toBe('/settings/communication-preferences?from=email'));
    expect(api.callsTo('POST', '/auth/signin/customer')).toEqual([
      { method: 'POST', path: '/auth/signin/customer', query: '', body: { email: 'Ana@Example.com', password: 'Secret123' }, authorization: undefined },
    ]);
    expect(storedSession()).toEqual({
      accessToken: 'access-new',
      refreshToken: 'refresh-new',
      expiresAt: NOW + 900_000,
      userId: 11,
      studentId: 7,
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'Lopez',
      fullName: 'Ana Lopez',
      language: 'EN',
      isStudent: true,
      cdn: { keyPairId: 'k', signature: 's', policy: 'p' },
    });
    await expectHeading('Communication preferences', 2);
    // The next calls carry the new token.
    expect(api.callsTo('GET', '/students/7')[0].authorization).toBe('Bearer access-new');
  });

  test('sign-in without a remembered path lands on /home with the welcome, name and email', async () => {
    const api = fakeApi({ 'POST /auth/signin/customer': { status: 200, body: signInAnswer }, 'GET /students/7': { status: 200, body: studentRecord() } });
    renderPortal('/', api.fetch);
    fillSignIn('ana@example.com', 'Secret123');
    await expectHeading('Welcome, Ana');
    expect(currentLocation()).toBe('/home');
    expect(screen.getByTestId('account-email').textContent).toBe('ana@example.com');
    expect(screen.getByTestId('student-name').textContent).toBe('Ana Lopez');
    expect(screen.getByRole('link', { name: 'Edit profile' }).getAttribute('href')).toBe('/settings/profile');
    expect(screen.getByRole('link', { name: 'Manage preferences' }).getAttribute('href')).toBe('/settings/communication-preferences');
  });

  test("a failed sign-in shows the server's message and stores nothing", async () => {
    const api = fakeApi({
      'POST /auth/signin/customer': { status: 401, body: { status: 401, code: 'INVALID_CREDENTIALS', message: 'Invalid username, password or verification code' } },
    });
    renderPortal('/login', api.fetch);
    fillSignIn('ana@example.com', 'wrong');
    expect((await screen.findByTestId('sign-in-error')).textContent).toBe('Invalid username, password or verification code');
    expect(storedSession()).toBeNull();
    expect(currentLocation()).toBe('/login');
  });

  test('client checks use the spec messages before any call', async () => {
    const api = fakeApi({});
    renderPortal('/login', api.fetch);
    fillSignIn('not-an-email', '');
    await waitFor(() => expect(helperOf('Email')).toBe('Please type your email in the format [name@example.com]'));
    expect(helperOf('Password')).toBe('This field is required');
    expect(api.calls).toEqual([]);
  });
});

describe('401 the client cannot cure', () => {
  test('goes to /verify?to={current path} with the session-expired message, and sign-in returns there', async () => {
    storeSession({ expiresAt: NOW + 3_600_000 });
    let studentCalls = 0;
    const api = fakeApi({
      'GET /students/7': () =>
        studentCalls++ === 0
          ? { status: 401, body: { status: 401, code: 'UNAUTHORIZED', message: 'Your session expired, please login again' } }
          : { status: 200, body: studentRecord() },
      'POST /auth/signin/refresh_token': { status: 401, body: { status: 401, code: 'SESSION_EXPIRED', message: 'Your session expired, please login again' } },
      'POST /auth/signin/customer': { status: 200, body: signInAnswer },
      'GET /public/lookups': { status: 200, body: { content: [] } },
    });
    renderPortal('/settings/profile?section=address', api.fetch);

    await waitFor(() => expect(currentLocation()).toBe('/verify?to=%2Fsettings%2Fprofile%3Fsection%3Daddress'));
    expect((await screen.findByTestId('session-expired')).textContent).toBe('Your session expired, please login again');
    expect(api.callsTo('POST', '/auth/signin/refresh_token')[0].body).toEqual({ refreshToken: 'refresh-1' });
    expect(storedSession()).toBeNull();

    fillSignIn('ana@example.com', 'Secret123');
    await waitFor(() => expect(currentLocation()).toBe('/settings/profile?section=address'));
    await screen.findByLabelText('First name');
    expect(valueOf('First name')).toBe('Ana');
  });

  test('an expired access token is refreshed first; the refreshed session is kept and the call goes through', async () => {
    storeSession({ expiresAt: NOW - 1 });
    const api = fakeApi({
      'POST /auth/signin/refresh_token': { status: 200, body: { accessToken: 'access-2', refreshToken: 'refresh-2', expiresIn: 900 } },
      'GET /students/7': { status: 200, body: studentRecord() },
    });
    renderPortal('/home', api.fetch);
    await expectHeading('Welcome, Ana');
    expect(api.callsTo('GET', '/students/7')[0].authorization).toBe('Bearer access-2');
    expect(storedSession()?.refreshToken).toBe('refresh-2');
    expect(currentLocation()).toBe('/home');
  });
});

describe('sign out and unknown paths', () => {
  test('sign out calls the server, clears the session and goes to /login', async () => {
    storeSession();
    const api = fakeApi({ 'GET /students/7': { status: 200, body: studentRecord() }, 'POST /auth/logout': { status: 204 } });
    renderPortal('/home', api.fetch);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(api.callsTo('POST', '/auth/logout')[0].authorization).toBe('Bearer access-1');
    expect(storedSession()).toBeNull();
  });

  test('an unknown path shows the not-found page', async () => {
    renderPortal('/no/such/page', fakeApi({}).fetch);
    await expectHeading('Page not found');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
  });
});
