import type { RequestHandler } from 'express';
import pino, { type Logger } from 'pino';

/** The process logger; secrets are redacted wherever they might appear. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.authorization', 'req.headers.cookie', '*.password', '*.passwordConfirmation', '*.currentPassword', '*.refreshToken',
        '*.accessToken', '*.token', '*.passwordHash', '*.code',
      ],
      censor: '[redacted]',
    },
  });
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
 * several percent of a payment's CPU). `skip`: URLs not logged (the health probe).
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
        { req: { method: req.method, url: maskQuery(req.originalUrl), ip: req.ip }, res: { statusCode: res.statusCode }, responseTime: Math.round(performance.now() - started) },
        'request completed',
      );
    });
    next();
  };
}
