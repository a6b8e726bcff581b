import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { z } from 'zod';

/**
 * The operator command line's client of the HTTP API (`npm run ops -- show|retry|failures|stats|tail|bulk`): the
 * same calls the console makes, with the same roles checked by the server. Who the operator is comes from the
 * environment: OPS_TOKEN (an access token), else a login with OPS_EMAIL and OPS_PASSWORD, against OPS_URL
 * (http://localhost:3000 when unset).
 */

/** What a subcommand prints to and reads its settings from (a subset of the dispatcher's context). */
export interface CliIo {
  /** A line for the operator (stdout). */
  out(line: string): void;
  /** A line about what went wrong (stderr). */
  err(line: string): void;
  env: NodeJS.ProcessEnv;
}

/** One subcommand of `npm run ops`: its file is tools/ops/commands/<name>.ts. */
export interface CliCommand {
  name: string;
  /** One line for `npm run ops -- help`. */
  summary: string;
  /** Its arguments, e.g. `retry <id> [--dry-run]`. */
  usage: string;
  /** The exit code: 0 done, 1 refused or failed, 2 wrong arguments. */
  run(args: readonly string[], io: CliIo): Promise<number>;
}

export const DEFAULT_OPS_URL = 'http://localhost:3000';

/** A refused or failed call, with the server's own reason (`result.error`, `result.field`) when it gave one. */
export class OpsHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const problemSchema = z.object({
  result: z.object({ error: z.string(), field: z.string().optional() }),
});

/** What a refusal says, for a line on stderr: `403 This call needs the support role (role)`. */
const reasonOf = (status: number, body: unknown): string => {
  const problem = problemSchema.safeParse(body);
  if (!problem.success) return `HTTP ${status}`;
  const { error, field } = problem.data.result;
  return `${status} ${error}${field ? ` (${field})` : ''}`;
};

/** The spec's answers wrap their result (`{ code, result }`); a few calls answer the bare value. */
export const unwrapAnswer = (body: unknown): unknown =>
  typeof body === 'object' && body !== null && 'code' in body && 'result' in body
    ? (body as { result: unknown }).result
    : body;

const loginAnswerSchema = z.object({ result: z.string().min(1) });

export interface OpsClientOptions {
  env: NodeJS.ProcessEnv;
  fetch?: typeof fetch;
}

export interface OpsClient {
  readonly baseUrl: string;
  /** GET a JSON answer, checked with `schema`. */
  get<T>(path: string, schema: z.ZodType<T>): Promise<T>;
  /** A call with a JSON body, checked with `schema`. */
  send<T>(method: 'POST' | 'DELETE', path: string, body: unknown, schema: z.ZodType<T>): Promise<T>;
  /** Follows a Server-Sent Events stream until `signal` aborts or the server ends it. */
  follow(path: string, onEvent: (message: EventSourceMessage) => void, signal: AbortSignal): Promise<void>;
}

/** `/api/ops/failures` + `{ range: 'day' }` → `/api/ops/failures?range=day`; undefined values are left out. */
export const withQuery = (path: string, query: Record<string, string | number | undefined>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};

/** The client, logged in lazily: the first call asks for a token when OPS_TOKEN is not given. */
export const opsClient = ({ env, fetch: fetchImpl = fetch }: OpsClientOptions): OpsClient => {
  const baseUrl = (env.OPS_URL?.trim() || DEFAULT_OPS_URL).replace(/\/+$/, '');
  let token: Promise<string> | undefined;

  const login = async (): Promise<string> => {
    if (env.OPS_TOKEN?.trim()) return env.OPS_TOKEN.trim();
    const email = env.OPS_EMAIL?.trim();
    const password = env.OPS_PASSWORD;
    if (!email || !password) {
      throw new OpsHttpError(401, 'set OPS_TOKEN, or OPS_EMAIL and OPS_PASSWORD, to act as an operator');
    }
    const answer = await fetchImpl(`${baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password }),
    });
    const body: unknown = await answer.json().catch(() => undefined);
    if (!answer.ok) throw new OpsHttpError(answer.status, `login refused: ${reasonOf(answer.status, body)}`);
    const parsed = loginAnswerSchema.safeParse(body);
    if (!parsed.success) throw new OpsHttpError(502, 'login answered without a token');
    return parsed.data.result;
  };

  const call = async (path: string, init: RequestInit = {}): Promise<Response> => {
    token ??= login();
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${await token}`);
    return fetchImpl(`${baseUrl}${path}`, { ...init, headers });
  };

  const json = async <T>(answer: Response, schema: z.ZodType<T>): Promise<T> => {
    const body: unknown = await answer.json().catch(() => undefined);
    if (!answer.ok) throw new OpsHttpError(answer.status, reasonOf(answer.status, body));
    const parsed = schema.safeParse(unwrapAnswer(body));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new OpsHttpError(502, `unexpected answer: ${issue?.path.join('.') || 'body'} ${issue?.message ?? ''}`);
    }
    return parsed.data;
  };

  return {
    baseUrl,
    get: async (path, schema) => json(await call(path), schema),
    send: async (method, path, body, schema) =>
      json(
        await call(path, {
          method,
          headers: { 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
        schema,
      ),
    follow: async (path, onEvent, signal) => {
      const answer = await call(path, { headers: { accept: 'text/event-stream' }, signal });
      if (!answer.ok || !answer.body) {
        const body: unknown = await answer.json().catch(() => undefined);
        throw new OpsHttpError(answer.status, reasonOf(answer.status, body));
      }
      const parser = createParser({ onEvent });
      const reader = answer.body.pipeThrough(new TextDecoderStream()).getReader();
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          parser.feed(value);
        }
      } catch (error) {
        if (signal.aborted) return;
        throw error;
      }
    },
  };
};

/** Runs a subcommand's body, turning a refused call into a line on stderr and exit code 1. */
export const reportingFailures = async (io: CliIo, body: () => Promise<number>): Promise<number> => {
  try {
    return await body();
  } catch (error) {
    if (error instanceof OpsHttpError) {
      io.err(`ops: ${error.message}`);
      return 1;
    }
    if (error instanceof TypeError && /fetch failed/.test(error.message)) {
      io.err(`ops: the server did not answer (${error.message}); is OPS_URL right?`);
      return 1;
    }
    throw error;
  }
};
