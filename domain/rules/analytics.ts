/**
 * The date rules of the analytics (domain rules "Analytics"), shared by the API (which buckets in SQL)
 * and the console (which writes the labels): a range's bucket and the labels of its buckets. Dates are
 * YYYY-MM-DD calendar days; a time stamp belongs to its UTC day, as in the lists' date filters.
 */

export type Bucket = 'DAY' | 'WEEK' | 'MONTH';

/** The longest range a date kind accepts (in days, about 20 years: 240 monthly labels at most). */
export const MAX_RANGE_DAYS = 366 * 20;

/** The range the dashboard and the API use when none is given: the 30 days ending `today`. */
export const DEFAULT_RANGE_DAYS = 30;

const toUtc = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
};

/** YYYY-MM-DD plus `days` (negative: before). */
export function addDays(date: string, days: number): string {
  return new Date(toUtc(date) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (0 for the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / 86_400_000);
}

/** Per day up to 60 days, per week (7 days from the start) up to a year, per month past a year. */
export function bucketOf(startDate: string, endDate: string): Bucket {
  const days = daysBetween(startDate, endDate) + 1;
  if (days <= 60) return 'DAY';
  if (days <= 366) return 'WEEK';
  return 'MONTH';
}

/**
 * Every bucket's label from start to end, oldest first: each day (YYYY-MM-DD), each week's first day
 * (YYYY-MM-DD, weeks of 7 days counted from the start) or each month (YYYY-MM).
 */
export function bucketLabels(startDate: string, endDate: string, bucket: Bucket = bucketOf(startDate, endDate)): string[] {
  const out: string[] = [];
  if (bucket === 'MONTH') {
    let [y, m] = startDate.split('-').map(Number);
    const last = endDate.slice(0, 7);
    for (;;) {
      const label = `${y}-${String(m).padStart(2, '0')}`;
      out.push(label);
      if (label >= last) break;
      m += 1;
      if (m > 12) {
        m = 1;
        y += 1;
      }
    }
    return out;
  }
  const step = bucket === 'WEEK' ? 7 : 1;
  for (let day = startDate; day <= endDate; day = addDays(day, step)) out.push(day);
  return out;
}

/** The buckets of payments_schedules: always months. */
export const monthLabels = (startDate: string, endDate: string) => bucketLabels(startDate, endDate, 'MONTH');
