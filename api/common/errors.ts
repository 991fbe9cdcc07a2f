import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError, type core } from 'zod';
import { UniqueConstraintError, ValidationError as SequelizeValidationError, ForeignKeyConstraintError } from 'sequelize';
import { Messages } from '../../models/messages';
import { requestIdOf } from './request-id';

/** A refusal the contract knows: status, stable upper-snake code, the spec's message, field errors. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: Record<string, string>,
    readonly details?: unknown,
  ) {
    super(message);
  }

  static badRequest(errors: Record<string, string>, message = 'Validation failed') {
    return new AppError(400, 'VALIDATION_ERROR', message, errors);
  }
  static unauthorized(message: string = Messages.SESSION_EXPIRED, code = 'UNAUTHORIZED') {
    return new AppError(401, code, message);
  }
  static forbidden(message: string = Messages.FORBIDDEN, code = 'FORBIDDEN') {
    return new AppError(403, code, message);
  }
  static notFound(what = 'Record') {
    return new AppError(404, 'NOT_FOUND', `${what} not found`);
  }
  static conflict(code: string, message: string, details?: unknown) {
    return new AppError(409, code, message, undefined, details);
  }
}

/** Zod issues → `{ "address.city": "message" }`; unknown keys are reported one by one. */
export function fieldErrors(error: ZodError, prefix: Array<string | number> = []): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (path: PropertyKey[], message: string) => {
    const key = [...prefix, ...path].map(String).join('.') || '_';
    if (!(key in out)) out[key] = message;
  };
  for (const issue of error.issues as core.$ZodIssue[]) {
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) put([...issue.path, k], Messages.UNKNOWN_FIELD);
    } else {
      put(issue.path, issue.message);
    }
  }
  return out;
}

/** The answer for a path under /api that no route serves. */
export const notFoundHandler: RequestHandler = (_req, _res, next) => next(AppError.notFound('Resource'));

type Log = { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };

/**
 * The one error middleware: maps every failure to the contract's body; 500s carry no internals.
 * Every error answer names the request's id (`requestId`, also in the X-Request-Id header and the
 * request's log lines) so a caller's report finds the server's lines.
 */
export function errorHandler(log: Log): ErrorRequestHandler {
  return (err, _req, res, _next) => {
    const requestId = requestIdOf(res);
    let e: AppError;
    if (err instanceof AppError) e = err;
    else if (err instanceof ZodError) e = AppError.badRequest(fieldErrors(err));
    else if (err instanceof UniqueConstraintError) {
      const fields = Object.keys(err.fields ?? {});
      // Two sign-ups racing for one address: the unique index decides, the answer is the spec's.
      if (fields.some((f) => f.includes('email'))) e = AppError.conflict('USERNAME_TAKEN', Messages.USERNAME_TAKEN);
      else e = new AppError(409, 'DUPLICATE', 'A record with the same value already exists', Object.fromEntries(fields.map((f) => [f, 'Already exists'])));
    } else if (err instanceof ForeignKeyConstraintError) e = new AppError(409, 'REFERENCE_CONFLICT', 'The record is referenced by other records');
    else if (err instanceof SequelizeValidationError) {
      e = AppError.badRequest(Object.fromEntries(err.errors.map((x) => [x.path ?? '_', x.message])));
    } else if (err?.type === 'entity.parse.failed') e = AppError.badRequest({ _: 'Malformed JSON' }, 'Malformed JSON');
    else if (err?.type === 'entity.too.large') e = new AppError(413, 'PAYLOAD_TOO_LARGE', 'The request is too large');
    else {
      log.error({ err, requestId }, 'unhandled error');
      e = new AppError(500, 'INTERNAL_ERROR', Messages.GENERIC);
    }
    if (e.status >= 500 && err instanceof AppError) log.error({ err, requestId }, 'server error');
    const body: Record<string, unknown> = { status: e.status, code: e.code, message: e.message };
    if (e.errors) body.errors = e.errors;
    if (e.details !== undefined) body.details = e.details;
    if (requestId) body.requestId = requestId;
    res.status(e.status).json(body);
  };
}
