import { fireEvent, screen, waitFor } from '@testing-library/react';
import { en } from '../../portal/src/i18n/en';
import { es } from '../../portal/src/i18n/es';
import { interpolate } from '../../portal/src/i18n';
import { expectHeading, fakeApi, helperOf, renderPortal, storeSession, studentRecord } from './helpers';

beforeEach(() => localStorage.clear());

describe('language', () => {
  test('the EN/ES switch renders the sign-in page in Spanish and remembers the choice', async () => {
    renderPortal('/login', fakeApi({}).fetch);
    await expectHeading('Sign in');
    expect(document.documentElement.lang).toBe('en');
    fireEvent.click(screen.getByRole('button', { name: 'ES' }));

    await expectHeading('Iniciar sesión');
    expect(screen.getByLabelText('Correo electrónico').getAttribute('name')).toBe('email');
    expect(screen.getByLabelText('Contraseña').getAttribute('name')).toBe('password');
    expect(screen.getByRole('button', { name: 'Iniciar sesión' }).getAttribute('type')).toBe('submit');
    expect(screen.getByRole('link', { name: '¿Olvidó su contraseña?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('button', { name: 'ES' }).getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem('hci.portal.language')).toBe('ES');
    expect(document.documentElement.lang).toBe('es');
  });

  test("in Spanish, the server's messages and the client checks are translated", async () => {
    localStorage.setItem('hci.portal.language', 'ES');
    const api = fakeApi({
      'POST /auth/signin/customer': { status: 401, body: { status: 401, code: 'INVALID_CREDENTIALS', message: 'Invalid username, password or verification code' } },
    });
    renderPortal('/login', api.fetch);
    await expectHeading('Iniciar sesión');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() => expect(helperOf('Correo electrónico')).toBe('Este campo es obligatorio'));
    fireEvent.change(screen.getByLabelText('Correo electrónico'), { target: { value: 'ana@example.com' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'Wrong123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect((await screen.findByTestId('sign-in-error')).textContent).toBe('Nombre de usuario, contraseña o código de verificación no válidos');
  });

  test("after sign-in the student's preferred language applies when nothing was chosen; the switch then wins", async () => {
    storeSession({ language: 'ES' });
    const api = fakeApi({ 'GET /students/7': { status: 200, body: studentRecord({ languageIso2LetterCode: 'ES' }) } });
    renderPortal('/home', api.fetch);
    await expectHeading('Le damos la bienvenida, Ana');
    expect(screen.getByRole('link', { name: 'Configuración' }).getAttribute('href')).toBe('/settings/profile');
    expect(screen.getByRole('button', { name: 'Cerrar sesión' }).textContent).toBe('Cerrar sesión');
    expect(screen.getByRole('group', { name: 'Idioma de la pantalla' }).textContent).toBe('ENES');
    fireEvent.click(screen.getByRole('button', { name: 'EN' }));
    await expectHeading('Welcome, Ana');
    expect(localStorage.getItem('hci.portal.language')).toBe('EN');
  });

  test('without a choice or a session the browser language decides', async () => {
    const languages = jest.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['es-MX', 'en']);
    renderPortal('/login', fakeApi({}).fetch);
    await expectHeading('Iniciar sesión');
    languages.mockRestore();
  });
});

describe('dictionaries', () => {
  test('Spanish has every English key, none empty, with the same placeholders', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
    for (const key of Object.keys(en) as Array<keyof typeof en>) {
      expect([key, es[key].trim().length > 0]).toEqual([key, true]);
      expect([key, placeholders(es[key])]).toEqual([key, placeholders(en[key])]);
    }
  });

  test('t() fills named placeholders', () => {
    expect(interpolate(en['home.welcome'], { name: 'Ana' })).toBe('Welcome, Ana');
    expect(interpolate(es['verifyCode.intro'], { email: 'a@b.co' })).toBe(
      'Enviamos un código de verificación a a@b.co. Si esa dirección ya tiene una cuenta, le enviamos cómo iniciar sesión.',
    );
    expect(interpolate('{missing} stays', {})).toBe('{missing} stays');
  });
});
