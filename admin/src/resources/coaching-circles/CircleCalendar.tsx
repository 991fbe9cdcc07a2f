import { useMemo, useState } from 'react';
import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import { Calendar, dateFnsLocalizer, type View } from 'react-big-calendar';
import { addDays, endOfMonth, endOfWeek, format, getDay, parse, startOfMonth, startOfWeek } from 'date-fns';
import { enUS, es } from 'date-fns/locale';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { addToDay, DEFAULT_ZONE, localParts, parseZone, wallTimeToUtc } from '../../../../domain/rules/coaching-circles';
import type { CircleSessionsAnswer } from '../../../../domain/contract/coaching-circles';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { CIRCLES } from './circleRecord';

/**
 * The calendar tab of /coaching-circles: the generated sessions of the visible range, in the school's
 * zone (America/New_York), whatever the browser's. One call for the range: POST
 * /coaching_circles/sessions/find_by_criteria (the sessions as stored: skipped dates and regenerations
 * included). Clicking an event opens the circle. This module alone imports react-big-calendar and its
 * CSS, so both come with this lazily loaded tab.
 */

const localizer = dateFnsLocalizer({ format, parse, startOfWeek, getDay, locales: { en: enUS, es } });
const SCHOOL_ZONE = parseZone(DEFAULT_ZONE)!;

export interface CircleEvent {
  id: string;
  circleId: number;
  title: string;
  start: Date;
  end: Date;
  published: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A calendar's local Date (it shows the school's wall clock) → YYYY-MM-DD. */
export const dayOfWall = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** An instant → a local Date whose wall clock is the school's at that instant (what the calendar draws). */
export function schoolWall(instant: Date): Date {
  const { date, time } = localParts(instant, SCHOOL_ZONE);
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  return new Date(y, m - 1, d, hh, mm);
}

/** The days a view shows around `date` (weeks start on Sunday, as the localizer's en-US). */
export function visibleDays(date: Date, view: View): { from: string; to: string } {
  const week = { weekStartsOn: 0 as const };
  if (view === 'month') return { from: dayOfWall(startOfWeek(startOfMonth(date), week)), to: dayOfWall(endOfWeek(endOfMonth(date), week)) };
  if (view === 'week' || view === 'work_week') return { from: dayOfWall(startOfWeek(date, week)), to: dayOfWall(endOfWeek(date, week)) };
  if (view === 'agenda') return { from: dayOfWall(date), to: dayOfWall(addDays(date, 30)) };
  return { from: dayOfWall(date), to: dayOfWall(date) };
}

/** The instants a range of school days spans: its first day's midnight to the midnight after its last. */
export function rangeInstants(range: { from: string; to: string }): { from: string; to: string } {
  return { from: wallTimeToUtc(range.from, '00:00', SCHOOL_ZONE).toISOString(), to: wallTimeToUtc(addToDay(range.to, 1, 'DAYS'), '00:00', SCHOOL_ZONE).toISOString() };
}

/** The range's sessions as calendar events. */
export function sessionEvents(sessions: CircleSessionsAnswer['content']): CircleEvent[] {
  return sessions.map((s) => ({
    id: `${s.coachingCircleId}-${s.sessionNumber}`,
    circleId: s.coachingCircleId,
    title: `${s.circleName ?? `#${s.coachingCircleId}`} · ${s.sessionNumber}/${s.sessions}`,
    start: schoolWall(new Date(s.startDateTime)),
    end: schoolWall(new Date(s.endDateTime)),
    published: s.published,
  }));
}

function EventLabel({ event }: { event: CircleEvent }) {
  return <span data-testid={`circle-event-${event.id}`}>{event.title}</span>;
}

export function CircleCalendar({ initialDate }: { initialDate?: Date }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useAppDataProvider();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [date, setDate] = useState<Date>(() => initialDate ?? schoolWall(new Date()));
  const [view, setView] = useState<View>('month');
  const range = visibleDays(date, view);
  const { data, isPending, error } = useQuery({
    queryKey: ['coaching-circles', 'calendar', range.from, range.to],
    queryFn: async () => (await dataProvider.request({ method: 'POST', path: '/coaching_circles/sessions/find_by_criteria', body: rangeInstants(range) })) as CircleSessionsAnswer,
    staleTime: 30_000,
  });
  const events = useMemo(() => sessionEvents(data?.content ?? []), [data]);
  const m = (key: string) => translate(`resources.${CIRCLES}.calendar.${key}`);
  const messages = useMemo(
    () => ({
      today: m('today'),
      previous: m('previous'),
      next: m('next'),
      month: m('month'),
      week: m('week'),
      day: m('day'),
      agenda: m('agenda'),
      date: m('date'),
      time: m('time'),
      event: m('event'),
      noEventsInRange: m('empty'),
      showMore: (count: number) => translate(`resources.${CIRCLES}.calendar.more`, { count }),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [translate],
  );
  return (
    <Box sx={{ p: 2 }} data-testid="circle-calendar">
      <Title title={translate(`resources.${CIRCLES}.name`, { smart_count: 2 })} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {m('zone')}
      </Typography>
      {error ? (
        <Alert severity="error" variant="outlined" sx={{ mb: 1 }}>
          {translate((error as Error).message, { _: (error as Error).message })}
        </Alert>
      ) : null}
      {isPending ? <LinearProgress sx={{ mb: 1 }} /> : null}
      <Box sx={{ height: 720 }}>
        <Calendar<CircleEvent>
          localizer={localizer}
          culture={locale === 'es' ? 'es' : 'en'}
          messages={messages}
          events={events}
          date={date}
          view={view}
          views={['month', 'week', 'day', 'agenda']}
          onNavigate={(next) => setDate(next)}
          onView={(next) => setView(next)}
          onSelectEvent={(event) => navigate({ pathname: `/${CIRCLES}/${event.circleId}`, search })}
          eventPropGetter={(event) => ({ style: event.published ? {} : { opacity: 0.65, fontStyle: 'italic' } })}
          components={{ event: EventLabel }}
          popup
        />
      </Box>
    </Box>
  );
}

export default CircleCalendar;
