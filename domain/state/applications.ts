/**
 * The application status machine of the domain rules ("Applications and enrollments"), defined once
 * for the API (api/applications/status.ts enforces it), the console (which offers only its moves) and
 * the portal. ARCHIVED is reachable from every status except ENROLLED and ARCHIVED itself (staff only).
 * Browser-safe (issue 16 §3); models/application-status.ts re-exports it for the code that imports it there.
 */
import type { ApplicationStatus, Of } from '../../models/enums';
import { defineMachine } from './machine';

export type ApplicationStatusValue = Of<typeof ApplicationStatus>;

/** The machine's edges, ARCHIVED aside. */
export const TRANSITIONS: Record<ApplicationStatusValue, readonly ApplicationStatusValue[]> = {
  CREATED: ['APPLIED', 'CANCELLED'],
  APPLIED: ['WAITING_TO_AGREE', 'WAITING_TO_SIGN', 'REJECTED', 'CANCELLED'],
  WAITING_TO_AGREE: ['WAITING_TO_SIGN', 'CANCELLED'],
  WAITING_TO_SIGN: ['SIGNED', 'CANCELLED'],
  SIGNED: ['ENROLLED', 'CANCELLED'],
  ENROLLED: ['TRANSFERRED', 'PARTIAL_WITHDRAWN', 'WITHDRAWN'],
  PARTIAL_WITHDRAWN: ['WITHDRAWN', 'TRANSFERRED'],
  REJECTED: [],
  ARCHIVED: [],
  TRANSFERRED: [],
  WITHDRAWN: [],
  CANCELLED: [],
};

const archivable = (from: ApplicationStatusValue) => from !== 'ENROLLED' && from !== 'ARCHIVED';

/** Statuses in which an application no longer holds its place (ALREADY_APPLIED, the archive guards, voucher counts). */
export const CLOSED_APPLICATION_STATUSES = ['CANCELLED', 'REJECTED', 'ARCHIVED'] as const;

/** Whether the machine has the edge `from → to`. */
export function isLegalTransition(from: ApplicationStatusValue, to: ApplicationStatusValue): boolean {
  if (to === 'ARCHIVED') return archivable(from);
  return TRANSITIONS[from]?.includes(to) ?? false;
}

/** Every status an application may move to from `status`, in the machine's order (ARCHIVED last). */
export function nextStatuses(status: ApplicationStatusValue): ApplicationStatusValue[] {
  const moves = [...(TRANSITIONS[status] ?? [])];
  if (archivable(status)) moves.push('ARCHIVED');
  return moves;
}

/** The whole machine, ARCHIVED included, as the other machines of domain/state/ are read. */
export const applicationMachine = defineMachine<ApplicationStatusValue>(
  Object.fromEntries((Object.keys(TRANSITIONS) as ApplicationStatusValue[]).map((s) => [s, nextStatuses(s)])) as Record<ApplicationStatusValue, ApplicationStatusValue[]>,
);

/** The answer of `GET /applications/{id}/status_moves` (its schema: domain/contract/applications.ts). */
export type { StatusMove, StatusMovesAnswer } from '../contract/applications';
