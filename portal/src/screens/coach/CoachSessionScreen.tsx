/**
 * /coach/groups/:groupId/sessions/:sessionId — one session of the coach's group (issue 19): when it is
 * (in the coach's time zone), the group's join link, and the roster — each student's name and
 * attendance status in words. Once the session has started the coach takes attendance: ATTENDED or
 * ABSENT, participation and notes per student, saved with PUT …/attendances (the students marked;
 * the others stay pending). A refusal (e.g. the session has not started yet) shows the server's
 * sentence in the coach's language.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { enumLabel } from '../../../../models/labels';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { RouterLink } from '../../components/RouterLink';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import type { AttendanceRow, GroupSession, RosterEntry } from '../../lib/coach-api';
import { describeError, failureOf, type ErrorView } from '../../lib/errors';
import { Section } from '../payments/parts';
import { useCoach } from './CoachContext';
import { Missing } from './CoachGroupScreen';
import { useT } from './i18n';
import { circleTitle, formatTime, formatWhen } from './schedule';

type Mark = 'ATTENDED' | 'ABSENT' | '';
interface Draft {
  status: Mark;
  participation: string;
  notes: string;
}

const draftOf = (r: RosterEntry): Draft => ({ status: r.status === 'PENDING' ? '' : r.status, participation: r.participation ?? '', notes: r.notes ?? '' });
const draftsOf = (s: GroupSession | undefined) => new Map((s?.roster ?? []).map((r) => [r.coachingCircleSignUpSessionId, draftOf(r)]));

/** The PUT body: the students marked, with their participation and notes (empty → null). */
export function attendanceBody(drafts: ReadonlyMap<number, Draft>): AttendanceRow[] {
  return [...drafts.entries()]
    .filter(([, d]) => d.status !== '')
    .map(([id, d]) => ({
      coachingCircleSignUpSessionId: id,
      status: d.status as 'ATTENDED' | 'ABSENT',
      participation: d.participation.trim() || null,
      notes: d.notes.trim() || null,
    }));
}

export default function CoachSessionScreen() {
  const { t, locale } = useT();
  const { groupId, sessionId } = useParams();
  const { calls, zone, groups, sessions, loading, error, putSession } = useCoach();
  const group = groups.find((g) => String(g.id) === groupId);
  const session = group ? sessions.get(group.id)?.find((s) => String(s.id) === sessionId) : undefined;
  const title = group && session ? t('coach.session.title', { circle: circleTitle(group), number: session.sessionNumber }) : '';
  useDocumentTitle(title || t('coach.calendar.title'));
  const [drafts, setDrafts] = useState(() => draftsOf(session));
  const [saveError, setSaveError] = useState<ErrorView | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setDrafts(draftsOf(session));
  }, [session]);

  if (loading) return <PageLoading />;
  if (!group || !session) return error ? <ErrorAlert error={error} testId="coach-error" /> : <Missing text={t('coach.session.missing')} />;

  const change = (id: number, patch: Partial<Draft>) => {
    setSaved(false);
    setDrafts((current) => new Map(current).set(id, { ...current.get(id)!, ...patch }));
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const body = attendanceBody(drafts);
    if (body.length === 0) {
      setSaveError(failureOf(t('coach.session.choose')));
      return;
    }
    setBusy(true);
    setSaveError(null);
    try {
      putSession(group!.id, await calls.saveAttendance(group!.id, session!.id, body));
      setSaved(true);
    } catch (failure) {
      setSaveError(describeError(failure));
    } finally {
      setBusy(false);
    }
  }

  const status = (value: string) => enumLabel('AttendanceStatus', value, locale);

  return (
    <Box sx={{ maxWidth: 960 }}>
      <RouterLink to={`/coach/groups/${group.id}`}>{t('coach.session.back')}</RouterLink>
      <Typography component="h1" variant="h4" gutterBottom sx={{ mt: 1 }}>
        {title}
      </Typography>
      <Typography data-testid="coach-session-when">
        {t('coach.session.when', { when: formatWhen(session.startDateTime, zone, locale), end: formatTime(session.endDateTime, zone, locale) })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('coach.zone', { zone })}
      </Typography>
      <Box sx={{ mb: 2 }}>
        {group.webConferenceUrl ? (
          <Button component={Link} href={group.webConferenceUrl} target="_blank" rel="noopener noreferrer" variant="contained" data-testid="coach-join">
            {t('coach.session.join')}
          </Button>
        ) : (
          <Typography color="warning.main">{t('coach.session.noUrl')}</Typography>
        )}
      </Box>

      <Section title={t('coach.session.roster')} id="coach-roster">
        {!session.started && session.roster.length > 0 && <FormMessage severity="info">{t('coach.session.notStarted')}</FormMessage>}
        {session.roster.length === 0 && <Typography>{t('coach.session.empty')}</Typography>}
        <Box component="form" noValidate onSubmit={save}>
          <ErrorAlert error={saveError} testId="coach-session-error" />
          <FormMessage severity="success" testId="coach-session-saved">
            {saved ? t('coach.session.saved') : null}
          </FormMessage>
          {session.roster.map((r) => {
            const draft = drafts.get(r.coachingCircleSignUpSessionId) ?? draftOf(r);
            const labelId = `attendance-${r.coachingCircleSignUpSessionId}`;
            return (
              <Paper key={r.coachingCircleSignUpSessionId} variant="outlined" sx={{ p: 2, mb: 1.5 }} data-testid={`roster-${r.coachingCircleSignUpSessionId}`}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600 }}>{r.student.fullName}</Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                      {r.student.email}
                    </Typography>
                  </Box>
                  <Typography variant="body2" data-testid={`roster-${r.coachingCircleSignUpSessionId}-status`}>
                    {`${t('coach.col.status')}: ${status(r.status)}`}
                  </Typography>
                </Box>
                {session.started && (
                  <Box sx={{ mt: 1 }}>
                    <FormControl component="fieldset">
                      <FormLabel component="legend" id={labelId} sx={{ typography: 'body2' }}>
                        {t('coach.session.attendance')}
                      </FormLabel>
                      <RadioGroup row aria-labelledby={labelId} value={draft.status} onChange={(e) => change(r.coachingCircleSignUpSessionId, { status: e.target.value as Mark })}>
                        <FormControlLabel value="ATTENDED" control={<Radio />} label={status('ATTENDED')} />
                        <FormControlLabel value="ABSENT" control={<Radio />} label={status('ABSENT')} />
                      </RadioGroup>
                    </FormControl>
                    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, 1fr) 2fr' }, mt: 1 }}>
                      <TextField
                        size="small"
                        label={t('coach.session.participation')}
                        value={draft.participation}
                        onChange={(e) => change(r.coachingCircleSignUpSessionId, { participation: e.target.value })}
                        slotProps={{ htmlInput: { maxLength: 30 } }}
                      />
                      <TextField
                        size="small"
                        multiline
                        minRows={1}
                        label={t('coach.session.notes')}
                        value={draft.notes}
                        onChange={(e) => change(r.coachingCircleSignUpSessionId, { notes: e.target.value })}
                        slotProps={{ htmlInput: { maxLength: 2000 } }}
                      />
                    </Box>
                  </Box>
                )}
              </Paper>
            );
          })}
          {session.started && session.roster.length > 0 && (
            <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 1 }}>
              {t('coach.session.save')}
            </Button>
          )}
        </Box>
      </Section>
    </Box>
  );
}
