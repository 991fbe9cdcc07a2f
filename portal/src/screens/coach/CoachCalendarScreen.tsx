/**
 * /coach/calendar — "My calendar" (issue 19): the sessions of the coach's groups on react-big-calendar
 * (date-fns 3 localizer, en-US and es), placed in the coach's time zone (their record's, else the
 * browser's). Week and agenda views; a phone opens on the agenda. The calendar opens on the week of the
 * next session; a session opens its page (roster, join link, attendance). This module and the calendar
 * library are loaded with the screen only.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { es } from 'date-fns/locale/es';
import { useMemo, useState } from 'react';
import { Calendar, dateFnsLocalizer, type View } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { useNavigate } from 'react-router-dom';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useCoach } from './CoachContext';
import { useT } from './i18n';
import { allSessions, circleTitle, pendingOf, sessionPath, wallClock } from './schedule';

const localizer = dateFnsLocalizer({ format, parse, startOfWeek, getDay, locales: { 'en-US': enUS, es } });

export interface SessionEvent {
  id: number;
  title: string;
  start: Date;
  end: Date;
  groupId: number;
  sessionId: number;
  /** Started with attendance still to take. */
  pending: boolean;
}

export default function CoachCalendarScreen() {
  const { t, locale } = useT();
  useDocumentTitle(t('coach.calendar.title'));
  const theme = useTheme();
  // Read once when the screen opens (useMediaQuery would join the first load's vendor chunk).
  const [phone] = useState(() => typeof window !== 'undefined' && Boolean(window.matchMedia?.(theme.breakpoints.down('sm').replace(/^@media\s*/, '')).matches));
  const navigate = useNavigate();
  const { zone, groups, sessions, loading, error } = useCoach();
  const [chosenView, setView] = useState<View | null>(null);
  const [chosenDate, setDate] = useState<Date | null>(null);

  const events = useMemo<SessionEvent[]>(
    () =>
      allSessions(groups, sessions).map(({ group, session }) => ({
        id: session.id,
        title: t('coach.event', { circle: circleTitle(group), number: session.sessionNumber }),
        start: wallClock(session.startDateTime, zone),
        end: wallClock(session.endDateTime, zone),
        groupId: group.id,
        sessionId: session.id,
        pending: session.started && pendingOf(session) > 0,
      })),
    [groups, sessions, zone, t],
  );

  if (loading) return <PageLoading />;

  const now = wallClock(new Date(), zone);
  // Opens on the next session (else the last one, else today), in the coach's zone.
  const upcoming = events.find((e) => e.end.getTime() > now.getTime()) ?? events[events.length - 1];
  const date = chosenDate ?? upcoming?.start ?? now;
  const view: View = chosenView ?? (phone ? 'agenda' : 'week');

  return (
    <Box>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('coach.calendar.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('coach.zone', { zone })}
      </Typography>
      <ErrorAlert error={error} testId="coach-error" />
      <Box
        data-testid="coach-calendar"
        sx={{
          // rbc's agenda scrolls inside a flex child of no height of its own: the box keeps one in every view.
          height: { xs: 640, md: 760 },
          minHeight: 320,
          '& .rbc-toolbar': { gap: 1, flexWrap: 'wrap' },
          '& .rbc-toolbar-label': { fontWeight: 600 },
          '& .rbc-event.session-pending': { bgcolor: 'warning.main', color: 'warning.contrastText' },
          '& .rbc-agenda-table': { fontSize: { xs: '0.8rem', sm: '0.875rem' } },
        }}
      >
        <Calendar<SessionEvent>
          localizer={localizer}
          culture={locale === 'es' ? 'es' : 'en-US'}
          events={events}
          views={['week', 'agenda']}
          view={view}
          onView={setView}
          date={date}
          onNavigate={setDate}
          getNow={() => wallClock(new Date(), zone)}
          scrollToTime={new Date(1970, 0, 1, 7)}
          length={30}
          popup
          onSelectEvent={(event) => navigate(sessionPath(event.groupId, event.sessionId))}
          eventPropGetter={(event) => ({ className: event.pending ? 'session-pending' : undefined })}
          messages={{
            today: t('coach.calendar.today'),
            previous: t('coach.calendar.previous'),
            next: t('coach.calendar.next'),
            week: t('coach.calendar.week'),
            agenda: t('coach.calendar.agenda'),
            date: t('coach.calendar.date'),
            time: t('coach.calendar.time'),
            event: t('coach.calendar.event'),
            allDay: t('coach.calendar.allDay'),
            noEventsInRange: t('coach.calendar.noEvents'),
            showMore: (count: number) => t('coach.calendar.more', { count }),
          }}
          style={{ height: '100%' }}
        />
      </Box>
    </Box>
  );
}
