import { z } from 'zod';
import { Language, ProgramTrack } from '../../models/enums';
import { Messages, format } from '../../models/messages';
import { confirmationMatches, email, optionalDate, personName, strongPassword } from '../../models/validation';

// Sign-in passwords are only compared, never judged: an old password may predate the strong rule.
const anyPassword = z.string().min(1, Messages.REQUIRED).max(200, format(Messages.MAX_LENGTH, 200));
const opaqueToken = z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().min(1, Messages.REQUIRED).max(200, format(Messages.MAX_LENGTH, 200)));

export const signInBody = z.object({ email: email(), password: anyPassword }).strict();
export type SignInInput = z.infer<typeof signInBody>;

export const refreshBody = z.object({ refreshToken: opaqueToken }).strict();

export const emailBody = z.object({ email: email() }).strict();

export const resetPasswordBody = z
  .object({ token: opaqueToken, password: strongPassword(), passwordConfirmation: z.string() })
  .strict()
  .superRefine(confirmationMatches('password'));
export type ResetPasswordInput = z.infer<typeof resetPasswordBody>;

export const getStartedBody = z
  .object({
    email: email(),
    firstName: personName(100),
    lastName: personName(100),
    languageIso2LetterCode: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(Language)),
    programTrack: z.preprocess((v) => (v === '' ? null : v), z.enum(ProgramTrack).nullish()),
    startDate: optionalDate(),
    graduationDate: optionalDate(),
    password: strongPassword(),
    passwordConfirmation: z.string(),
  })
  .strict()
  .superRefine(confirmationMatches('password'));
export type GetStartedInput = z.infer<typeof getStartedBody>;

export const verifyCodeBody = z
  .object({
    email: email(),
    // Codes are digits but forms may send a number; a malformed code is simply an incorrect one.
    code: z.preprocess(
      (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
      z.string().min(1, Messages.REQUIRED).max(20, format(Messages.MAX_LENGTH, 20)),
    ),
  })
  .strict();
export type VerifyCodeInput = z.infer<typeof verifyCodeBody>;
