/**
 * /coach/groups/:groupId — one of the coach's groups (issue 19): its settings (the web conference URL
 * students join with, saved with PATCH …/web_conference_url) and its sessions in the coach's time zone,
 * each with its roster size and attendance state, opening the session. A group that is not the coach's
 * (the server answers 404 for another coach's, so it is not among theirs) says so.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { RouterLink } from '../../components/RouterLink';
import { TextInput } from '../../components/TextInput';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { describeError, type ErrorView } from '../../lib/errors';
import { DataTable, Section } from '../payments/parts';
import { useCoach } from './CoachContext';
import { useT } from './i18n';
import { circleTitle, formatTime, formatWhen, pendingOf, sessionPath } from './schedule';

export default function CoachGroupScreen() {
  const { t, locale } = useT();
  const { groupId } = useParams();
  const { calls, zone, groups, sessions, loading, error, putGroup } = useCoach();
  const group = groups.find((g) => String(g.id) === groupId);
  useDocumentTitle(group ? circleTitle(group) : t('coach.groups.title'));
  const [url, setUrl] = useState('');
  const [saveError, setSaveError] = useState<ErrorView | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setUrl(group?.webConferenceUrl ?? '');
  }, [group?.id, group?.webConferenceUrl]);

  if (loading) return <PageLoading />;
  if (!group) return error ? <ErrorAlert error={error} testId="coach-error" /> : <Missing text={t('coach.group.missing')} />;

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setSaveError(null);
    setSaved(false);
    try {
      putGroup(await calls.setWebConferenceUrl(group!.id, url.trim()));
      setSaved(true);
    } catch (failure) {
      setSaveError(describeError(failure, ['webConferenceUrl']));
    } finally {
      setBusy(false);
    }
  }

  const rows = sessions.get(group.id) ?? [];
  const attendance = (s: (typeof rows)[number]) => {
    if (!s.started) return t('coach.attendance.notYet');
    const pending = pendingOf(s);
    return pending > 0 ? t('coach.attendance.pending', { count: pending }) : t('coach.attendance.taken');
  };

  return (
    <Box sx={{ maxWidth: 960 }}>
      <RouterLink to="/coach/groups" variant="body2">
        {t('coach.group.back')}
      </RouterLink>
      <Typography component="h1" variant="h4" gutterBottom sx={{ mt: 1 }}>
        {circleTitle(group)}
      </Typography>
      {group.circle.cohortLabel && <Typography>{t('coach.group.cohort', { label: group.circle.cohortLabel })}</Typography>}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('coach.zone', { zone })}
      </Typography>

      <Section title={t('coach.group.settings')} id="coach-group-settings">
        <Box component="form" noValidate onSubmit={save} sx={{ maxWidth: 560 }}>
          <ErrorAlert error={saveError} testId="coach-group-error" />
          <FormMessage severity="success" testId="coach-group-saved">
            {saved ? t('coach.group.saved') : null}
          </FormMessage>
          <TextInput
            name="webConferenceUrl"
            label={t('coach.group.url')}
            value={url}
            onValueChange={(value) => {
              setUrl(value);
              setSaved(false);
            }}
            type="url"
            inputMode="text"
            error={saveError?.fields.webConferenceUrl}
            hint={t('coach.group.urlHint')}
          />
          <Button type="submit" variant="contained" disabled={busy || url.trim() === (group.webConferenceUrl ?? '')}>
            {t('coach.group.save')}
          </Button>
        </Box>
      </Section>

      <Section title={t('coach.group.sessions')} id="coach-group-sessions">
        <DataTable
          label={t('coach.group.sessions')}
          testId="coach-session"
          rows={rows}
          columns={[
            { key: 'number', label: t('coach.col.number'), render: (s) => s.sessionNumber },
            {
              key: 'when',
              label: t('coach.col.when'),
              render: (s) => (
                <Link to={sessionPath(group.id, s.id)}>
                  {t('coach.session.when', { when: formatWhen(s.startDateTime, zone, locale), end: formatTime(s.endDateTime, zone, locale) })}
                </Link>
              ),
            },
            { key: 'students', label: t('coach.col.students'), render: (s) => s.roster.length },
            { key: 'attendance', label: t('coach.col.attendance'), render: attendance },
          ]}
        />
      </Section>
    </Box>
  );
}

/** A group or session that is not the coach's: said in the shell, with the way back to their groups. */
export function Missing({ text }: { text: string }) {
  const { t } = useT();
  return (
    <Box sx={{ maxWidth: 960 }} data-testid="coach-missing">
      <FormMessage severity="warning">{text}</FormMessage>
      <RouterLink to="/coach/groups">{t('coach.group.back')}</RouterLink>
    </Box>
  );
}
