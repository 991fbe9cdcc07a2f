import type { Deps } from '../common/context';
import { instituteParams, languageOf, ProductEmail, recipientByEmail } from '../communication-templates/product-emails';
import { recipientParams } from '../communications/compose';
import { sendTemplate } from '../communications/send';

/**
 * The emails of the portal's get started, from their templates (VERIFICATION_CODE, ACCOUNT_EXISTS),
 * in the language the person chose on the form: the verification code, or — when the address already
 * has an account — how to sign in instead. The call answers the same either way, so only the owner of
 * the address learns whether it has an account.
 */

export const VERIFICATION_CODE_TEMPLATE_KEY = ProductEmail.VERIFICATION_CODE;
export const ACCOUNT_EXISTS_TEMPLATE_KEY = ProductEmail.ACCOUNT_EXISTS;

/** Emails a sign-up's verification code, greeting the person by the name they typed. */
export async function sendVerificationCode(
  deps: Deps,
  to: string,
  code: string,
  person: { firstName: string; lastName: string; languageIso2LetterCode: string | null | undefined },
): Promise<void> {
  await sendTemplate(deps, {
    key: VERIFICATION_CODE_TEMPLATE_KEY,
    to,
    language: languageOf(person.languageIso2LetterCode),
    params: {
      ...instituteParams(deps.config),
      ...recipientParams({ firstName: person.firstName, lastName: person.lastName, email: to }),
      code,
      minutes: deps.config.VERIFICATION_CODE_TTL_MINUTES,
    },
  });
}

/** Tells the owner of an address that already has an account how to get in, instead of a code. */
export async function sendAccountExists(deps: Deps, to: string, language: string | null | undefined): Promise<void> {
  const owner = await recipientByEmail(to);
  await sendTemplate(deps, {
    key: ACCOUNT_EXISTS_TEMPLATE_KEY,
    to,
    language: language ? languageOf(language) : owner.language,
    studentId: owner.studentId,
    params: {
      ...instituteParams(deps.config),
      ...owner.params,
      signInUrl: `${deps.config.PUBLIC_URL}/login`,
      forgotPasswordUrl: `${deps.config.PUBLIC_URL}/forgot-password`,
    },
  });
}
