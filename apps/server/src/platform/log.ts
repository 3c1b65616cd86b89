import pino from 'pino';

/** Request and body paths whose values never reach the log. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'password',
  'oldpassword',
  'password_confirmation',
  'token',
  '*.password',
  '*.oldpassword',
  '*.password_confirmation',
  '*.token',
  'smtpUrl',
];

export function createLogger(level: string) {
  return pino({ level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } });
}

export type AppLogger = ReturnType<typeof createLogger>;
