import { useMemo, useState } from 'react';
import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import { Calendar, dateFnsLocalizer, type View } from 'react-big-calendar';
import { addDays, endOfMonth, endOfWeek, format, getDay, parse, startOfMonth, startOfWeek } from 'date-fns';
import { enUS, es } from 'date-fns/locale';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { DEFAULT_ZONE, localParts, parseZone, planSessions } from '../../../../domain/rules/coaching-circles';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { readList } from '../../providers/dataProvider';
import { CIRCLES, type CircleRecord } from './circleRecord';

/**
 * The calendar tab of /coaching-circles: every session of the circles in the visible range, in the
 * school's zone (America/New_York), whatever the browser's. One call for the range: POST
 * /coaching_circles/find_by_criteria with the circles that start before its end (and at most
 * LOOKBACK_DAYS before its start), only the schedule fields; their sessions are laid by the same pure
 * rules the API lays them with (domain/rules/coaching-circles.ts). Clicking an event opens the circle.
 * This module alone imports react-big-calendar and its CSS, so both come with this lazily loaded tab.
 */

const localizer = dateFnsLocalizer({ format, parse, startOfWeek, getDay, locales: { en: enUS, es } });
const SCHOOL_ZONE = parseZone(DEFAULT_ZONE)!;
/** How long before the visible range a circle may have started and still meet in it (two years). */
export const LOOKBACK_DAYS = 730;
/** At most this many circles are read for one range (the list's largest page). */
export const CALENDAR_SIZE = 1000;
const CALENDAR_FIELDS = 'id,name,type,published,sessions,frequency,frequencyUnit,duration,startDate,startTime,timeZone';

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

/** The sessions of `circles` whose school day falls in [from, to], as calendar events. */
export function sessionEvents(circles: CircleRecord[], from: string, to: string): CircleEvent[] {
  const out: CircleEvent[] = [];
  for (const c of circles) {
    let sessions;
    try {
      sessions = planSessions({
        startDate: c.startDate,
        startTime: c.startTime,
        duration: c.duration,
        sessions: c.sessions,
        frequency: c.frequency,
        frequencyUnit: c.frequencyUnit,
        timeZone: c.timeZone,
      });
    } catch {
      continue;
    }
    for (const s of sessions) {
      const day = localParts(s.startDateTime, SCHOOL_ZONE).date;
      if (day < from || day > to) continue;
      out.push({
        id: `${c.id}-${s.sessionNumber}`,
        circleId: Number(c.id),
        title: `${c.name ?? c.type?.name ?? `#${c.id}`} · ${s.sessionNumber}/${c.sessions}`,
        start: schoolWall(s.startDateTime),
        end: schoolWall(s.endDateTime),
        published: c.published,
      });
    }
  }
  return out;
}

function EventLabel({ event }: { event: CircleEvent }) {
  return <span data-testid={`circle-event-${event.id}`}>{event.title}</span>;
}

const minusDays = (day: string, n: number) => {
  const [y, m, d] = day.split('-').map(Number);
  return dayOfWall(new Date(y, m - 1, d - n));
};

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
    queryFn: async () =>
      readList<CircleRecord>(
        await dataProvider.request({
          method: 'POST',
          path: '/coaching_circles/find_by_criteria',
          query: { size: CALENDAR_SIZE, page: 0, sortBy: 'startDate', descending: false, fields: CALENDAR_FIELDS },
          body: { startDate: { from: minusDays(range.from, LOOKBACK_DAYS), to: range.to } },
        }),
      ).data,
    staleTime: 30_000,
  });
  const events = useMemo(() => sessionEvents(data ?? [], range.from, range.to), [data, range.from, range.to]);
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
