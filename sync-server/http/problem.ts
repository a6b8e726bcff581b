import type { ErrorRequestHandler } from 'express';
import type { z } from 'zod';
import { describeZodError, type ProblemBody } from '../../schema/index.ts';
import type { Logger } from 'pino';
import { log } from '../observability/logger.ts';

/** A refused request: malformed, unauthorised or not allowed. Business refusals are command results instead. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }

  /** 400 for input that failed its schema, naming the first bad field. */
  static invalid(error: z.ZodError, whole: string): HttpProblem {
    const { field, message } = describeZodError(error, '', whole);
    return new HttpProblem(400, message, field || undefined);
  }
}

export const problemBody = (status: number, error: string, field?: string): ProblemBody => ({
  code: status,
  result: field ? { error, field } : { error },
});

export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  if (error instanceof HttpProblem) {
    res.status(error.status).json(problemBody(error.status, error.message, error.field));
    return;
  }
  // express.json() reports unparsable bodies with a status of its own.
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    res.status(status).json(problemBody(status, (error as Error).message));
    return;
  }
  // pino-http's logger for the request (its id and route), else the process's.
  const logger = (req as { log?: Logger }).log ?? log;
  logger.error({ err: error }, 'unexpected error');
  res.status(500).json(problemBody(500, 'Internal server error'));
};
