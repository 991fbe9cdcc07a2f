/**
 * /coach/profile — the signed-in coach's own profile (issue 19, coach-portal): their name and email as
 * the institute keeps them (staff change those), and what the coach edits of themself with PUT
 * /coaches/me: their mobile phone, the language and time zone they receive messages in, and their
 * public profile (intro, photo, video, social networks, specializations, the languages they coach in,
 * their own web conference and Facebook group links). Server field errors show under the matching field;
 * the saved record goes back into the coach's shared state, so a new time zone applies on every screen.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { SelectInput } from '../../components/SelectInput';
import { TextInput } from '../../components/TextInput';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { LANGUAGES } from '../../i18n';
import type { CoachSelf, CoachSelfBody } from '../../lib/coach-api';
import { describeError, type ErrorView } from '../../lib/errors';
import { useForm } from '../../lib/useForm';
import { Section } from '../payments/parts';
import { useCoach } from './CoachContext';
import { useT } from './i18n';

const FIELDS = [
  'mobilePhone',
  'languageIso2LetterCode',
  'timeZone',
  'intro',
  'photo',
  'video',
  'specializations',
  'coachWebConferenceUrl',
  'facebookGroupUrl',
  'socialNetworks.linkedIn',
  'socialNetworks.facebook',
  'socialNetworks.instagram',
  'socialNetworks.youtube',
] as const;
type Field = (typeof FIELDS)[number];
/** Server paths whose errors show under a field (a list's errors come on its items too). */
const SERVER_FIELDS: readonly string[] = [...FIELDS, 'languages', 'showPhone'];

function valuesOf(c: CoachSelf): Record<Field, string> {
  return {
    mobilePhone: c.mobilePhone ?? '',
    languageIso2LetterCode: c.languageIso2LetterCode ?? 'EN',
    timeZone: c.timeZone ?? '',
    intro: c.intro ?? '',
    photo: c.photo ?? '',
    video: c.video ?? '',
    specializations: c.specializations.join(', '),
    coachWebConferenceUrl: c.coachWebConferenceUrl ?? '',
    facebookGroupUrl: c.facebookGroupUrl ?? '',
    'socialNetworks.linkedIn': c.socialNetworks.linkedIn ?? '',
    'socialNetworks.facebook': c.socialNetworks.facebook ?? '',
    'socialNetworks.instagram': c.socialNetworks.instagram ?? '',
    'socialNetworks.youtube': c.socialNetworks.youtube ?? '',
  };
}

const orNull = (value: string) => value.trim() || null;

/** The PUT body: every editable field as typed (blank → null); specializations split on commas. */
export function coachProfileBody(v: Record<Field, string>, languages: Array<'EN' | 'ES'>, showPhone: boolean): CoachSelfBody {
  return {
    mobilePhone: orNull(v.mobilePhone),
    languageIso2LetterCode: v.languageIso2LetterCode === 'ES' ? 'ES' : 'EN',
    timeZone: orNull(v.timeZone),
    intro: orNull(v.intro),
    photo: orNull(v.photo),
    video: orNull(v.video),
    showPhone,
    specializations: v.specializations
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    languages,
    coachWebConferenceUrl: orNull(v.coachWebConferenceUrl),
    facebookGroupUrl: orNull(v.facebookGroupUrl),
    socialNetworks: {
      linkedIn: orNull(v['socialNetworks.linkedIn']),
      facebook: orNull(v['socialNetworks.facebook']),
      instagram: orNull(v['socialNetworks.instagram']),
      youtube: orNull(v['socialNetworks.youtube']),
    },
  };
}

/** IANA zones the browser knows (a short list where it cannot tell). */
function zoneOptions(): Array<{ value: string; label: string }> {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'America/Puerto_Rico', 'UTC'];
  return zones.map((z) => ({ value: z, label: z.replace(/_/g, ' ') }));
}

/** Two fields side by side on wide screens. */
function Row({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>{children}</Box>;
}

export default function CoachProfileScreen() {
  const { t } = useT();
  const { coach, loading, error } = useCoach();
  useDocumentTitle(t('nav.coachProfile'));
  if (loading) return <PageLoading />;
  if (!coach) return <ErrorAlert error={error ?? { code: 'NOT_FOUND', message: 'Record not found', fields: {}, others: [] }} testId="coach-error" />;
  return <ProfileForm coach={coach} />;
}

function ProfileForm({ coach }: { coach: CoachSelf }) {
  const { t, tm, language, setLanguage } = useT();
  const { calls, putCoach } = useCoach();
  const { values, setValues, setValue, errors, setErrors } = useForm<Field>(valuesOf(coach));
  const [languages, setLanguages] = useState<Array<'EN' | 'ES'>>(coach.languages);
  const [showPhone, setShowPhone] = useState(coach.showPhone);
  const [listErrors, setListErrors] = useState<{ languages?: string }>({});
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const zones = useMemo(zoneOptions, []);
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const field = (name: Field) => ({ name, value: values[name], onValueChange: setValue, error: errors[name] });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setSaved(false);
    if (!languages.length) {
      setListErrors({ languages: 'Required' });
      return;
    }
    setBusy(true);
    try {
      const updated = await calls.updateMe(coachProfileBody(values, languages, showPhone));
      putCoach(updated);
      setValues(valuesOf(updated));
      setLanguages(updated.languages);
      setShowPhone(updated.showPhone);
      setErrors({});
      setListErrors({});
      setSaved(true);
      const preferred = updated.languageIso2LetterCode;
      if ((preferred === 'EN' || preferred === 'ES') && preferred !== coach.languageIso2LetterCode && preferred !== language) setLanguage(preferred);
    } catch (caught) {
      const view = describeError(caught, SERVER_FIELDS);
      setErrors(view.fields as Partial<Record<Field, string>>);
      setListErrors({ languages: view.fields.languages });
      setFailure(view);
    } finally {
      setBusy(false);
    }
  }

  const toggleLanguage = (code: 'EN' | 'ES', on: boolean) => {
    setListErrors({});
    setLanguages((current) => (on ? LANGUAGES.filter((l) => l === code || current.includes(l)) : current.filter((l) => l !== code)));
  };

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('nav.coachProfile')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('coach.profile.intro')}</Typography>

      <Section title={t('coach.profile.account')} id="coach-profile-account">
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 0.5 }}>
          <Typography component="dt" color="text.secondary">
            {t('coach.profile.name')}
          </Typography>
          <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 } }} data-testid="coach-profile-name">
            {coach.name}
          </Typography>
          <Typography component="dt" color="text.secondary">
            {t('coach.profile.email')}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid="coach-profile-email">
            {coach.email}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('coach.profile.staffKeeps')}
        </Typography>
      </Section>

      <Box component="form" noValidate onSubmit={submit} aria-label={t('nav.coachProfile')}>
        <ErrorAlert error={failure} testId="coach-profile-error" />
        <Section title={t('coach.profile.messages')} id="coach-profile-messages">
          <Row>
            <TextInput label={t('field.mobilePhone')} type="tel" autoComplete="tel" hint={t('phone.hint')} {...field('mobilePhone')} />
            <SelectInput
              label={t('coach.profile.language')}
              options={LANGUAGES.map((code) => ({ value: code, label: t(code === 'EN' ? 'language.english' : 'language.spanish') }))}
              {...field('languageIso2LetterCode')}
            />
          </Row>
          <SelectInput
            label={t('coach.profile.timeZone')}
            options={zones}
            emptyLabel={t('coach.profile.browserZone', { zone: browserZone })}
            hint={t('coach.profile.timeZoneHint')}
            {...field('timeZone')}
          />
        </Section>

        <Section title={t('coach.profile.public')} id="coach-profile-public">
          <TextField
            name="intro"
            label={t('coach.profile.bio')}
            value={values.intro}
            onChange={(event) => setValue(event.target.value, 'intro')}
            error={Boolean(errors.intro)}
            helperText={errors.intro ? tm(errors.intro) : t('coach.profile.bioHint')}
            multiline
            minRows={4}
            fullWidth
            margin="normal"
            slotProps={{ htmlInput: { 'data-testid': 'field-intro', maxLength: 5000 } }}
          />
          <Row>
            <TextInput label={t('coach.profile.photo')} type="url" inputMode="text" hint={t('coach.profile.photoHint')} {...field('photo')} />
            <TextInput label={t('coach.profile.video')} type="url" inputMode="text" {...field('video')} />
          </Row>
          <TextInput label={t('coach.profile.specializations')} hint={t('coach.profile.specializationsHint')} {...field('specializations')} />
          <Box sx={{ mt: 2 }}>
            <FormLabel component="legend" error={Boolean(listErrors.languages)}>
              {t('coach.profile.languages')}
            </FormLabel>
            <FormGroup row>
              {LANGUAGES.map((code) => (
                <FormControlLabel
                  key={code}
                  control={<Checkbox checked={languages.includes(code)} onChange={(event) => toggleLanguage(code, event.target.checked)} data-testid={`coach-language-${code}`} />}
                  label={t(code === 'EN' ? 'language.english' : 'language.spanish')}
                />
              ))}
            </FormGroup>
            {listErrors.languages && <FormHelperText error>{t('coach.profile.languagesRequired')}</FormHelperText>}
          </Box>
          <FormControlLabel
            sx={{ mt: 1 }}
            control={<Checkbox checked={showPhone} onChange={(event) => setShowPhone(event.target.checked)} data-testid="coach-show-phone" />}
            label={t('coach.profile.showPhone')}
          />
        </Section>

        <Section title={t('coach.profile.links')} id="coach-profile-links">
          <Row>
            <TextInput label={t('coach.profile.webConference')} type="url" inputMode="text" hint={t('coach.profile.webConferenceHint')} {...field('coachWebConferenceUrl')} />
            <TextInput label={t('coach.profile.facebookGroup')} type="url" inputMode="text" {...field('facebookGroupUrl')} />
            <TextInput label="LinkedIn" type="url" inputMode="text" {...field('socialNetworks.linkedIn')} />
            <TextInput label="Facebook" type="url" inputMode="text" {...field('socialNetworks.facebook')} />
            <TextInput label="Instagram" type="url" inputMode="text" {...field('socialNetworks.instagram')} />
            <TextInput label="YouTube" type="url" inputMode="text" {...field('socialNetworks.youtube')} />
          </Row>
        </Section>

        {saved && (
          <FormMessage severity="success" testId="coach-profile-saved">
            {t('coach.profile.saved')}
          </FormMessage>
        )}
        <Button type="submit" variant="contained" disabled={busy} sx={{ mb: 3 }} data-testid="coach-profile-save">
          {t('coach.profile.save')}
        </Button>
      </Box>
    </Box>
  );
}
