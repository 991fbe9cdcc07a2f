import type { RaRecord } from 'react-admin';
import type { CircleTypeAnswer } from '../../../../domain/contract/coaching-circles';
import type { FrequencyUnit, Of } from '../../../../models/enums';

/**
 * Coaching circle types (the console resource `coaching-circles-types` over /api/coaching_circle_types,
 * issue 19): the template a circle copies — sessions, frequency and unit, duration, max students.
 */
export const CIRCLE_TYPES = 'coaching-circles-types';

/** A circle type as the API answers it (domain/contract/coaching-circles.ts). */
export type CircleTypeRecord = Omit<CircleTypeAnswer, 'id'> & RaRecord;

/** The body of POST and PUT /coaching_circle_types. */
export interface CircleTypePayload {
  name: string;
  description: string | null;
  sessions: number;
  maxStudents: number;
  frequency: number;
  frequencyUnit: Of<typeof FrequencyUnit>;
  duration: number;
}

/** Learning sessions' defaults (back-office spec §9): 90 minutes, 10 students; weekly. */
export const NEW_CIRCLE_TYPE: Partial<CircleTypePayload> = { name: '', description: '', sessions: 8, maxStudents: 10, frequency: 1, frequencyUnit: 'WEEKS', duration: 90 };

/** The longest session, as the API checks it ('Duration limit'). */
export const MAX_DURATION = 240;

const whole = (value: unknown): number => Number(value);

/** The form → exactly the API's body. */
export function toCircleTypePayload(form: Partial<CircleTypePayload>): CircleTypePayload {
  const description = (form.description ?? '').trim();
  return {
    name: (form.name ?? '').trim(),
    description: description ? description : null,
    sessions: whole(form.sessions),
    maxStudents: whole(form.maxStudents),
    frequency: whole(form.frequency),
    frequencyUnit: (form.frequencyUnit ?? 'WEEKS') as CircleTypePayload['frequencyUnit'],
    duration: whole(form.duration),
  };
}

/** A sentence that starts with the schedule's 'every …' phrase, capitalised. */
export const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
