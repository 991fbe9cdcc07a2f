import type { Deps } from '../common/context';

/**
 * The emails of the portal's get started (until communication templates exist, issue 9), in the
 * language the person chose on the form: the verification code, or — when the address already has an
 * account — how to sign in instead. The call answers the same either way, so only the owner of the
 * address learns whether it has an account.
 */

type Language = 'EN' | 'ES';
const languageOf = (code: string | null | undefined): Language => (code?.toUpperCase() === 'ES' ? 'ES' : 'EN');

export const VERIFICATION_CODE_TEMPLATE_KEY = 'VERIFICATION_CODE';
export const ACCOUNT_EXISTS_TEMPLATE_KEY = 'ACCOUNT_EXISTS';

/** Emails a sign-up's verification code. */
export async function sendVerificationCode(deps: Deps, to: string, code: string, language: string | null | undefined): Promise<void> {
  const minutes = deps.config.VERIFICATION_CODE_TTL_MINUTES;
  const provider = deps.config.PROVIDER_NAME;
  const text =
    languageOf(language) === 'ES'
      ? { subject: `${provider}: su código de verificación`, body: `Su código de verificación es ${code}\n\nVence en ${minutes} minutos.` }
      : { subject: `${provider}: your verification code`, body: `Your verification code is ${code}\n\nIt expires in ${minutes} minutes.` };
  await deps.mailer.send({ to, subject: text.subject, text: text.body, templateKey: VERIFICATION_CODE_TEMPLATE_KEY });
}

/** Tells the owner of an address that already has an account how to get in, instead of a code. */
export async function sendAccountExists(deps: Deps, to: string, language: string | null | undefined): Promise<void> {
  const provider = deps.config.PROVIDER_NAME;
  const signIn = `${deps.config.PUBLIC_URL}/login`;
  const forgot = `${deps.config.PUBLIC_URL}/forgot-password`;
  const text =
    languageOf(language) === 'ES'
      ? {
          subject: `${provider}: ya tiene una cuenta`,
          body: `Alguien (probablemente usted) quiso crear una cuenta con esta dirección, pero ya tiene una.\n\nInicie sesión aquí: ${signIn}\nSi no recuerda su contraseña, pida una nueva: ${forgot}\n\nSi no fue usted, ignore este correo: su cuenta no ha cambiado.`,
        }
      : {
          subject: `${provider}: you already have an account`,
          body: `Someone (probably you) tried to create an account with this address, but it already has one.\n\nSign in here: ${signIn}\nIf you do not remember your password, ask for a new one: ${forgot}\n\nIf this was not you, ignore this email: your account has not changed.`,
        };
  await deps.mailer.send({ to, subject: text.subject, text: text.body, templateKey: ACCOUNT_EXISTS_TEMPLATE_KEY });
}
