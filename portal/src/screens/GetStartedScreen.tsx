/**
 * /get-started: the portal sign-up (platform spec §2 "Learning-centre screens", Get started).
 * Step 1 POST /auth/customer/get_started with language, program track, names, email, dates and a new
 * password; step 2 the emailed code → POST /auth/customer/verify_code, which signs the new account in.
 * Once the code is sent, the email it went to is kept in sessionStorage (never the password), so a
 * reload of the tab stays on the code step; verifying or going back to the details forgets it.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ErrorAlert } from '../components/ErrorAlert';
import { FormMessage } from '../components/FormMessage';
import { useApi } from '../components/PortalContext';
import { PublicShell } from '../components/PublicShell';
import { RouterLink } from '../components/RouterLink';
import { SelectInput } from '../components/SelectInput';
import { NewPasswordInputs, TextInput } from '../components/TextInput';
import { LANGUAGES, useI18n, type Language } from '../i18n';
import { useEnumOptions } from '../i18n/enumOptions';
import { toStoredDate } from '../lib/dates';
import { describeError, type ErrorView } from '../lib/errors';
import { HOME_PATH } from '../lib/paths';
import { useForm } from '../lib/useForm';
import { confirmation, email as emailRule, hasErrors, optionalDate, personName, required, strongPassword, validate } from '../lib/validation';

/** The sign-up waiting for its code in this tab: `{ email }` in sessionStorage. */
const PENDING_KEY = 'hci.portal.getStarted';

function pendingEmail(): string | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as { email?: unknown } | null;
    return typeof stored?.email === 'string' && stored.email ? stored.email : null;
  } catch {
    return null;
  }
}

function keepPendingEmail(email: string | null) {
  try {
    if (email) sessionStorage.setItem(PENDING_KEY, JSON.stringify({ email }));
    else sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // Storage unavailable (private mode): the step simply does not survive a reload.
  }
}

const FIELDS = ['languageIso2LetterCode', 'programTrack', 'firstName', 'lastName', 'email', 'startDate', 'graduationDate', 'password', 'passwordConfirmation'] as const;
type Field = (typeof FIELDS)[number];

export default function GetStartedScreen() {
  const api = useApi();
  const { t, language, setLanguage } = useI18n();
  const navigate = useNavigate();
  const tracks = useEnumOptions('ProgramTrack');
  /** The email the code went to, while the code step is shown. */
  const [codeSentTo, setCodeSentTo] = useState<string | null>(pendingEmail);
  const form = useForm<Field>({
    languageIso2LetterCode: language,
    programTrack: '',
    firstName: '',
    lastName: '',
    email: codeSentTo ?? '',
    startDate: '',
    graduationDate: '',
    password: '',
    passwordConfirmation: '',
  });
  const { values, setValue, errors, setErrors } = form;
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [busy, setBusy] = useState(false);

  const onLanguage = (value: string, name: string) => {
    setValue(value, name);
    // The language chosen for the account is the language of the screens too.
    if (value === 'EN' || value === 'ES') setLanguage(value);
  };

  async function submitDetails(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found = validate(values, {
      languageIso2LetterCode: [required],
      firstName: [personName],
      lastName: [personName],
      email: [emailRule],
      startDate: [optionalDate],
      graduationDate: [optionalDate],
      password: [strongPassword],
      passwordConfirmation: [confirmation(values.password)],
    });
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      await api.getStarted({
        email: values.email.trim(),
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        languageIso2LetterCode: values.languageIso2LetterCode as Language,
        programTrack: values.programTrack || null,
        startDate: toStoredDate(values.startDate),
        graduationDate: toStoredDate(values.graduationDate),
        password: values.password,
        passwordConfirmation: values.passwordConfirmation,
      });
      keepPendingEmail(values.email.trim());
      setCodeSentTo(values.email.trim());
    } catch (error) {
      const view = describeError(error, FIELDS);
      setErrors(view.fields);
      setFailure(view);
    } finally {
      setBusy(false);
    }
  }

  if (codeSentTo) {
    const leaveCodeStep = () => {
      keepPendingEmail(null);
      setCodeSentTo(null);
    };
    return (
      <VerificationCodeStep
        email={codeSentTo}
        onBack={leaveCodeStep}
        onVerified={() => {
          keepPendingEmail(null);
          navigate(HOME_PATH, { replace: true });
        }}
      />
    );
  }

  return (
    <PublicShell title={t('getStarted.title')} subtitle={t('getStarted.intro')}>
      <Box component="form" noValidate onSubmit={submitDetails} aria-label={t('getStarted.title')}>
        <ErrorAlert error={failure} />
        <SelectInput
          name="languageIso2LetterCode"
          label={t('field.language')}
          value={values.languageIso2LetterCode}
          onValueChange={onLanguage}
          error={errors.languageIso2LetterCode}
          options={LANGUAGES.map((code) => ({ value: code, label: t(code === 'EN' ? 'language.english' : 'language.spanish') }))}
        />
        <SelectInput
          name="programTrack"
          label={t('field.programTrack')}
          value={values.programTrack}
          onValueChange={setValue}
          error={errors.programTrack}
          options={tracks}
          emptyLabel={t('getStarted.programTrack.none')}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
          <TextInput name="firstName" label={t('field.firstName')} autoComplete="given-name" value={values.firstName} onValueChange={setValue} error={errors.firstName} />
          <TextInput name="lastName" label={t('field.lastName')} autoComplete="family-name" value={values.lastName} onValueChange={setValue} error={errors.lastName} />
        </Stack>
        <TextInput name="email" type="email" label={t('field.email')} autoComplete="email" value={values.email} onValueChange={setValue} error={errors.email} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
          <TextInput
            name="startDate"
            label={t('field.startDate')}
            placeholder={t('date.format')}
            hint={t('date.format')}
            value={values.startDate}
            onValueChange={setValue}
            error={errors.startDate}
            inputMode="numeric"
          />
          <TextInput
            name="graduationDate"
            label={t('field.graduationDate')}
            placeholder={t('date.format')}
            hint={t('date.format')}
            value={values.graduationDate}
            onValueChange={setValue}
            error={errors.graduationDate}
            inputMode="numeric"
          />
        </Stack>
        <NewPasswordInputs
          values={values}
          errors={errors}
          onValueChange={setValue}
          labels={{ password: t('field.createPassword'), passwordConfirmation: t('field.passwordConfirmation') }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2 }}>
          {t('getStarted.submit')}
        </Button>
      </Box>
      <Typography variant="body2" sx={{ mt: 3 }}>
        {t('getStarted.haveAccount')} <RouterLink to="/login">{t('login.submit')}</RouterLink>
      </Typography>
    </PublicShell>
  );
}

function VerificationCodeStep({ email, onBack, onVerified }: { email: string; onBack(): void; onVerified(): void }) {
  const api = useApi();
  const { t } = useI18n();
  const { values, setValue, errors, setErrors } = useForm({ code: '' });
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function verify(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setNotice(null);
    const found = validate(values, { code: [required] });
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      await api.verifyCode(email, values.code.trim());
      onVerified();
    } catch (error) {
      const view = describeError(error, ['code']);
      setErrors(view.fields);
      setFailure(view);
      setBusy(false);
    }
  }

  async function resend() {
    setFailure(null);
    setNotice(null);
    setBusy(true);
    try {
      await api.resendCode(email);
      setNotice(t('verifyCode.resent', { email }));
    } catch (error) {
      setFailure(describeError(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <PublicShell title={t('verifyCode.title')} subtitle={t('verifyCode.intro', { email })}>
      <Box component="form" noValidate onSubmit={verify} aria-label={t('verifyCode.title')}>
        <ErrorAlert error={failure} />
        <FormMessage severity="success">{notice}</FormMessage>
        <TextInput
          name="code"
          label={t('field.code')}
          autoComplete="one-time-code"
          autoFocus
          value={values.code}
          onValueChange={setValue}
          error={errors.code}
          inputMode="numeric"
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2 }}>
          {t('verifyCode.submit')}
        </Button>
      </Box>
      <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
        <Button onClick={resend} disabled={busy}>
          {t('verifyCode.resend')}
        </Button>
        <Button onClick={onBack} disabled={busy} color="inherit">
          {t('verifyCode.changeDetails')}
        </Button>
      </Stack>
    </PublicShell>
  );
}
