import type { RequestHandler } from 'express';
import pino, { type DestinationStream, type Logger } from 'pino';
import { currentRequestId } from './context';

/**
 * The process logger; secrets are redacted wherever they might appear. A line written while a
 * request is served carries its `requestId` (api/common/request-id.ts). `destination`: stdout by
 * default (tests capture lines with their own stream).
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    mixin() {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.passwordConfirmation',
        '*.currentPassword',
        '*.refreshToken',
        '*.accessToken',
        '*.token',
        '*.passwordHash',
        '*.code',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

const SECRET_PARAMS = /([?&](?:token|code|refreshToken|password)=)[^&]*/gi;
/** A URL fit for the log: one-time link tokens and codes replaced. */
export function maskQuery(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/**
 * The access log: one `info` line per request when its answer is sent (method, path with link
 * tokens masked, client address, status, milliseconds), never headers or bodies. Nothing is built
 * per request when `info` is off (the payments benchmark measured a per-request child logger at
 * several percent of a payment's CPU). The line names the request's id explicitly ('finish' may fire
 * outside the request's async scope). `skip`: URLs not logged (the health probe).
 */
export function accessLog(log: Logger, skip: (url: string) => boolean = () => false): RequestHandler {
  return (req, res, next) => {
    if (!log.isLevelEnabled('info') || skip(req.url)) {
      next();
      return;
    }
    const started = performance.now();
    res.on('finish', () => {
      log.info(
        {
          requestId: res.locals.requestId,
          req: { method: req.method, url: maskQuery(req.originalUrl), ip: req.ip },
          res: { statusCode: res.statusCode },
          responseTime: Math.round(performance.now() - started),
        },
        'request completed',
      );
    });
    next();
  };
}
