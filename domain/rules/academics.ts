/**
 * Academic progress and graduation (domain rules "Academic progress, graduation and certificates";
 * issue 21), pure and browser-safe: whether a requirement is met by an enrollment's progress, and the
 * graduation status an enrollment's figures give it today. The API's nightly job, its on-demand
 * recompute and its lists use these; the console and the portal show the same answers.
 */

/** The requirement columns the rules read. */
export interface RequirementRule {
  total: number | null;
  minRequiredToComplete: number | null;
  minRequiredToPass: number | null;
  /** A percentage (0–100), or null when no score is asked for. */
  minScore: number | string | null;
}

/** An enrollment's figures for one requirement (none yet: null). */
export interface ProgressFigures {
  done: number;
  total: number | null;
  score: number | string | null;
}

/**
 * How many items must be done: the minimum to pass, else the minimum to complete, else the
 * requirement's total, else one (a requirement without numbers is met by one item done).
 */
export function requiredCount(r: RequirementRule): number {
  return r.minRequiredToPass ?? r.minRequiredToComplete ?? r.total ?? 1;
}

/** What "done of total" reads against: the requirement's total, else what the source counted, else the count required. */
export function progressTotal(r: RequirementRule, p: ProgressFigures | null): number {
  return r.total ?? p?.total ?? requiredCount(r);
}

/** Met: enough items done and, when the requirement asks for a score, a score at least that high. */
export function requirementMet(r: RequirementRule, p: ProgressFigures | null): boolean {
  if (!p) return false;
  if (Number(p.done) < requiredCount(r)) return false;
  if (r.minScore === null || r.minScore === undefined) return true;
  return p.score !== null && p.score !== undefined && Number(p.score) >= Number(r.minScore);
}

export type GraduationStatusValue = 'PENDING' | 'INCOMPLETE' | 'READY_GRADUATION' | 'FAILED_FINANCIALLY' | 'FAILED_ACADEMICALLY' | 'GRADUATED' | 'LATE_GRADUATION';

export interface GraduationFacts {
  /** The status stored now: GRADUATED and LATE_GRADUATION are kept (only staff graduate). */
  current: string;
  /** The school's day, YYYY-MM-DD. */
  today: string;
  /** The cohort's end date (YYYY-MM-DD), null for a class without one (continuous learning). */
  endDate: string | null;
  /** Days after the end within which open requirements may still be completed (null: no limit). */
  graduationLimitDays: number | null;
  /** Every requirement of the program is met (a program without requirements: true). */
  allMet: boolean;
  /** The application's plan stands in COLLECTIONS or COLLECTIONS_2. */
  inCollections: boolean;
}

/** YYYY-MM-DD plus n days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * The graduation status the rules give: PENDING while the cohort runs (to its end date inclusive);
 * after it, READY_GRADUATION when every requirement is met and the plan is not in collections,
 * FAILED_FINANCIALLY when met but in collections, INCOMPLETE while open requirements are inside the
 * program's graduation limit (end date + graduationLimitDays, inclusive; no limit: INCOMPLETE until
 * met), FAILED_ACADEMICALLY past it. A class without an end date is judged as ended once everything is
 * met (PENDING until then). GRADUATED and LATE_GRADUATION are kept.
 */
export function graduationStatusFor(f: GraduationFacts): GraduationStatusValue {
  if (f.current === 'GRADUATED' || f.current === 'LATE_GRADUATION') return f.current;
  const met = f.allMet ? (f.inCollections ? 'FAILED_FINANCIALLY' : 'READY_GRADUATION') : null;
  if (!f.endDate) return met ?? 'PENDING';
  if (f.today <= f.endDate) return 'PENDING';
  if (met) return met;
  if (f.graduationLimitDays === null || f.today <= addDays(f.endDate, f.graduationLimitDays)) return 'INCOMPLETE';
  return 'FAILED_ACADEMICALLY';
}

/** LATE_GRADUATION when staff say so or the school's day is past the cohort's extended graduation date; GRADUATED otherwise. */
export function graduationOutcome(isLate: boolean, today: string, extendedGraduationDate: string | null): 'GRADUATED' | 'LATE_GRADUATION' {
  return isLate || (extendedGraduationDate !== null && today > extendedGraduationDate) ? 'LATE_GRADUATION' : 'GRADUATED';
}
