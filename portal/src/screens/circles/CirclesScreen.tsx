/**
 * /coaching-circles — "Coaching circles" (issue 19). The student's own circles: the coach, the join
 * link, the schedule in their time zone with each session's attendance, and — explained before they
 * try — until when they may switch group or leave (12 hours before the next session); switching offers
 * the groups with free seats of the same circle and of circles of the same type that have not started.
 * Below, the circles of their classes open for sign-up with each group's coach and free seats. A server
 * refusal shows the server's sentence in the student's language.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { enumLabel } from '../../../../models/labels';
import { canChangeBefore, localParts } from '../../../../domain/rules/circle-sign-ups';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { useApi, useSession } from '../../components/PortalContext';
import { SelectInput } from '../../components/SelectInput';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { browserTimeZone, circlesApi, type AvailableCircle, type CircleSignUp } from '../../lib/circles-api';
import { describeError, type ErrorView } from '../../lib/errors';
import { useLoad } from '../enrollment/useLoad';
import { DataTable, schoolDate, Section } from '../payments/parts';
import { useT } from './i18n';

/** 18:30 → 6:30 PM (the portal's 12-hour times). */
export function time12(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

const circleTitle = (c: { name: string | null; typeName: string | null; id: number }) => c.name || c.typeName || `#${c.id}`;

export default function CirclesScreen() {
  const { t, locale } = useT();
  useDocumentTitle(t('circles.title'));
  const api = useApi();
  const calls = useMemo(() => circlesApi(api.http), [api]);
  const studentId = useSession()?.studentId;
  const zone = useMemo(() => browserTimeZone(), []);
  const loaded = useLoad(async () => {
    const [available, mine] = await Promise.all([studentId ? calls.available(studentId, zone) : Promise.resolve({ timeZone: zone, circles: [] }), calls.mine(zone)]);
    return { circles: available.circles, mine };
  }, [calls, studentId, zone]);
  const [error, setError] = useState<ErrorView | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [switching, setSwitching] = useState<CircleSignUp | null>(null);
  const [target, setTarget] = useState('');
  const [leaving, setLeaving] = useState<CircleSignUp | null>(null);

  if (loaded.loading) return <PageLoading />;
  const circles = loaded.data?.circles ?? [];
  const mine = loaded.data?.mine ?? [];

  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await work();
      setNotice(done);
      setSwitching(null);
      setLeaving(null);
      await loaded.reload();
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };

  /** Where a sign-up may move: groups with free seats of its circle, or of a circle of the same type not started. */
  const targetsOf = (s: CircleSignUp) =>
    circles
      .filter((c) => c.id === s.coachingCircleId || (c.coachingCircleTypeId === s.circle?.coachingCircleTypeId && !c.started && !c.signUp))
      .flatMap((c) => c.groups.filter((g) => g.id !== s.coachingCircleCoachId && g.freeSeats > 0).map((g) => ({ circle: c, group: g })));

  const deadlineText = (iso: string) => {
    const at = localParts(iso, zone);
    return `${schoolDate(at.date)} ${time12(at.time)}`;
  };

  const joinable = circles.filter((c) => !c.signUp);
  const statusLabel = (status: string) => enumLabel('AttendanceStatus', status, locale);

  return (
    <Box>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('circles.title')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{t('circles.intro')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('circles.zone', { zone })}
      </Typography>
      <ErrorAlert error={loaded.error ?? error} testId="circles-error" />
      <FormMessage severity="success" testId="circles-notice">
        {notice}
      </FormMessage>

      <Section title={t('circles.mine.title')} id="circles-mine">
        {mine.length === 0 && <Typography>{t('circles.mine.none')}</Typography>}
        {mine.map((s) => {
          const open = canChangeBefore(s.nextSessionAt);
          const title = s.circle ? circleTitle(s.circle) : '';
          return (
            <Box key={s.id} data-testid={`my-circle-${s.id}`} sx={{ mb: 3 }}>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                {title}
              </Typography>
              <Typography>{t('circles.coach', { name: s.group?.coachName ?? '' })}</Typography>
              {s.group?.webConferenceUrl && (
                <Link href={s.group.webConferenceUrl} target="_blank" rel="noopener noreferrer">
                  {t('circles.join')}
                </Link>
              )}
              <DataTable
                label={t('circles.schedule', { name: title })}
                testId={`my-circle-${s.id}-sessions`}
                rows={s.sessions}
                columns={[
                  { key: 'number', label: t('circles.col.number'), render: (r) => r.sessionNumber },
                  { key: 'date', label: t('circles.col.date'), render: (r) => schoolDate(r.localDate) },
                  { key: 'time', label: t('circles.col.time'), render: (r) => `${time12(r.localStartTime)} – ${time12(r.localEndTime)}` },
                  { key: 'status', label: t('circles.col.status'), render: (r) => statusLabel(r.status) },
                ]}
              />
              <Typography variant="body2" sx={{ mt: 1 }} data-testid={`my-circle-${s.id}-notice`}>
                {!s.nextSessionAt ? t('circles.notice.none') : open ? t('circles.notice.until', { deadline: deadlineText(s.changeDeadline!) }) : t('circles.notice.passed')}
              </Typography>
              {s.nextSessionAt && (
                <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
                  <Button
                    variant="outlined"
                    disabled={!open || busy}
                    onClick={() => {
                      setTarget('');
                      setSwitching(s);
                    }}
                  >
                    {t('circles.switch')}
                  </Button>
                  <Button variant="text" color="error" disabled={!open || busy} onClick={() => setLeaving(s)}>
                    {t('circles.leave')}
                  </Button>
                </Box>
              )}
            </Box>
          );
        })}
      </Section>

      <Section title={t('circles.available.title')} id="circles-available">
        {joinable.length === 0 && <Typography>{t('circles.available.none')}</Typography>}
        {joinable.map((c: AvailableCircle) => {
          const first = c.sessions.find((x) => new Date(x.startDateTime).getTime() > Date.now()) ?? c.sessions[0];
          return (
            <Box key={c.id} data-testid={`circle-${c.id}`} sx={{ mb: 3 }}>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                {circleTitle(c)}
              </Typography>
              {first && (
                <Typography variant="body2">
                  {t('circles.available.first', { date: schoolDate(first.localDate), time: time12(first.localStartTime), count: c.sessions.length, minutes: c.duration })}
                </Typography>
              )}
              {!c.open && <Typography variant="body2">{t('circles.available.closed')}</Typography>}
              {c.groups.map((g) => (
                <Box key={g.id} sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1, flexWrap: 'wrap' }}>
                  <Typography>{g.freeSeats > 0 ? t('circles.group', { name: g.coachName, seats: g.freeSeats }) : t('circles.group.full', { name: g.coachName })}</Typography>
                  <Button variant="contained" size="small" disabled={!c.open || g.freeSeats === 0 || busy} onClick={() => act(() => calls.signUp(g.id), t('circles.signUp.done'))}>
                    {t('circles.signUp', { name: g.coachName })}
                  </Button>
                </Box>
              ))}
            </Box>
          );
        })}
      </Section>

      <Dialog open={Boolean(switching)} onClose={() => setSwitching(null)} fullWidth maxWidth="sm">
        <DialogTitle>{t('circles.switch.title')}</DialogTitle>
        <DialogContent>
          {switching && targetsOf(switching).length === 0 ? (
            <DialogContentText>{t('circles.switch.none')}</DialogContentText>
          ) : (
            <>
              {switching?.changeDeadline && <DialogContentText>{t('circles.notice.until', { deadline: deadlineText(switching.changeDeadline) })}</DialogContentText>}
              <SelectInput
                name="target"
                label={t('circles.switch.target')}
                value={target}
                onValueChange={setTarget}
                emptyLabel="—"
                options={(switching ? targetsOf(switching) : []).map(({ circle, group }) => ({
                  value: String(group.id),
                  label: t('circles.option', { circle: circleTitle(circle), coach: group.coachName, seats: group.freeSeats }),
                }))}
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setSwitching(null)}>{t('circles.cancel')}</Button>
          <Button variant="contained" disabled={!target || busy} onClick={() => switching && act(() => calls.switchTo(switching.id, Number(target)), t('circles.switch.done'))}>
            {t('circles.switch.confirm')}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={Boolean(leaving)} onClose={() => setLeaving(null)}>
        <DialogTitle>{t('circles.leave.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('circles.leave.body')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setLeaving(null)}>{t('circles.cancel')}</Button>
          <Button color="error" variant="contained" disabled={busy} onClick={() => leaving && act(() => calls.leave(leaving.id), t('circles.leave.done'))}>
            {t('circles.leave.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
