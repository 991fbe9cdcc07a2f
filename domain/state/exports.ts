/**
 * The machine of a file export (issue 20; domain rules "Exports and files"): recorded PENDING, claimed
 * RUNNING by the FILE_EXPORT job under a lease, then COMPLETED (its file stored whole, in the same
 * transaction) or FAILED (an error, or interrupted too many times). A RUNNING export whose lease lapsed
 * (its process died) is claimed again; staff may retry a FAILED one (back to PENDING).
 */
import type { FileExportStatus, Of } from '../../models/enums';
import { defineMachine } from './machine';

export type FileExportStatusValue = Of<typeof FileExportStatus>;

export const fileExportMachine = defineMachine<FileExportStatusValue>({
  PENDING: ['RUNNING', 'FAILED'],
  RUNNING: ['COMPLETED', 'FAILED', 'RUNNING'],
  FAILED: ['PENDING'],
  COMPLETED: [],
});

/** Staff may run it again (a FAILED export). */
export const isExportRetryable = (e: { status: string }): boolean => fileExportMachine.can(e.status, 'PENDING');
/** Still going: the console polls it and counts it in the Downloads badge. */
export const isExportInProgress = (e: { status: string }): boolean => e.status === 'PENDING' || e.status === 'RUNNING';
