import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { requestScope } from './context';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * An incoming X-Request-Id is kept when it is sane: 1 to 128 characters of letters, digits and
 * `. _ : -`, starting with a letter or digit (a UUID, a load balancer's trace id). Anything else
 * (spaces, quotes, control characters that could forge log lines, an overlong value) is replaced.
 */
const SANE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export function saneRequestId(value: unknown): string | null {
  return typeof value === 'string' && SANE_ID.test(value) ? value : null;
}

/** The id given to a request (undefined before `requestId()` has run). */
export function requestIdOf(res: Response): string | undefined {
  return res.locals.requestId as string | undefined;
}

/**
 * First middleware of the app: takes a sane X-Request-Id or makes a UUID, echoes it in the answer's
 * X-Request-Id header, and runs the rest of the request inside its scope so that every pino line
 * written for it carries `requestId` (api/common/logger.ts) and every error answer names it
 * (api/common/errors.ts).
 */
export function requestId(): RequestHandler {
  return (req, res, next) => {
    const id = saneRequestId(req.headers['x-request-id']) ?? randomUUID();
    res.locals.requestId = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    requestScope.run({ requestId: id }, next);
  };
}
