// @database none: no database is touched here, so the MariaDB pass skips this file (tests/support/with-mariadb.ts).
import {
  addToDay,
  endTimeOf,
  localParts,
  missingForPublish,
  parseZone,
  planSessions,
  timeOfDay,
  wallTimeToUtc,
  type FrequencyUnitValue,
  type SessionPlan,
} from '../../domain/rules/coaching-circles';

/**
 * The session generator of coaching circles (domain/rules/coaching-circles.ts): the wall clock survives
 * daylight-saving changes in America/New_York, skipped dates push the count on, months clamp, time
 * zones and `utcOffset`s parse, the time of day buckets; then properties over seeded random plans.
 */

const NY = parseZone('America/New_York')!;
const weekly: SessionPlan = { startDate: '2027-02-24', startTime: '18:00', duration: 60, sessions: 4, frequency: 1, frequencyUnit: 'WEEKS' };

test('weekly sessions crossing the spring-forward change keep 18:00 in New York (UTC moves an hour)', () => {
  const s = planSessions(weekly);
  expect(s.map((x) => x.date)).toEqual(['2027-02-24', '2027-03-03', '2027-03-10', '2027-03-17']);
  // 2027-03-14 is the change: EST (-05:00) before, EDT (-04:00) after.
  expect(s.map((x) => x.startDateTime.toISOString())).toEqual(['2027-02-24T23:00:00.000Z', '2027-03-03T23:00:00.000Z', '2027-03-10T23:00:00.000Z', '2027-03-17T22:00:00.000Z']);
  expect(s.every((x) => localParts(x.startDateTime, NY).time === '18:00')).toBe(true);
  expect(s[3].endDateTime.getTime() - s[3].startDateTime.getTime()).toBe(60 * 60_000);
  expect(s.map((x) => x.sessionNumber)).toEqual([1, 2, 3, 4]);
  // And back in November.
  const fall = planSessions({ ...weekly, startDate: '2027-10-30', frequencyUnit: 'DAYS', frequency: 4, sessions: 4 });
  // 2027-11-07 is the change back (18:00 EST that day).
  expect(fall.map((x) => x.startDateTime.toISOString())).toEqual(['2027-10-30T22:00:00.000Z', '2027-11-03T22:00:00.000Z', '2027-11-07T23:00:00.000Z', '2027-11-11T23:00:00.000Z']);
});

test('a skipped date drops its slot and the count is met one slot later; months clamp; years', () => {
  const s = planSessions({ ...weekly, skippedDates: ['2027-03-03', '2027-01-01'] });
  expect(s.map((x) => x.date)).toEqual(['2027-02-24', '2027-03-10', '2027-03-17', '2027-03-24']);
  expect(planSessions({ ...weekly, skippedDates: ['2027-02-24', '2027-03-03', '2027-03-10', '2027-03-17'] }).map((x) => x.date)).toEqual([
    '2027-03-24',
    '2027-03-31',
    '2027-04-07',
    '2027-04-14',
  ]);
  expect(planSessions({ ...weekly, startDate: '2027-01-31', frequencyUnit: 'MONTHS', sessions: 4 }).map((x) => x.date)).toEqual([
    '2027-01-31',
    '2027-02-28',
    '2027-03-31',
    '2027-04-30',
  ]);
  expect(addToDay('2028-02-29', 1, 'YEARS')).toBe('2029-02-28');
  expect(addToDay('2027-12-30', 2, 'DAYS')).toBe('2028-01-01');
  expect(planSessions({ ...weekly, sessions: 0 })).toEqual([]);
  expect(() => planSessions({ ...weekly, timeZone: 'Mars/Olympus' })).toThrow('Unknown time zone');
});

test('zones, offsets, clocks that do not exist, end times and the time of day', () => {
  expect(parseZone('')).toEqual({ name: 'America/New_York', fixedMinutes: null });
  expect(parseZone('-05:00')).toEqual({ name: '-05:00', fixedMinutes: -300 });
  expect(parseZone('+0530')).toEqual({ name: '+05:30', fixedMinutes: 330 });
  expect(parseZone('UTC')).toEqual({ name: 'UTC', fixedMinutes: 0 });
  expect(parseZone('Europe/Madrid')).toEqual({ name: 'Europe/Madrid', fixedMinutes: null });
  expect(parseZone('nowhere')).toBeNull();
  expect(parseZone('+15:00')).toBeNull();
  // 02:30 does not exist on 2027-03-14 in New York: read as 03:30 EDT.
  expect(wallTimeToUtc('2027-03-14', '02:30', NY).toISOString()).toBe('2027-03-14T07:30:00.000Z');
  // 01:30 happens twice on 2027-11-07: the first (EDT).
  expect(wallTimeToUtc('2027-11-07', '01:30', NY).toISOString()).toBe('2027-11-07T05:30:00.000Z');
  expect(wallTimeToUtc('2027-06-01', '09:00', parseZone('+02:00')!).toISOString()).toBe('2027-06-01T07:00:00.000Z');
  expect(endTimeOf('18:00', 90)).toBe('19:30');
  expect(endTimeOf('23:30', 60)).toBe('00:30');
  const at = new Date('2027-06-01T12:30:00Z'); // 08:30 in New York, 12:30 UTC, 21:30 in Tokyo, 04:30 at -08:00
  expect(timeOfDay(at, NY)).toBe('MORNING');
  expect(timeOfDay(at, parseZone('UTC')!)).toBe('AFTERNOON');
  expect(timeOfDay(at, parseZone('Asia/Tokyo')!)).toBe('EVENING');
  expect(timeOfDay(at, parseZone('-08:00')!)).toBe('EARLY_MORNING');
  expect(localParts(at, parseZone('Asia/Tokyo')!)).toEqual({ date: '2027-06-01', time: '21:30', minutes: 21 * 60 + 30 });
  expect(missingForPublish({ sessionCount: 0, coaches: [], scopeCount: 0 })).toEqual(['SESSIONS', 'COACHES', 'SCOPE']);
  expect(missingForPublish({ sessionCount: 3, coaches: [{ webConferenceUrl: 'https://x.test' }, { webConferenceUrl: ' ' }], scopeCount: 1 })).toEqual(['WEB_CONFERENCE_URL']);
});

test('properties: on 500 seeded random plans the wall clock, order, count and skips hold', () => {
  let seed = 19;
  const rnd = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % n;
  };
  const zones = ['America/New_York', 'America/Los_Angeles', 'Europe/London', 'Australia/Sydney', 'UTC', 'Asia/Kolkata'];
  const units: FrequencyUnitValue[] = ['DAYS', 'WEEKS', 'MONTHS'];
  const problems: string[] = [];
  for (let i = 0; i < 500; i += 1) {
    const startDate = addToDay('2026-01-01', rnd(900), 'DAYS');
    const hour = 5 + rnd(18); // keep clear of the 01:00–03:00 changes, where the clock may not exist
    const plan: SessionPlan = {
      startDate,
      startTime: `${String(hour).padStart(2, '0')}:${['00', '15', '30', '45'][rnd(4)]}`,
      duration: 15 + rnd(225),
      sessions: 1 + rnd(30),
      frequency: 1 + rnd(3),
      frequencyUnit: units[rnd(3)],
      timeZone: zones[rnd(zones.length)],
    };
    const skippedDates = Array.from({ length: rnd(4) }, () => addToDay(startDate, rnd(20) * plan.frequency, plan.frequencyUnit));
    const s = planSessions({ ...plan, skippedDates });
    const zone = parseZone(plan.timeZone)!;
    if (s.length !== plan.sessions) problems.push(`${i}: ${s.length} sessions`);
    for (let k = 0; k < s.length; k += 1) {
      const local = localParts(s[k].startDateTime, zone);
      if (local.time !== plan.startTime || local.date !== s[k].date) problems.push(`${i}/${k}: ${local.date} ${local.time}`);
      if (skippedDates.includes(s[k].date)) problems.push(`${i}/${k}: on a skipped date`);
      if (s[k].endDateTime.getTime() - s[k].startDateTime.getTime() !== plan.duration * 60_000) problems.push(`${i}/${k}: duration`);
      if (k > 0 && s[k].startDateTime.getTime() <= s[k - 1].startDateTime.getTime()) problems.push(`${i}/${k}: order`);
    }
  }
  expect(problems).toEqual([]);
});
