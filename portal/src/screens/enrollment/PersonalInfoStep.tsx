/**
 * Step 3, personal info: the fields the server's personal-info check needs (names, date of birth of
 * someone 18 or older, mobile phone, street, city, zip, country, and the state in the United
 * States), prefilled from the student
 * record and saved with PUT /students/{id} (the profile body: whole sections, hidden fields as read),
 * then POST /applications/{id}/progress {step: COMPLETE_PERSONAL_INFO}. When the program's flow
 * requires the QUESTIONNAIRE, three questions follow → POST answers, then progress QUESTIONNAIRE.
 * When it requires DOCUMENT_UPLOAD, the document follows (DocumentForm: POST /files, the application
 * names the upload, progress DOCUMENT_UPLOAD).
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { format, Messages } from '../../../../models/messages';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageLoading } from '../../components/PageLoading';
import { useApi } from '../../components/PortalContext';
import { SelectInput } from '../../components/SelectInput';
import { TextInput } from '../../components/TextInput';
import { useT, type Key } from './i18n';
import { useStudent } from '../../layout/StudentContext';
import { personalInfoOf, type Student, type StudentProfileBody } from '../../lib/api';
import { parseDate, toInputDate, toStoredDate } from '../../lib/dates';
import type { Answer, StepState } from '../../lib/enrollment-api';
import { describeError, type ErrorView } from '../../lib/errors';
import { useForm } from '../../lib/useForm';
import { useLookupOptions } from '../../lib/useLookupOptions';
import { hasErrors, personName, required, validate, type Check } from '../../lib/validation';
import { DocumentForm } from './DocumentForm';
import { Block, StepActions } from './parts';
import { isRequired, stepOf } from './steps';
import type { StepProps } from './types';
import { useEnrollmentApi } from './useLoad';

const FIELDS = [
  'personalInfo.firstName',
  'personalInfo.lastName',
  'personalInfo.dateOfBirth',
  'contactInfo.mobilePhone',
  'address.street1',
  'address.city',
  'address.stateCode',
  'address.zip',
  'address.countryCode',
] as const;
type Field = (typeof FIELDS)[number];

/** The provider named in the under-age message (models/validation.ts validationSettings). */
const PROVIDER = 'Health Coach Institute';
const MINIMUM_AGE = 18;

function ageOn(birthDate: string, today: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number);
  const month = today.getMonth() + 1;
  return today.getFullYear() - y - (month < m || (month === m && today.getDate() < d) ? 1 : 0);
}

/** Required, a valid date, at least 18 years ago (the spec's message). */
const birthDate: Check = (v) => {
  if (!v.trim()) return Messages.REQUIRED;
  const stored = parseDate(v);
  if (!stored) return Messages.INVALID_DATE;
  return ageOn(stored, new Date()) < MINIMUM_AGE ? format(Messages.UNDER_AGE, PROVIDER) : undefined;
};

function valuesOf(student: Student): Record<Field, string> {
  const a = student.address;
  return {
    'personalInfo.firstName': student.personalInfo.firstName ?? '',
    'personalInfo.lastName': student.personalInfo.lastName ?? '',
    'personalInfo.dateOfBirth': toInputDate(student.personalInfo.dateOfBirth),
    'contactInfo.mobilePhone': student.contactInfo?.mobilePhone ?? '',
    'address.street1': a?.street1 ?? '',
    'address.city': a?.city ?? '',
    'address.stateCode': a?.stateCode ?? '',
    'address.zip': a?.zip ?? '',
    'address.countryCode': a?.countryCode ?? '',
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

function bodyOf(student: Student, v: Record<Field, string>): StudentProfileBody {
  return {
    personalInfo: {
      ...personalInfoOf(student),
      firstName: v['personalInfo.firstName'].trim(),
      lastName: v['personalInfo.lastName'].trim(),
      dateOfBirth: toStoredDate(v['personalInfo.dateOfBirth']),
    },
    contactInfo: { mobilePhone: orNull(v['contactInfo.mobilePhone']), homePhone: student.contactInfo?.homePhone ?? null, workPhone: student.contactInfo?.workPhone ?? null },
    address: {
      street1: orNull(v['address.street1']),
      street2: student.address?.street2 ?? null,
      city: orNull(v['address.city']),
      stateCode: orNull(v['address.stateCode']),
      zip: orNull(v['address.zip']),
      countryCode: orNull(v['address.countryCode']),
    },
  };
}

export function PersonalInfoStep(props: StepProps) {
  const { t } = useT();
  const { student, loading, error } = useStudent();
  const [phase, setPhase] = useState<'info' | 'questionnaire' | 'document'>('info');
  if (loading) return <PageLoading />;
  if (!student) return <ErrorAlert error={error ?? { message: t('profile.noStudent'), fields: {}, others: [] }} testId="student-error" />;
  // The DOCUMENT_UPLOAD step (issue 20) follows the questionnaire when the program's flow requires it.
  const needsDocument = isRequired(props.application.steps, 'DOCUMENT_UPLOAD');
  if (phase === 'document') return <DocumentForm {...props} onBack={() => setPhase(isRequired(props.application.steps, 'QUESTIONNAIRE') ? 'questionnaire' : 'info')} />;
  if (phase === 'questionnaire')
    return <QuestionnaireForm {...props} onBack={() => setPhase('info')} onDone={() => (needsDocument ? setPhase('document') : props.goTo('payment-plan'))} />;
  return (
    <PersonalInfoForm
      {...props}
      student={student}
      onSaved={(answered) => {
        if (isRequired(answered, 'QUESTIONNAIRE')) setPhase('questionnaire');
        else if (isRequired(answered, 'DOCUMENT_UPLOAD')) setPhase('document');
        else props.goTo('payment-plan');
      }}
    />
  );
}

function PersonalInfoForm({ application, student, goTo, reloadApplication, onSaved }: StepProps & { student: Student; onSaved(steps: StepState[]): void }) {
  const api = useApi();
  const calls = useEnrollmentApi();
  const { t } = useT();
  const { setStudent } = useStudent();
  const { values, setValue, errors, setErrors } = useForm<Field>(valuesOf(student));
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [busy, setBusy] = useState(false);
  const countries = useLookupOptions('COUNTRY');
  const states = useLookupOptions('US_STATE');
  const field = (name: Field) => ({ name, value: values[name], onValueChange: setValue, error: errors[name] });

  async function next() {
    setFailure(null);
    const found = validate(values, {
      'personalInfo.firstName': [personName],
      'personalInfo.lastName': [personName],
      'personalInfo.dateOfBirth': [birthDate],
      'contactInfo.mobilePhone': [required],
      'address.street1': [required],
      'address.city': [required],
      'address.zip': [required],
      'address.countryCode': [required],
      // The server's rule (api/applications/flow.ts personalInfoComplete): the state only for the United States.
      'address.stateCode': values['address.countryCode'] === 'US' ? [required] : [],
    });
    setErrors(found);
    if (hasErrors(found)) {
      setFailure({ code: 'VALIDATION_ERROR', message: Messages.INVALID_VALUE, fields: found as Record<string, string>, others: [] });
      return;
    }
    setBusy(true);
    try {
      setStudent(await api.updateStudent(student.id, bodyOf(student, values)));
      const progress = await calls.progress(application.id, 'COMPLETE_PERSONAL_INFO');
      await reloadApplication();
      onSaved(progress.steps);
    } catch (error) {
      const view = describeError(error, FIELDS);
      setErrors(view.fields);
      setFailure(view);
      setBusy(false);
    }
  }

  const isUs = values['address.countryCode'] === 'US';
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {t('enroll.personal.intro')}
      </Typography>
      <ErrorAlert error={failure} testId="personal-error" />
      <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        <TextInput label={t('field.firstName')} autoComplete="given-name" {...field('personalInfo.firstName')} />
        <TextInput label={t('field.lastName')} autoComplete="family-name" {...field('personalInfo.lastName')} />
        <TextInput
          label={t('field.dateOfBirth')}
          placeholder={t('date.format')}
          hint={t('date.format')}
          autoComplete="bday"
          inputMode="numeric"
          {...field('personalInfo.dateOfBirth')}
        />
        <TextInput label={t('field.mobilePhone')} type="tel" autoComplete="tel" hint={t('phone.hint')} {...field('contactInfo.mobilePhone')} />
        <TextInput label={t('field.street1')} autoComplete="address-line1" {...field('address.street1')} />
        <TextInput label={t('field.city')} autoComplete="address-level2" {...field('address.city')} />
        {isUs ? (
          <SelectInput label={t('field.stateCode')} options={states} emptyLabel={t('select.none')} {...field('address.stateCode')} />
        ) : (
          <TextInput label={t('field.stateCode')} autoComplete="address-level1" {...field('address.stateCode')} />
        )}
        <TextInput label={t('field.zip')} autoComplete="postal-code" {...field('address.zip')} />
        <SelectInput label={t('field.countryCode')} options={countries} emptyLabel={t('select.none')} {...field('address.countryCode')} />
      </Box>
      <StepActions onBack={() => goTo('class')} onNext={next} busy={busy} />
    </Box>
  );
}

/** The questionnaire's three questions (answers upserted by question id). */
const QUESTIONS: Array<{ id: string; label: Key; kind: 'text' | 'select' }> = [
  { id: 'motivation', label: 'enroll.questionnaire.motivation', kind: 'text' },
  { id: 'healthBackground', label: 'enroll.questionnaire.healthBackground', kind: 'text' },
  { id: 'referralSource', label: 'enroll.questionnaire.referralSource', kind: 'select' },
];
const REFERRAL_SOURCES = ['SEARCH', 'SOCIAL_MEDIA', 'FRIEND_OR_FAMILY', 'PODCAST', 'EVENT', 'OTHER'] as const;

function QuestionnaireForm({ application, reloadApplication, onBack, onDone }: StepProps & { onBack(): void; onDone(): void }) {
  const calls = useEnrollmentApi();
  const { t } = useT();
  const { values, setValues, setValue, errors, setErrors } = useForm<string>(Object.fromEntries(QUESTIONS.map((q) => [q.id, ''])));
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [busy, setBusy] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    let live = true;
    calls.answers(application.id).then(
      (answers: Answer[]) => {
        if (!live) return;
        setValues((current) => ({ ...current, ...Object.fromEntries(answers.filter((a) => a.questionId in current).map((a) => [a.questionId, a.content])) }));
        setLoaded(true);
      },
      () => live && setLoaded(true),
    );
    return () => {
      live = false;
    };
  }, [calls, application.id, setValues]);

  async function next() {
    setFailure(null);
    const found = validate(values, Object.fromEntries(QUESTIONS.map((q) => [q.id, [required]])));
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      await calls.saveAnswers(
        application.id,
        QUESTIONS.map((q) => ({ questionId: q.id, content: values[q.id].trim() })),
      );
      await calls.progress(application.id, 'QUESTIONNAIRE');
      await reloadApplication();
      onDone();
    } catch (error) {
      setFailure(describeError(error));
      setBusy(false);
    }
  }

  if (!loaded) return <PageLoading />;
  const done = stepOf(application.steps, 'QUESTIONNAIRE')?.completed;
  return (
    <Block title={t('enroll.questionnaire.title')} id="questionnaire-heading">
      <Typography variant="body2" color="text.secondary">
        {done ? t('enroll.questionnaire.done') : t('enroll.questionnaire.intro')}
      </Typography>
      <ErrorAlert error={failure} testId="questionnaire-error" />
      {QUESTIONS.map((q) =>
        q.kind === 'select' ? (
          <SelectInput
            key={q.id}
            name={q.id}
            label={t(q.label)}
            value={values[q.id]}
            onValueChange={setValue}
            error={errors[q.id]}
            emptyLabel={t('select.none')}
            options={REFERRAL_SOURCES.map((value) => ({ value, label: t(`enroll.questionnaire.source.${value}` as Key) }))}
          />
        ) : (
          <TextInput key={q.id} name={q.id} label={t(q.label)} value={values[q.id]} onValueChange={setValue} error={errors[q.id]} />
        ),
      )}
      <StepActions onBack={onBack} onNext={next} busy={busy} />
    </Block>
  );
}
