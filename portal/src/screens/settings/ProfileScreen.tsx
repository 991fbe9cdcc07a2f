/**
 * /settings/profile: the student's personal info, contact and address (PUT /api/students/{id}), their
 * sign-in email (PATCH /api/students/{id}/email) and password (PATCH /api/users/{userId}/update_password).
 * Server field errors (`personalInfo.firstName`, `address.city`, ...) show under the matching field.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Messages, format } from '../../../../models/messages';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { useApi } from '../../components/PortalContext';
import { SelectInput } from '../../components/SelectInput';
import { NewPasswordInputs, TextInput } from '../../components/TextInput';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { LANGUAGES, useI18n } from '../../i18n';
import { useLookupOptions } from '../../lib/useLookupOptions';
import { useEnumOptions } from '../../i18n/enumOptions';
import { useStudent } from '../../layout/StudentContext';
import { personalInfoOf, type Student, type StudentProfileBody } from '../../lib/api';
import { toInputDate, toStoredDate } from '../../lib/dates';
import { describeError, type ErrorView } from '../../lib/errors';
import type { LoginState } from '../../lib/paths';
import { useForm } from '../../lib/useForm';
import { confirmation, email as emailRule, hasErrors, optionalDate, personName, required, strongPassword, validate } from '../../lib/validation';

export default function ProfileScreen() {
  const { t } = useI18n();
  const { student, loading, error } = useStudent();
  useDocumentTitle(t('settings.tab.profile'));
  if (loading) return <PageLoading />;
  if (error) return <ErrorAlert error={error} />;
  if (!student) return <FormMessage severity="info">{t('profile.noStudent')}</FormMessage>;
  return (
    <>
      <ProfileForm student={student} />
      <ChangeEmailForm student={student} />
      <ChangePasswordForm student={student} />
    </>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography component="h2" variant="h6" id={id} gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Subheading({ children }: { children: ReactNode }) {
  return (
    <Typography component="h3" variant="subtitle1" sx={{ mt: 2, fontWeight: 600 }}>
      {children}
    </Typography>
  );
}

/** Two fields side by side on wide screens. */
function Row({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>{children}</Box>;
}

const PROFILE_FIELDS = [
  'personalInfo.firstName',
  'personalInfo.middleName',
  'personalInfo.lastName',
  'personalInfo.gender',
  'personalInfo.dateOfBirth',
  'personalInfo.educationLevel',
  'personalInfo.occupation',
  'contactInfo.mobilePhone',
  'contactInfo.homePhone',
  'address.street1',
  'address.street2',
  'address.city',
  'address.stateCode',
  'address.zip',
  'address.countryCode',
  'languageIso2LetterCode',
] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];

function valuesOf(student: Student): Record<ProfileField, string> {
  const p = student.personalInfo;
  const c = student.contactInfo;
  const a = student.address;
  return {
    'personalInfo.firstName': p.firstName ?? '',
    'personalInfo.middleName': p.middleName ?? '',
    'personalInfo.lastName': p.lastName ?? '',
    'personalInfo.gender': p.gender ?? '',
    'personalInfo.dateOfBirth': toInputDate(p.dateOfBirth),
    'personalInfo.educationLevel': p.educationLevel ?? '',
    'personalInfo.occupation': p.occupation ?? '',
    'contactInfo.mobilePhone': c?.mobilePhone ?? '',
    'contactInfo.homePhone': c?.homePhone ?? '',
    'address.street1': a?.street1 ?? '',
    'address.street2': a?.street2 ?? '',
    'address.city': a?.city ?? '',
    'address.stateCode': a?.stateCode ?? '',
    'address.zip': a?.zip ?? '',
    'address.countryCode': a?.countryCode ?? '',
    languageIso2LetterCode: student.languageIso2LetterCode ?? 'EN',
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The PUT body: every section sent whole, hidden fields (title, suffix, work phone...) as they were read. */
function bodyOf(student: Student, v: Record<ProfileField, string>): StudentProfileBody {
  return {
    personalInfo: {
      ...personalInfoOf(student),
      firstName: v['personalInfo.firstName'].trim(),
      middleName: orNull(v['personalInfo.middleName']),
      lastName: v['personalInfo.lastName'].trim(),
      gender: orNull(v['personalInfo.gender']),
      dateOfBirth: toStoredDate(v['personalInfo.dateOfBirth']),
      educationLevel: orNull(v['personalInfo.educationLevel']),
      occupation: orNull(v['personalInfo.occupation']),
    },
    contactInfo: { mobilePhone: orNull(v['contactInfo.mobilePhone']), homePhone: orNull(v['contactInfo.homePhone']), workPhone: student.contactInfo?.workPhone ?? null },
    address: {
      street1: orNull(v['address.street1']),
      street2: orNull(v['address.street2']),
      city: orNull(v['address.city']),
      stateCode: orNull(v['address.stateCode']),
      zip: orNull(v['address.zip']),
      countryCode: orNull(v['address.countryCode']),
    },
    languageIso2LetterCode: v.languageIso2LetterCode,
  };
}

/** The server's address rule: with more than one part filled, country, city and street are needed. */
function addressErrors(v: Record<ProfileField, string>): Partial<Record<ProfileField, string>> {
  const parts = ['address.street1', 'address.street2', 'address.city', 'address.stateCode', 'address.zip', 'address.countryCode'] as const;
  if (parts.filter((key) => v[key].trim() !== '').length <= 1) return {};
  const errors: Partial<Record<ProfileField, string>> = {};
  for (const [key, word] of [
    ['address.countryCode', 'country'],
    ['address.city', 'city'],
    ['address.street1', 'street'],
  ] as const) {
    if (!v[key].trim()) errors[key] = format(Messages.ADDRESS_MUST_CONTAIN, word);
  }
  return errors;
}

function ProfileForm({ student }: { student: Student }) {
  const api = useApi();
  const { t, language, setLanguage } = useI18n();
  const { setStudent } = useStudent();
  const { values, setValues, setValue, errors, setErrors } = useForm<ProfileField>(valuesOf(student));
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const genders = useEnumOptions('Gender');
  const educationLevels = useEnumOptions('EducationLevel');
  const countries = useLookupOptions('COUNTRY');
  const states = useLookupOptions('US_STATE');
  const field = (name: ProfileField) => ({ name, value: values[name], onValueChange: setValue, error: errors[name] });
  // After a refused save, the first field in error gets the focus (and scrolls into view).
  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setSaved(false);
    const found = {
      ...validate(values, { 'personalInfo.firstName': [personName], 'personalInfo.lastName': [personName], 'personalInfo.dateOfBirth': [optionalDate] }),
      ...addressErrors(values),
    };
    setErrors(found);
    if (hasErrors(found)) {
      setFailure({ code: 'VALIDATION_ERROR', message: Messages.INVALID_VALUE, fields: found as Record<string, string>, others: [] });
      setFocusRequest((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      const updated = await api.updateStudent(student.id, bodyOf(student, values));
      setStudent(updated);
      setValues(valuesOf(updated));
      setSaved(true);
      const preferred = updated.languageIso2LetterCode;
      if ((preferred === 'EN' || preferred === 'ES') && preferred !== student.languageIso2LetterCode && preferred !== language) setLanguage(preferred);
    } catch (error) {
      const view = describeError(error, PROFILE_FIELDS);
      setErrors(view.fields);
      setFailure(view);
      setFocusRequest((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  const isUs = values['address.countryCode'] === 'US';
  return (
    <Section title={t('profile.title')} id="profile-heading">
      <Box component="form" ref={formRef} noValidate onSubmit={submit} aria-label={t('profile.title')}>
        <ErrorAlert error={failure} testId="profile-error" />
        <Subheading>{t('profile.personalInfo')}</Subheading>
        <Row>
          <TextInput label={t('field.firstName')} autoComplete="given-name" {...field('personalInfo.firstName')} />
          <TextInput label={t('field.middleName')} autoComplete="additional-name" {...field('personalInfo.middleName')} />
          <TextInput label={t('field.lastName')} autoComplete="family-name" {...field('personalInfo.lastName')} />
          <SelectInput label={t('field.gender')} options={genders} emptyLabel={t('select.none')} {...field('personalInfo.gender')} />
          <TextInput
            label={t('field.dateOfBirth')}
            placeholder={t('date.format')}
            hint={t('date.format')}
            autoComplete="bday"
            inputMode="numeric"
            {...field('personalInfo.dateOfBirth')}
          />
          <SelectInput label={t('field.educationLevel')} options={educationLevels} emptyLabel={t('select.none')} {...field('personalInfo.educationLevel')} />
          <TextInput label={t('field.occupation')} autoComplete="organization-title" {...field('personalInfo.occupation')} />
          <SelectInput
            label={t('field.preferredLanguage')}
            options={LANGUAGES.map((code) => ({ value: code, label: t(code === 'EN' ? 'language.english' : 'language.spanish') }))}
            {...field('languageIso2LetterCode')}
          />
        </Row>
        <Subheading>{t('profile.contact')}</Subheading>
        <Row>
          <TextInput label={t('field.mobilePhone')} type="tel" autoComplete="tel" hint={t('phone.hint')} {...field('contactInfo.mobilePhone')} />
          <TextInput label={t('field.homePhone')} type="tel" hint={t('phone.hint')} {...field('contactInfo.homePhone')} />
        </Row>
        <Subheading>{t('profile.address')}</Subheading>
        <Row>
          <TextInput label={t('field.street1')} autoComplete="address-line1" {...field('address.street1')} />
          <TextInput label={t('field.street2')} autoComplete="address-line2" {...field('address.street2')} />
          <TextInput label={t('field.city')} autoComplete="address-level2" {...field('address.city')} />
          {isUs ? (
            <SelectInput label={t('field.stateCode')} options={states} emptyLabel={t('select.none')} {...field('address.stateCode')} />
          ) : (
            <TextInput label={t('field.stateCode')} autoComplete="address-level1" {...field('address.stateCode')} />
          )}
          <TextInput label={t('field.zip')} autoComplete="postal-code" {...field('address.zip')} />
          <SelectInput label={t('field.countryCode')} options={countries} emptyLabel={t('select.none')} {...field('address.countryCode')} />
        </Row>
        {saved && (
          <FormMessage severity="success" testId="profile-saved">
            {t('profile.saved')}
          </FormMessage>
        )}
        <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 2 }}>
          {t('profile.save')}
        </Button>
      </Box>
    </Section>
  );
}

function ChangeEmailForm({ student }: { student: Student }) {
  const api = useApi();
  const { t } = useI18n();
  const { setStudent } = useStudent();
  const { values, setValues, setValue, errors, setErrors } = useForm({ email: '' });
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setSaved(null);
    const found = validate(values, { email: [emailRule] });
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      const updated = await api.changeEmail(student.id, values.email.trim());
      setStudent(updated);
      setValues({ email: '' });
      setSaved(updated.user.email);
    } catch (error) {
      const view = describeError(error, ['email']);
      setErrors(view.fields);
      setFailure(view);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title={t('profile.email.title')} id="email-heading">
      <Box component="form" noValidate onSubmit={submit} aria-label={t('profile.email.title')}>
        <Typography variant="body2" color="text.secondary">
          {t('profile.email.current')} <strong data-testid="current-email">{student.user.email}</strong>
        </Typography>
        <ErrorAlert error={failure} testId="email-error" />
        <Box sx={{ maxWidth: 480 }}>
          <TextInput name="email" type="email" label={t('field.newEmail')} autoComplete="email" value={values.email} onValueChange={setValue} error={errors.email} />
        </Box>
        {saved && (
          <FormMessage severity="success" testId="email-saved">
            {t('profile.email.saved', { email: saved })}
          </FormMessage>
        )}
        <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 1 }}>
          {t('profile.email.submit')}
        </Button>
      </Box>
    </Section>
  );
}

const PASSWORD_FIELDS = ['currentPassword', 'password', 'passwordConfirmation'] as const;

function ChangePasswordForm({ student }: { student: Student }) {
  const api = useApi();
  const { t } = useI18n();
  const navigate = useNavigate();
  const empty = { currentPassword: '', password: '', passwordConfirmation: '' };
  const { values, setValues, setValue, errors, setErrors } = useForm(empty);
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setSaved(false);
    const found = validate(values, { currentPassword: [required], password: [strongPassword], passwordConfirmation: [confirmation(values.password)] });
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      await api.updatePassword(student.user.id, values);
    } catch (error) {
      const view = describeError(error, PASSWORD_FIELDS);
      setErrors(view.fields);
      setFailure(view);
      setBusy(false);
      return;
    }
    // A new password ends every session of the account, this one included: sign in again with it.
    try {
      await api.signIn(student.user.email, values.password);
      setValues(empty);
      setSaved(true);
      setBusy(false);
    } catch {
      api.store.end('signedOut');
      navigate('/login', { replace: true, state: { notice: 'passwordReset' } satisfies LoginState });
    }
  }

  return (
    <Section title={t('profile.password.title')} id="password-heading">
      <Box component="form" noValidate onSubmit={submit} aria-label={t('profile.password.title')} sx={{ maxWidth: 480 }}>
        <ErrorAlert error={failure} testId="password-error" />
        <TextInput
          name="currentPassword"
          type="password"
          label={t('field.currentPassword')}
          autoComplete="current-password"
          value={values.currentPassword}
          onValueChange={setValue}
          error={errors.currentPassword}
        />
        <NewPasswordInputs
          values={values}
          errors={errors}
          onValueChange={setValue}
          labels={{ password: t('field.newPassword'), passwordConfirmation: t('field.newPasswordConfirmation') }}
        />
        {saved && (
          <FormMessage severity="success" testId="password-saved">
            {t('profile.password.saved')}
          </FormMessage>
        )}
        <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 1 }}>
          {t('profile.password.submit')}
        </Button>
      </Box>
    </Section>
  );
}
