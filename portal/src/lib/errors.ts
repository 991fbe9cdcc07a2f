/** A failed call as a form shows it: the server's message and its field errors (contract §Errors). */
import { Messages } from '../../../models/messages';
import { HttpError } from '../../../domain/http/client';

export interface ErrorView {
  status?: number;
  code?: string;
  /** The server's message (English, translated where shown); the spec's generic one for network failures. */
  message: string;
  /** Field path → message, for the form's fields. */
  fields: Record<string, string>;
  /** Field errors the form has no field for, shown with the message. */
  others: Array<{ path: string; message: string }>;
}

/** Splits a failure into errors under the form's `fieldNames` and the rest. */
export function describeError(error: unknown, fieldNames: readonly string[] = []): ErrorView {
  if (!(error instanceof HttpError)) return { message: Messages.GENERIC, fields: {}, others: [] };
  const fields: Record<string, string> = {};
  const others: ErrorView['others'] = [];
  for (const [path, message] of Object.entries(error.body.errors ?? {})) {
    if (fieldNames.includes(path)) fields[path] = message;
    else others.push({ path, message });
  }
  return { status: error.status, code: error.body.code, message: error.body.message || Messages.GENERIC, fields, others };
}

/** A plain failure with one of the spec's messages (client-side problems). */
export const failureOf = (message: string): ErrorView => ({ message, fields: {}, others: [] });
