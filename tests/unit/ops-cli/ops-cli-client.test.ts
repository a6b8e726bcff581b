import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeFailures } from '../../../tools/ops/commands/failures.ts';
import { describeProgress } from '../../../tools/ops/commands/bulk.ts';
import { describeStats } from '../../../tools/ops/commands/stats.ts';
import { durationOf, progressBar, sparkline } from '../../../tools/ops/format.ts';
import { opsClient, OpsHttpError, withQuery } from '../../../tools/ops/http.ts';

interface Call {
  url: string;
  method: string;
  authorization: string | null;
  body: unknown;
}

/** A fetch that answers from a table by "METHOD path", and records what it was asked. */
const fakeFetch = (answers: Record<string, { status?: number; body: unknown }>) => {
  const calls: Call[] = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({
      url,
      method,
      authorization: new Headers(init?.headers).get('authorization'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const answer = answers[`${method} ${new URL(url).pathname}`];
    if (!answer) return new Response('{}', { status: 404 });
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  }) as typeof fetch;
  return { calls, fetchImpl };
};

describe('npm run ops: the API client', () => {
  it('given OPS_TOKEN, when a call is made, then it carries that token and no login happens', async () => {
    const { calls, fetchImpl } = fakeFetch({
      'GET /api/ops/failures': { body: { code: 200, result: { groups: [] } } },
    });
    const client = opsClient({ env: { OPS_TOKEN: 'tok-1', OPS_URL: 'http://shop.test:4000/' }, fetch: fetchImpl });
    expect(await client.get('/api/ops/failures', z.object({ groups: z.array(z.unknown()) }))).toEqual({ groups: [] });
    expect(calls).toEqual([
      { url: 'http://shop.test:4000/api/ops/failures', method: 'GET', authorization: 'Bearer tok-1', body: undefined },
    ]);
  });

  it('given OPS_EMAIL and OPS_PASSWORD, when two calls are made, then it logs in once and uses the token', async () => {
    const { calls, fetchImpl } = fakeFetch({
      'POST /api/user/login': { body: { code: 200, result: 'access-1', meta: { refreshToken: 'r' } } },
      'GET /api/ops/stats': { body: { code: 200, result: { commandsPerSecond: 3 } } },
    });
    const client = opsClient({ env: { OPS_EMAIL: 'op@shop.bg', OPS_PASSWORD: 'secret-pass' }, fetch: fetchImpl });
    await client.get('/api/ops/stats', z.unknown());
    await client.get('/api/ops/stats', z.unknown());
    expect(calls.map((c) => `${c.method} ${c.url} ${c.authorization}`)).toEqual([
      'POST http://localhost:3000/api/user/login null',
      'GET http://localhost:3000/api/ops/stats Bearer access-1',
      'GET http://localhost:3000/api/ops/stats Bearer access-1',
    ]);
    expect(calls[0]!.body).toEqual({ username: 'op@shop.bg', password: 'secret-pass' });
  });

  it('given no credentials, when a call is made, then the error says which variables to set', async () => {
    const { fetchImpl } = fakeFetch({});
    const client = opsClient({ env: {}, fetch: fetchImpl });
    await expect(client.get('/api/ops/stats', z.unknown())).rejects.toThrow(/OPS_TOKEN, or OPS_EMAIL and OPS_PASSWORD/);
  });

  it("given a refusal, when a call is made, then the error is the server's reason and field", async () => {
    const { fetchImpl } = fakeFetch({
      'POST /api/ops/commands/x/retry': {
        status: 403,
        body: { code: 403, result: { error: 'This call needs the support role', field: 'role' } },
      },
    });
    const client = opsClient({ env: { OPS_TOKEN: 't' }, fetch: fetchImpl });
    const refused = client.send('POST', '/api/ops/commands/x/retry', { dryRun: false }, z.unknown());
    await expect(refused).rejects.toBeInstanceOf(OpsHttpError);
    await expect(refused).rejects.toThrow('403 This call needs the support role (role)');
  });

  it('given query values, when a path is made, then undefined ones are left out', () => {
    expect(withQuery('/api/ops/tail', { status: 'failed', type: undefined, q: 'a b' })).toBe(
      '/api/ops/tail?status=failed&q=a+b',
    );
    expect(withQuery('/api/ops/tail', {})).toBe('/api/ops/tail');
  });
});

describe('npm run ops: what the subcommands print', () => {
  it('given counts over time, when drawn, then the tallest bucket is a full bar and an empty one a space', () => {
    expect(sparkline([0, 1, 8])).toBe(' ▁█');
    expect(sparkline([])).toBe('');
    expect(
      sparkline(
        Array.from({ length: 96 }, () => 1),
        48,
      ),
    ).toHaveLength(48);
  });

  it('given a job half done, when its progress is printed, then the bar, the count and the failures', () => {
    expect(progressBar(5, 10, 10)).toBe('[#####.....] 5/10 50%');
    expect(describeProgress({ id: 7, state: 'running', total: 10, done: 5, failed: 1 }, 1_500)).toBe(
      '[###############...............] 5/10 50%  1 failed  1.5 s  running',
    );
  });

  it('given durations, when printed, then in the unit an operator reads', () => {
    expect([durationOf(850), durationOf(12_300), durationOf(125_000), durationOf(null)]).toEqual([
      '850 ms',
      '12.3 s',
      '2 min 5 s',
      '-',
    ]);
  });

  it('given failure groups, when printed, then one line per cause and how to retry a group', () => {
    const lines = describeFailures(
      {
        groups: [
          {
            type: 'order.place',
            status: 'rejected',
            cause: 'out_of_stock',
            resultCode: 'out_of_stock',
            count: 42,
            lastSeen: Date.UTC(2026, 11, 7, 5, 0),
            buckets: [1, 0, 41],
          },
        ],
      },
      'day',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^ {5}42 {2}order\.place .*rejected .*out_of_stock .*2026-12-07 05:00:00\.000Z/);
    expect(describeFailures({ groups: [] }, 'hour')).toEqual(['no failed or refused commands in the last hour']);
  });

  it('given stats with series, when printed, then figures as lines and series summed up', () => {
    expect(describeStats({ backlog: 3, execution: { p50Ms: 4, p95Ms: 9 }, buckets: [1, 2, 3] })).toEqual([
      'backlog: 3',
      'execution:',
      '  p50Ms: 4',
      '  p95Ms: 9',
      'buckets: 3 point(s), total 6',
    ]);
  });
});
