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
