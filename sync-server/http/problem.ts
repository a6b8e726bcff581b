import type { ErrorRequestHandler } from 'express';
import type { z } from 'zod';
import { describeZodError, type ProblemBody } from '../../schema/index.ts';

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

export const errorHandler: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
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
  console.error('[http] unexpected error:', error);
  res.status(500).json(problemBody(500, 'Internal server error'));
};
