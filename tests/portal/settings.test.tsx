import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { currentLocation, expectHeading, fakeApi, helperOf, lookups, renderPortal, storedSession, storeSession, studentRecord, valueOf } from './helpers';
import { billingFake, planDetail } from './billing-fake';

beforeEach(() => localStorage.clear());

const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('profile', () => {
  test('loads the student into the form (dates shown MM-DD-YYYY, country and state selects from the lookups)', async () => {
    storeSession();
    const api = fakeApi({ 'GET /students/7': { status: 200, body: studentRecord() }, ...lookups });
    renderPortal('/settings/profile', api.fetch);
    await screen.findByLabelText('First name');
    expect(valueOf('First name')).toBe('Ana');
    expect(valueOf('Last name')).toBe('Lopez');
    expect(valueOf('Gender')).toBe('FEMALE');
    expect(valueOf('Date of birth')).toBe('05-14-1990');
    expect(valueOf('Education level')).toBe('BACHELOR');
    expect(valueOf('Mobile phone')).toBe('+13055550123');
    expect(valueOf('City')).toBe('Miami');
    expect(valueOf('Preferred language')).toBe('EN');
    await waitFor(() => expect(valueOf('Country')).toBe('US'));
    expect([...(screen.getByLabelText('Country') as HTMLSelectElement).options].map((o) => o.text)).toEqual(['—', 'Mexico', 'United States']);
    await waitFor(() => expect(valueOf('State')).toBe('FL'));
    expect([...(screen.getByLabelText('State') as HTMLSelectElement).options].map((o) => o.text)).toEqual(['—', 'Florida', 'New York']);
    expect(screen.getByTestId('current-email').textContent).toBe('ana@example.com');
    expect(
      api
        .callsTo('GET', '/public/lookups')
        .map((c) => c.query)
        .sort(),
    ).toEqual(['type=COUNTRY', 'type=US_STATE']);
  });

  test('saves with PUT (profile shape only) and shows the success message', async () => {
    storeSession();
    const saved = studentRecord({ personalInfo: { ...studentRecord().personalInfo, firstName: 'Anita', dateOfBirth: '1991-02-03' } });
    const api = fakeApi({ 'GET /students/7': { status: 200, body: studentRecord() }, 'PUT /students/7': { status: 200, body: saved }, ...lookups });
    renderPortal('/settings/profile', api.fetch);
    await screen.findByLabelText('First name');
    change('First name', 'Anita');
    change('Date of birth', '02-03-1991');
    change('Home phone', '305 555 0100');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));

    expect((await screen.findByTestId('profile-saved')).textContent).toBe('Your profile has been saved.');
    expect(api.callsTo('PUT', '/students/7')[0].body).toEqual({
      personalInfo: {
        firstName: 'Anita',
        middleName: null,
        lastName: 'Lopez',
        title: 'Dr.',
        suffix: null,
        gender: 'FEMALE',
        dateOfBirth: '1991-02-03',
        educationLevel: 'BACHELOR',
        occupation: 'Nurse',
        militaryMember: false,
      },
      contactInfo: { mobilePhone: '+13055550123', homePhone: '305 555 0100', workPhone: '+13055550999' },
      address: { street1: '1 Main St', street2: null, city: 'Miami', stateCode: 'FL', zip: '33101', countryCode: 'US' },
      languageIso2LetterCode: 'EN',
    });
    // The app bar follows the saved name.
    expect(screen.getByTestId('student-name').textContent).toBe('Anita Lopez');
    expect(storedSession()?.fullName).toBe('Anita Lopez');
  });

  test("the server's field errors show under the matching fields", async () => {
    storeSession();
    const api = fakeApi({
      'GET /students/7': { status: 200, body: studentRecord() },
      'PUT /students/7': {
        status: 400,
        body: {
          status: 400,
          code: 'VALIDATION_ERROR',
          message: 'Validation failed',
          errors: {
            'personalInfo.firstName': 'At least one word of two letters',
            'address.city': 'The address must contain a city',
            'contactInfo.mobilePhone': 'Invalid mobile phone',
            'personalInfo.dateOfBirth': 'Below 18 age, call to Health Coach Institute (Phone enrollment)',
          },
        },
      },
      ...lookups,
    });
    renderPortal('/settings/profile', api.fetch);
    await screen.findByLabelText('First name');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));

    await waitFor(() => expect(helperOf('First name')).toBe('At least one word of two letters'));
    expect(helperOf('City')).toBe('The address must contain a city');
    expect(helperOf('Mobile phone')).toBe('Invalid mobile phone');
    expect(helperOf('Date of birth')).toBe('Below 18 age, call to Health Coach Institute (Phone enrollment)');
    expect(screen.getByLabelText('First name').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('First name')));
    expect(screen.getByTestId('profile-error').textContent).toBe('Please correct the highlighted fields.');
    expect(screen.queryByTestId('profile-saved')).toBeNull();

    // Editing a field clears its error.
    change('City', 'Orlando');
    expect(helperOf('City')).toBeNull();
  });

  test('in Spanish the server field errors are translated', async () => {
    storeSession({ language: 'ES' });
    const api = fakeApi({
      'GET /students/7': { status: 200, body: studentRecord({ languageIso2LetterCode: 'ES' }) },
      'PUT /students/7': {
        status: 400,
        body: {
          status: 400,
          code: 'VALIDATION_ERROR',
          message: 'Validation failed',
          errors: { 'personalInfo.lastName': 'This field is required', 'contactInfo.mobilePhone': 'Invalid mobile phone' },
        },
      },
      ...lookups,
    });
    renderPortal('/settings/profile', api.fetch);
    await screen.findByLabelText('Apellido');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar perfil' }));
    await waitFor(() => expect(helperOf('Apellido')).toBe('Este campo es obligatorio'));
    expect(helperOf('Teléfono celular')).toBe('Teléfono celular no válido');
    expect(screen.getByTestId('profile-error').textContent).toBe('Por favor, corrija los campos marcados.');
  });

  test('client checks mirror the server before saving (names, date, address parts)', async () => {
    storeSession();
    const api = fakeApi({ 'GET /students/7': { status: 200, body: studentRecord() }, ...lookups });
    renderPortal('/settings/profile', api.fetch);
    await screen.findByLabelText('First name');
    change('First name', '  ');
    change('Date of birth', '02-30-1991');
    change('Country', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(helperOf('First name')).toBe('This field is required'));
    expect(helperOf('Date of birth')).toBe('Please type a valid date');
    expect(helperOf('Country')).toBe('The address must contain a country');
    expect(api.callsTo('PUT', '/students/7')).toEqual([]);
  });

  test('changes the sign-in email with PATCH and shows the new one', async () => {
    storeSession();
    const api = fakeApi({
      'GET /students/7': { status: 200, body: studentRecord() },
      'PATCH /students/7/email': { status: 200, body: studentRecord({ user: { id: 11, email: 'ana.new@example.com' } }) },
      ...lookups,
    });
    renderPortal('/settings/profile', api.fetch);
    await screen.findByLabelText('New email');
    change('New email', 'ana.new@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Change email' }));
    expect((await screen.findByTestId('email-saved')).textContent).toBe('Your sign-in email is now ana.new@example.com.');
    expect(api.callsTo('PATCH', '/students/7/email')[0].body).toEqual({ email: 'ana.new@example.com' });
    expect(screen.getByTestId('current-email').textContent).toBe('ana.new@example.com');
    expect(storedSession()?.email).toBe('ana.new@example.com');
  });

  test('a taken email shows the server message', async () => {
    storeSession();
    const api = fakeApi({
      'GET /students/7': { status: 200, body: studentRecord() },
      'PATCH /students/7/email': { status: 409, body: { status: 409, code: 'USERNAME_TAKEN', message: 'Username taken' } },
      ...lookups,
    });
    renderPortal('/settings/profile', api.fetch);
    await screen.findByLabelText('New email');
    change('New email', 'taken@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Change email' }));
    expect((await screen.findByTestId('email-error')).textContent).toBe('Username taken');
  });

  test('changes the password with PATCH /users/{userId}/update_password, then signs in again with it', async () => {
    storeSession();
    const api = fakeApi({
      'GET /students/7': { status: 200, body: studentRecord() },
      'PATCH /users/11/update_password': { status: 204 },
      'POST /auth/signin/customer': {
        status: 200,
        body: {
          accessToken: 'access-9',
          refreshToken: 'refresh-9',
          expiresIn: 900,
          student: { id: 7, user: { id: 11, email: 'ana@example.com' }, isStudent: true, personalInfo: { firstName: 'Ana', lastName: 'Lopez' }, languageIso2LetterCode: 'EN' },
        },
      },
      ...lookups,
    });
    renderPortal('/settings/profile', api.fetch);
    await screen.findByLabelText('Current password');
    change('Current password', 'Old12345');
    change('New password', 'weak');
    change('Confirm new password', 'other');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(helperOf('New password')).toBe('Minimum 8 characters, at least one number, one lower case and one upper case.'));
    expect(helperOf('Confirm new password')).toBe('This field confirmation does not match');

    change('New password', 'NewPass123');
    change('Confirm new password', 'NewPass123');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByTestId('password-saved')).textContent).toBe('Your password has been changed.');
    expect(api.callsTo('PATCH', '/users/11/update_password')[0].body).toEqual({ currentPassword: 'Old12345', password: 'NewPass123', passwordConfirmation: 'NewPass123' });
    expect(api.callsTo('POST', '/auth/signin/customer')[0].body).toEqual({ email: 'ana@example.com', password: 'NewPass123' });
    expect(storedSession()?.accessToken).toBe('access-9');
    expect(valueOf('Current password')).toBe('');
  });

  test('a wrong current password shows the server message', async () => {
    storeSession();
    const api = fakeApi({
      'GET /students/7': { status: 200, body: studentRecord() },
      'PATCH /users/11/update_password': { status: 409, body: { status: 409, code: 'INVALID_CURRENT_PASSWORD', message: 'Invalid current password' } },
      ...lookups,
    });
    renderPortal('/settings/profile', api.fetch);
    await screen.findByLabelText('Current password');
    change('Current password', 'Wrong1234');
    change('New password', 'NewPass123');
    change('Confirm new password', 'NewPass123');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByTestId('password-error')).textContent).toBe('Invalid current password');
  });
});

describe('communication preferences', () => {
  test('saves the email and SMS opt-ins through PUT /students/{id}', async () => {
    storeSession();
    const api = fakeApi({
      'GET /students/7': { status: 200, body: studentRecord() },
      'PUT /students/7': { status: 200, body: studentRecord({ communicationPreferences: { email: true, sms: false } }) },
    });
    renderPortal('/settings/communication-preferences', api.fetch);
    await expectHeading('Communication preferences', 2);
    const sms = screen.getByRole('switch', { name: 'SMS' }) as HTMLInputElement;
    const email = screen.getByRole('switch', { name: 'Email' }) as HTMLInputElement;
    expect([email.checked, sms.checked]).toEqual([true, true]);
    fireEvent.click(sms);
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect((await screen.findByTestId('preferences-saved')).textContent).toBe('Your communication preferences have been saved.');
    expect(api.callsTo('PUT', '/students/7')[0].body).toEqual({
      personalInfo: {
        firstName: 'Ana',
        middleName: null,
        lastName: 'Lopez',
        title: 'Dr.',
        suffix: null,
        gender: 'FEMALE',
        dateOfBirth: '1990-05-14',
        educationLevel: 'BACHELOR',
        occupation: 'Nurse',
        militaryMember: false,
      },
      communicationPreferences: { email: true, sms: false },
    });
    expect([email.checked, sms.checked]).toEqual([true, false]);
  });

  test('the settings tabs and the navigation link the two screens', async () => {
    storeSession();
    const api = fakeApi({ 'GET /students/7': { status: 200, body: studentRecord() }, ...lookups });
    renderPortal('/settings', api.fetch);
    await waitFor(() => expect(currentLocation()).toBe('/settings/profile'));
    fireEvent.click(await screen.findByRole('tab', { name: 'Communication preferences' }));
    await waitFor(() => expect(currentLocation()).toBe('/settings/communication-preferences'));
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect([...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/home'],
      ['Enrollment', '/enroll'],
      ['My agreements', '/agreements'],
      ['Messages', '/messages'],
      ['Coaching circles', '/coaching-circles'],
      ['Payments', '/settings/payment-information'],
      ['Settings', '/settings/profile'],
      ['My progress', '/my-progress'],
      ['Awards', '/awards'],
    ]);
  });
});

describe('one level of settings tabs', () => {
  const tabsOf = () => within(screen.getByRole('tablist', { name: /^(Settings|Configuración)$/ })).getAllByRole('tab');

  test('one row of tabs, each entry once: the payment sections beside profile, preferences and agreements', async () => {
    storeSession();
    const fake = billingFake();
    renderPortal('/settings/payment-information/plan-terms', fake.fetch);
    await expectHeading('Plan terms', 2);
    expect(screen.getAllByRole('tablist')).toHaveLength(1);
    expect(tabsOf().map((tab) => [tab.textContent, tab.getAttribute('href')])).toEqual([
      ['Profile', '/settings/profile'],
      ['Communication preferences', '/settings/communication-preferences'],
      ['Agreements', '/settings/agreements'],
      ['Payment information', '/settings/payment-information'],
      ['Payment method', '/settings/payment-information/payment-method'],
      ['Plan terms', '/settings/payment-information/plan-terms'],
      ['Account history', '/settings/payment-information/account-history'],
      ['CRM history', '/settings/payment-information/crm-history'],
      ['Gateway history', '/settings/payment-information/gateway-history'],
      ['Refunds', '/settings/payment-information/refunds'],
      ['Purchases', '/settings/payment-information/purchases'],
      ['Card-provider history', '/settings/payment-information/card-provider-history'],
    ]);
    expect(
      tabsOf()
        .filter((tab) => tab.getAttribute('aria-selected') === 'true')
        .map((tab) => tab.textContent),
    ).toEqual(['Plan terms']);

    fireEvent.click(within(screen.getByRole('tablist')).getByRole('tab', { name: 'Account history' }));
    await screen.findByRole('table', { name: 'Account history' });
    expect(currentLocation()).toBe('/settings/payment-information/account-history');
    expect(screen.getAllByRole('tablist')).toHaveLength(1);
    fireEvent.click(within(screen.getByRole('tablist')).getByRole('tab', { name: 'Communication preferences' }));
    await expectHeading('Communication preferences', 2);
    expect(currentLocation()).toBe('/settings/communication-preferences');
    expect(
      tabsOf()
        .filter((tab) => tab.getAttribute('aria-selected') === 'true')
        .map((tab) => tab.textContent),
    ).toEqual(['Communication preferences']);
  });

  test('the chosen plan stays with the payment tabs; the old preferences address opens the one preferences tab', async () => {
    storeSession();
    const fake = billingFake({ plans: [planDetail(), planDetail({ id: 91, name: 'Pay in full', status: 'COMPLETED', nextPaymentSchedule: null })] });
    const first = renderPortal('/settings/payment-information?planId=91', fake.fetch);
    await expectHeading('Pay in full', 2);
    const hrefs = Object.fromEntries(tabsOf().map((tab) => [tab.textContent, tab.getAttribute('href')]));
    expect(hrefs).toMatchObject({
      Profile: '/settings/profile',
      'Payment information': '/settings/payment-information?planId=91',
      Refunds: '/settings/payment-information/refunds?planId=91',
    });
    first.unmount();

    renderPortal('/settings/payment-information/communication-preferences', fake.fetch);
    await expectHeading('Communication preferences', 2);
    expect(currentLocation()).toBe('/settings/communication-preferences');
    expect(screen.getAllByRole('tablist')).toHaveLength(1);
  });

  test('in Spanish', async () => {
    storeSession();
    localStorage.setItem('hci.portal.language', 'ES');
    const fake = billingFake();
    renderPortal('/settings/payment-information', fake.fetch);
    await expectHeading('Monthly plan', 2);
    expect(tabsOf().map((tab) => tab.textContent)).toEqual([
      'Perfil',
      'Preferencias de comunicación',
      'Acuerdos',
      'Información de pago',
      'Método de pago',
      'Términos del plan',
      'Historial de la cuenta',
      'Historial del CRM',
      'Historial de la pasarela',
      'Reembolsos',
      'Compras',
      'Historial del proveedor de tarjetas',
    ]);
  });
});
