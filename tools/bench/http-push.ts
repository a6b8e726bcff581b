/**
 * A push as raw-client.ts's `push` sends it (the same request, the same answer read whole and parsed), on node:http
 * with kept-alive connections instead of fetch. bench:streams times 200 pushes a second on the same two cores as the
 * server: fetch (undici, its streams and promises) cost the bench's process about a fifth of a core for them, time
 * the server then waited for a core. The round trip is still measured from the request's start to its parsed answer.
 */
import { Agent, request } from 'node:http';
import type { CommandDocument, PushResponse } from '../../schema/index.ts';

/** One connection per pusher at most, kept between pushes as a device's browser keeps it. */
const defaultAgent = new Agent({ keepAlive: true, maxSockets: 64 });

export interface PushAnswer {
  status: number;
  /** Retry-After in seconds, when the answer had one. */
  retryAfter?: number;
  text: string;
}

/** One POST /sync/commands/push, answered whatever its status (the socket's error rejects). */
export const postPush = (
  baseUrl: string,
  token: string,
  commands: readonly CommandDocument[],
  options: { agent?: Agent; timeoutMs?: number } = {},
): Promise<PushAnswer> =>
  new Promise((resolve, reject) => {
    const body = JSON.stringify({
      rows: commands.map((newDocumentState) => ({ newDocumentState, assumedMasterState: null })),
    });
    const req = request(
      `${baseUrl}/sync/commands/push`,
      {
        method: 'POST',
        agent: options.agent ?? defaultAgent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const retryAfter = Number(res.headers['retry-after']);
          resolve({
            status: res.statusCode ?? 0,
            ...(Number.isFinite(retryAfter) ? { retryAfter } : {}),
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
        res.on('error', reject);
      },
    );
    if (options.timeoutMs !== undefined) {
      const ms = options.timeoutMs;
      req.setTimeout(ms, () => req.destroy(new Error(`no answer within ${ms / 1000} s`)));
    }
    req.on('error', reject);
    req.end(body);
  });

/** A push that must succeed: its parsed answer, or an error naming the status. */
export const pushOverHttp = async (
  baseUrl: string,
  token: string,
  commands: readonly CommandDocument[],
): Promise<PushResponse<CommandDocument>> => {
  const answer = await postPush(baseUrl, token, commands);
  if (answer.status >= 300) throw new Error(`push answered ${answer.status}: ${answer.text}`);
  return JSON.parse(answer.text) as PushResponse<CommandDocument>;
};
