import pino from 'pino';
import pretty from 'pino-pretty';

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
  // An accounting package's key (SnelStart's koppelsleutel, decision 068).
  'client_key',
  '*.client_key',
  'smtpUrl',
];

export type LogFormat = 'auto' | 'json' | 'pretty';

/** `auto`: readable lines for a person at a terminal, JSON lines for a log collector or a file. */
export function prettyLogs(format: LogFormat, stream: { isTTY?: boolean } = process.stdout): boolean {
  return format === 'pretty' || (format === 'auto' && stream.isTTY === true);
}

export function createLogger(level: string, format: LogFormat = 'json') {
  const options = { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  if (!prettyLogs(format)) return pino(options);
  return pino(options, pretty({ sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }));
}

export type AppLogger = ReturnType<typeof createLogger>;
