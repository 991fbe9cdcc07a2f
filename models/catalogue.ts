/**
 * Pure catalogue rules shared by the API, the console and the portal (browser-safe: imports only
 * other pure modules).
 */
import { toDisplayDate } from './dates';
import type { CohortStatus, DurationType, Of } from './enums';

/**
 * A cohort's label (back-office spec §3): its custom name, else the program name with the start
 * and end dates ('HCTP 01-15-2027 - 12-15-2027'); continuous-learning programs omit the dates.
 */
export function cohortLabel(input: {
  customName?: string | null;
  programName: string;
  durationType?: Of<typeof DurationType> | string | null;
  startDate?: string | null;
  endDate?: string | null;
}): string {
  const custom = input.customName?.trim();
  if (custom) return custom;
  if (input.durationType === 'CONTINUOUS_LEARNING') return input.programName;
  const dates = [input.startDate, input.endDate].filter(Boolean).map((d) => toDisplayDate(d));
  return dates.length ? `${input.programName} ${dates.join(' - ')}` : input.programName;
}

/** Today's date (YYYY-MM-DD) in the school's fallback time zone, America/New_York. */
export function schoolToday(now: Date = new Date()): string {
  // The school's day changes on a minute boundary (its zone's offsets are whole minutes): one format per minute.
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastDay.minute) lastDay = { minute, day: SCHOOL_DAY.format(now) };
  return lastDay.day;
}
let lastDay = { minute: Number.NaN, day: '' };
/** Made once: building an Intl formatter costs far more than using it. */
const SCHOOL_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The status a cohort's dates give it (domain rules): CREATED until its start date, ACTIVE until
 * its end date (inclusive), then COMPLETED. CANCELLED and ARCHIVED are set by staff and kept.
 */
export function cohortStatusOn(
  cohort: { status?: Of<typeof CohortStatus> | string | null; startDate: string | null; endDate: string | null },
  today: string,
): Of<typeof CohortStatus> {
  if (cohort.status === 'CANCELLED' || cohort.status === 'ARCHIVED') return cohort.status;
  if (!cohort.startDate || today < cohort.startDate) return 'CREATED';
  if (!cohort.endDate || today <= cohort.endDate) return 'ACTIVE';
  return 'COMPLETED';
}

/** Whether a product is enrolling on `today`: inside its enrolling window, both ends inclusive. */
export function isEnrolling(product: { enrollingStartDate: string | null; enrollingEndDate: string | null }, today: string): boolean {
  if (!product.enrollingStartDate || !product.enrollingEndDate) return false;
  return product.enrollingStartDate <= today && today <= product.enrollingEndDate;
}
