import { fireEvent, screen, waitFor } from '@testing-library/react';
import { currentLocation, expectHeading, fakeApi, helperOf, NOW, renderPortal, storedSession, valueOf } from './helpers';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('forgot and reset password', () => {
  test('forgot password posts the email and shows the check-your-email step', async () => {
    const api = fakeApi({ 'POST /auth/customer/forgot_password': { status: 202, body: { message: 'Check your email' } } });
    renderPortal('/login', api.fetch);
    fireEvent.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    await expectHeading('Forgot your password?');
    change('Email', 'ana@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await expectHeading('Check your email');
    expect(currentLocation()).toBe('/check-your-email');
    // The server answers the same for any email, so the step does not claim that an email was sent.
    expect(screen.getByTestId('check-email-body').textContent).toBe(
      'If ana@example.com belongs to an account, a password-reset link is on its way there. Open it to choose a new password.',
    );
    expect(api.callsTo('POST', '/auth/customer/forgot_password')[0].body).toEqual({ email: 'ana@example.com' });
  });

  test('a refusal (too many requests) shows the server message and stays on the form', async () => {
    const api = fakeApi({
      'POST /auth/customer/forgot_password': { status: 429, body: { status: 429, code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts, please try again later' } },
    });
    renderPortal('/forgot-password', api.fetch);
    await screen.findByLabelText('Email');
    change('Email', 'nobody@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many attempts, please try again later'));
    expect(currentLocation()).toBe('/forgot-password');
  });

  test('reset: new password → POST reset_password → login with a success message', async () => {
    const api = fakeApi({ 'POST /auth/customer/reset_password': { status: 204 } });
    renderPortal('/reset-account-password?token=abc123', api.fetch);
    await screen.findByLabelText('New password');
    change('New password', 'NewPass123');
    change('Confirm new password', 'NewPass123');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(screen.getByRole('status').textContent).toBe('Your password has been changed. Please sign in with your new password.');
    expect(api.callsTo('POST', '/auth/customer/reset_password')[0].body).toEqual({ token: 'abc123', password: 'NewPass123', passwordConfirmation: 'NewPass123' });
  });

  test('an expired link shows exactly the spec message and a way to ask again', async () => {
    const api = fakeApi({
      'POST /auth/customer/reset_password': {
        status: 409,
        body: { status: 409, code: 'RESET_FORM_EXPIRED', message: 'This form has expired, please send a new forgot password request' },
      },
    });
    renderPortal('/reset-account-password?token=old', api.fetch);
    await screen.findByLabelText('New password');
    change('New password', 'NewPass123');
    change('Confirm new password', 'NewPass123');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect((await screen.findByTestId('reset-expired')).textContent).toBe('This form has expired, please send a new forgot password request');
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  test('a link without a token is expired at once', async () => {
    renderPortal('/reset-account-password', fakeApi({}).fetch);
    expect((await screen.findByTestId('reset-expired')).textContent).toBe('This form has expired, please send a new forgot password request');
  });
});

describe('get started', () => {
  test('details → get_started (dates stored YYYY-MM-DD) → code → verify_code signs in and goes home', async () => {
    const api = fakeApi({
      'POST /auth/customer/get_started': { status: 202, body: { email: 'new@example.com', expiresAt: '2027-01-01T00:00:00Z' } },
      'POST /auth/customer/resend_code': { status: 202, body: { email: 'new@example.com', expiresAt: '2027-01-01T00:00:00Z' } },
      'POST /auth/customer/verify_code': {
        status: 201,
        body: {
          accessToken: 'access-v',
          refreshToken: 'refresh-v',
          expiresIn: 900,
          student: { id: 31, user: { id: 41, email: 'new@example.com' }, isStudent: false, personalInfo: { firstName: 'Nora', lastName: 'Diaz' }, languageIso2LetterCode: 'EN' },
        },
      },
      'GET /students/31': {
        status: 200,
        body: {
          id: 31,
          user: { id: 41, email: 'new@example.com' },
          personalInfo: { firstName: 'Nora', lastName: 'Diaz' },
          contactInfo: null,
          address: null,
          languageIso2LetterCode: 'EN',
        },
      },
    });
    renderPortal('/get-started', api.fetch);
    await screen.findByLabelText('First name');
    change('Program track', 'HCTP');
    change('First name', 'Nora');
    change('Last name', 'Diaz');
    change('Email', 'new@example.com');
    change('Start date', '13-01-2027');
    change('Create password', 'Secret123');
    change('Confirm password', 'Secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(helperOf('Start date')).toBe('Please type a valid date'));
    expect(api.calls).toEqual([]);

    change('Start date', '01-13-2027');
    change('Graduation date', '12-15-2027');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await expectHeading('Enter your verification code');
    expect(api.callsTo('POST', '/auth/customer/get_started')[0].body).toEqual({
      email: 'new@example.com',
      firstName: 'Nora',
      lastName: 'Diaz',
      languageIso2LetterCode: 'EN',
      programTrack: 'HCTP',
      startDate: '2027-01-13',
      graduationDate: '2027-12-15',
      password: 'Secret123',
      passwordConfirmation: 'Secret123',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect((await screen.findByRole('status')).textContent).toBe('We sent a new code to new@example.com.');
    expect(api.callsTo('POST', '/auth/customer/resend_code')[0].body).toEqual({ email: 'new@example.com' });

    change('Verification code', ' 123456 ');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await expectHeading('Welcome, Nora');
    expect(currentLocation()).toBe('/home');
    expect(api.callsTo('POST', '/auth/customer/verify_code')[0].body).toEqual({ email: 'new@example.com', code: '123456' });
    expect(storedSession()).toMatchObject({ accessToken: 'access-v', refreshToken: 'refresh-v', expiresAt: NOW + 900_000, studentId: 31, userId: 41, email: 'new@example.com' });
  });

  test('server field errors show under the fields', async () => {
    const api = fakeApi({
      'POST /auth/customer/get_started': {
        status: 400,
        body: {
          status: 400,
          code: 'VALIDATION_ERROR',
          message: 'Validation failed',
          errors: { email: 'Please type your email in the format [name@example.com]', graduationDate: 'Please type a valid date' },
        },
      },
    });
    renderPortal('/get-started', api.fetch);
    await screen.findByLabelText('First name');
    change('First name', 'Nora');
    change('Last name', 'Diaz');
    change('Email', 'new@example.com');
    change('Create password', 'Secret123');
    change('Confirm password', 'Secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(helperOf('Email')).toBe('Please type your email in the format [name@example.com]'));
    expect(helperOf('Graduation date')).toBe('Please type a valid date');
    expect(valueOf('Language')).toBe('EN');
  });

  test('a wrong verification code shows the server message', async () => {
    const api = fakeApi({
      'POST /auth/customer/get_started': { status: 202, body: { email: 'new@example.com', expiresAt: '2027-01-01T00:00:00Z' } },
      'POST /auth/customer/verify_code': { status: 409, body: { status: 409, code: 'VERIFICATION_CODE_INCORRECT', message: 'Verification code is incorrect' } },
    });
    renderPortal('/get-started', api.fetch);
    await screen.findByLabelText('First name');
    change('First name', 'Nora');
    change('Last name', 'Diaz');
    change('Email', 'new@example.com');
    change('Create password', 'Secret123');
    change('Confirm password', 'Secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByLabelText('Verification code');
    expect(api.callsTo('POST', '/auth/customer/get_started')[0].body).toMatchObject({ programTrack: null, startDate: null, graduationDate: null });
    change('Verification code', '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Verification code is incorrect'));
    expect(storedSession()).toBeNull();
  });

  test('a reload on the code step keeps the step and the email the code went to (never the password); verifying or going back forgets it', async () => {
    const api = fakeApi({
      'POST /auth/customer/get_started': { status: 202, body: { email: 'new@example.com', expiresAt: '2027-01-01T00:00:00Z' } },
      'POST /auth/customer/verify_code': {
        status: 201,
        body: {
          accessToken: 'access-v',
          refreshToken: 'refresh-v',
          expiresIn: 900,
          student: { id: 31, user: { id: 41, email: 'new@example.com' }, isStudent: false, personalInfo: { firstName: 'Nora', lastName: 'Diaz' }, languageIso2LetterCode: 'EN' },
        },
      },
      'GET /students/31': {
        status: 200,
        body: {
          id: 31,
          user: { id: 41, email: 'new@example.com' },
          personalInfo: { firstName: 'Nora', lastName: 'Diaz' },
          contactInfo: null,
          address: null,
          languageIso2LetterCode: 'EN',
        },
      },
    });
    const first = renderPortal('/get-started', api.fetch);
    await screen.findByLabelText('First name');
    change('First name', 'Nora');
    change('Last name', 'Diaz');
    change('Email', 'new@example.com');
    change('Create password', 'Secret123');
    change('Confirm password', 'Secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await expectHeading('Enter your verification code');
    const kept = JSON.stringify({ ...sessionStorage });
    expect(kept).toContain('new@example.com');
    expect(kept).not.toContain('Secret123');
    expect(JSON.stringify({ ...localStorage })).not.toContain('Secret123');

    // The reload: a fresh app on the same address shows the code step for the same email.
    first.unmount();
    const second = renderPortal('/get-started', api.fetch);
    await expectHeading('Enter your verification code');
    expect(screen.getByText(/^We sent a verification code to new@example.com./)).toBeInstanceOf(HTMLElement);
    expect(api.callsTo('POST', '/auth/customer/get_started')).toHaveLength(1);

    // Going back to the details forgets the step (the email stays in the form); a reload then shows the details.
    fireEvent.click(screen.getByRole('button', { name: 'Change my details' }));
    await expectHeading('Get started');
    expect(valueOf('Email')).toBe('new@example.com');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('new@example.com');
    second.unmount();
    const third = renderPortal('/get-started', api.fetch);
    await expectHeading('Get started');
    third.unmount();

    // Sent again, reloaded, verified: signed in, and the step is forgotten.
    sessionStorage.clear();
    const fourth = renderPortal('/get-started', api.fetch);
    await screen.findByLabelText('First name');
    change('First name', 'Nora');
    change('Last name', 'Diaz');
    change('Email', 'new@example.com');
    change('Create password', 'Secret123');
    change('Confirm password', 'Secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await expectHeading('Enter your verification code');
    fourth.unmount();
    renderPortal('/get-started', api.fetch);
    await expectHeading('Enter your verification code');
    change('Verification code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await expectHeading('Welcome, Nora');
    expect(api.callsTo('POST', '/auth/customer/verify_code').map((c) => c.body)).toEqual([{ email: 'new@example.com', code: '123456' }]);
    expect(storedSession()).toMatchObject({ accessToken: 'access-v', studentId: 31 });
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('new@example.com');
  });

  test('the program tracks are the ones a prospective student may pick, in words they understand (English and Spanish)', async () => {
    renderPortal('/get-started', fakeApi({}).fetch);
    const options = () => [...(screen.getByLabelText(/^(Program track|Programa de estudios)$/) as HTMLSelectElement).options].map((o) => [o.value, o.text]);
    await screen.findByLabelText('Program track');
    expect(options()).toEqual([
      ['', 'Not decided yet'],
      ['HCTP', 'Health Coach Training Program'],
      ['SPECIALTY', 'Specialty courses'],
      ['CHOPRA_MASTERY', 'Chopra mastery programs'],
      ['CHOPRA_ENRICHMENT_FOUNDATION', 'Chopra enrichment and foundation programs'],
      ['SAMPLE_CLASS', 'A free sample class'],
    ]);
    change('Language', 'ES');
    await expectHeading('Comience aquí');
    expect(options()).toEqual([
      ['', 'Aún no lo he decidido'],
      ['HCTP', 'Programa de Formación de Coaches de Salud'],
      ['SPECIALTY', 'Cursos de especialidad'],
      ['CHOPRA_MASTERY', 'Programas de maestría Chopra'],
      ['CHOPRA_ENRICHMENT_FOUNDATION', 'Programas Chopra de enriquecimiento y fundamentos'],
      ['SAMPLE_CLASS', 'Una clase de muestra gratuita'],
    ]);
  });

  test('choosing Spanish as the account language switches the screen to Spanish', async () => {
    renderPortal('/get-started', fakeApi({}).fetch);
    await screen.findByLabelText('Language');
    change('Language', 'ES');
    await expectHeading('Comience aquí');
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeInstanceOf(HTMLButtonElement);
    expect(localStorage.getItem('hci.portal.language')).toBe('ES');
  });
});
