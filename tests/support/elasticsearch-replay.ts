import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

/**
 * An HTTP server that answers as an Elasticsearch cluster did: no cluster runs where the tests run, so the
 * engine's real client (@elastic/elasticsearch, its transport, its product check) talks HTTP to this server,
 * which replays recorded answers (tests/fixtures/elasticsearch/*.json) in order. Each recorded exchange names
 * the request it answers (method, path, the bulk action lines, a part of the JSON body; `*` in a string matches
 * anything); a request that is not the next recorded one is answered 400 and listed in `unexpected`, so a test
 * sees any call the engine made that the recording does not have. Several processes at once (instances starting
 * together) interleave their requests: played `inAnyOrder`, a request takes the first remaining exchange it matches.
 */

const recordedRequest = z.object({
  method: z.enum(['GET', 'HEAD', 'PUT', 'POST', 'DELETE']),
  path: z.string(),
  /** A _bulk request's action lines, exactly (documents are not compared). */
  bulk: z.array(z.record(z.string(), z.unknown())).optional(),
  /** Fields the JSON body must have (any others may be there too). */
  body: z.unknown().optional(),
});
const recordedExchange = z.object({
  request: recordedRequest,
  response: z.object({ status: z.number().int(), body: z.unknown().optional() }),
});
const recording = z.object({
  about: z.string(),
  headers: z.record(z.string(), z.string()),
  conversations: z.record(z.string(), z.array(recordedExchange)),
});
export type RecordedExchange = z.infer<typeof recordedExchange>;
export type Recording = z.infer<typeof recording>;

export const loadRecording = (file: URL): Recording => recording.parse(JSON.parse(readFileSync(file, 'utf8')));

/** A request the server received, its body parsed (a bulk's NDJSON as its lines). */
export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly body: unknown;
}

const ACTIONS = new Set(['index', 'create', 'update', 'delete']);
/** A bulk body's action lines: one key, an action's name, naming the index and id. */
export const actionLines = (lines: readonly unknown[]): Record<string, unknown>[] =>
  lines.filter(
    (line): line is Record<string, unknown> =>
      typeof line === 'object' &&
      line !== null &&
      Object.keys(line).length === 1 &&
      ACTIONS.has(Object.keys(line)[0] ?? '') &&
      typeof Object.values(line)[0] === 'object',
  );

const globMatches = (pattern: string, value: string): boolean =>
  new RegExp(`^${pattern.split('*').map(escapeRegExp).join('.*')}$`).test(value);
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `expected` is found in `actual`: strings by glob, objects field by field (a subset), arrays item by item. */
export const partMatches = (expected: unknown, actual: unknown): boolean => {
  if (typeof expected === 'string') return typeof actual === 'string' && globMatches(expected, actual);
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => partMatches(e, actual[i]))
    );
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null) return false;
    const record = actual as Record<string, unknown>;
    return Object.entries(expected).every(([key, value]) => partMatches(value, record[key]));
  }
  return expected === actual;
};

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const parseBody = (path: string, raw: string): unknown => {
  if (raw === '') return null;
  if (path.endsWith('/_bulk')) {
    return raw
      .split('\n')
      .filter((line) => line !== '')
      .map((line): unknown => JSON.parse(line));
  }
  return JSON.parse(raw);
};

const matches = (expected: RecordedExchange['request'], got: ReceivedRequest): boolean =>
  expected.method === got.method &&
  globMatches(expected.path, got.path) &&
  (expected.bulk === undefined || (Array.isArray(got.body) && partMatches(expected.bulk, actionLines(got.body)))) &&
  (expected.body === undefined || partMatches(expected.body, got.body));

export interface ElasticsearchReplay {
  readonly url: string;
  /** Every request received, in order. */
  readonly received: ReceivedRequest[];
  /** Requests that were not the next recorded one. */
  readonly unexpected: string[];
  /** Replays this conversation next (the received and unexpected lists start over). */
  play(conversation: readonly RecordedExchange[], order?: 'in order' | 'in any order'): void;
  /** Recorded exchanges not asked for yet. */
  remaining(): number;
  close(): Promise<void>;
}

export const startElasticsearchReplay = async (recorded: Recording): Promise<ElasticsearchReplay> => {
  let queue: RecordedExchange[] = [];
  let anyOrder = false;
  const received: ReceivedRequest[] = [];
  const unexpected: string[] = [];
  const answer = (res: ServerResponse, status: number, body: unknown, head: boolean): void => {
    const text = body === undefined || head ? '' : JSON.stringify(body);
    res.writeHead(status, { ...recorded.headers, 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://replay');
      const got: ReceivedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.search.replace(/^\?/, ''),
        body: parseBody(url.pathname, await readBody(req)),
      };
      received.push(got);
      const at = anyOrder ? queue.findIndex((exchange) => matches(exchange.request, got)) : 0;
      const next = at >= 0 ? queue[at] : undefined;
      const head = got.method === 'HEAD';
      if (!next || !matches(next.request, got)) {
        const wanted = next ? `${next.request.method} ${next.request.path}` : 'nothing more';
        unexpected.push(`${got.method} ${got.path} (recorded next: ${wanted}) ${JSON.stringify(got.body)}`);
        answer(res, 400, { error: { type: 'unrecorded_request', reason: `not in the recording` }, status: 400 }, head);
        return;
      }
      queue.splice(at, 1);
      answer(res, next.response.status, next.response.body, head);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    unexpected,
    play(conversation, order = 'in order') {
      queue = [...conversation];
      anyOrder = order === 'in any order';
      received.length = 0;
      unexpected.length = 0;
    },
    remaining: () => queue.length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
