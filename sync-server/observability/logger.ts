import { pino, type Logger } from 'pino';
import { z } from 'zod';

/** pino's levels; 'silent' writes nothing (the tests' default, vitest.config.ts). */
export const logLevelSchema = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);
export type LogLevel = z.infer<typeof logLevelSchema>;

/** LOG_LEVEL as the environment gives it; a bad value falls back to 'info' here and stops the server in config.ts. */
const levelOfEnvironment = (): LogLevel => logLevelSchema.catch('info').parse(process.env.LOG_LEVEL ?? 'info');

/**
 * Paths whose values never reach a log line, whatever logs them: tokens, passwords, card numbers, the ЕГН and
 * reset secrets, in a request's headers and body and in any object logged beside a message. A test pushes each
 * through the server and greps the output (tests/integration/log-redaction.test.ts).
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.token',
  '*.refreshToken',
  '*.refresh_token',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.cardNumber',
  '*.pan',
  '*.egn',
  '*.resetSecret',
  '*.secret',
  'payload.egn',
  'payload.password',
  'payload.token',
  // One level deeper (a command's payload inside a logged object, the checkout's creditDetails), and what a
  // request's headers or a stream's address carry; a log line names none of these anyway (http-observer.ts).
  '*.*.egn',
  '*.*.cardNumber',
  '*.*.password',
  '*.*.token',
  '*.authorization',
  '*.cookie',
  '*.ticket',
  '*.accessToken',
];

/**
 * The server's JSON logger (pino). LOG_LEVEL picks the level ('silent' in tests that do not read logs), and
 * `destination` lets a test read what was written. Child loggers add the request id, the command id and its owner.
 */
export const createLogger = (level: LogLevel = levelOfEnvironment(), destination?: NodeJS.WritableStream): Logger =>
  pino(
    {
      level,
      base: undefined,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      formatters: { level: (label) => ({ level: label }) },
    },
    // Synchronous to stdout by default: the last lines before process.exit (a shutdown's) are never lost.
    destination ?? pino.destination({ dest: 1, sync: true }),
  );

/** The process's logger; servers started in tests may pass their own. */
export const log: Logger = createLogger();
