/**
 * A push as raw-client.ts's `push` sends it (the same request, the same answer read whole and parsed), on node:http
 * with kept-alive connections instead of fetch. bench:streams times 200 pushes a second on the same two cores as the
 * server: fetch (undici, its streams and promises) cost the bench's process about a fifth of a core for them, time
 * the server then waited for a core. The round trip is still measured from the request's start to its parsed answer.
 */
import { Agent, request } from 'node:http';
import type { CommandDocument, PushResponse } from '../../schema/index.ts';

/** One connection per pusher at most, kept between pushes as a device's browser keeps it. */
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

export const pushOverHttp = (
  baseUrl: string,
  token: string,
  commands: readonly CommandDocument[],
): Promise<PushResponse<CommandDocument>> =>
  new Promise((resolve, reject) => {
    const body = JSON.stringify({
      rows: commands.map((newDocumentState) => ({ newDocumentState, assumedMasterState: null })),
    });
    const req = request(
      `${baseUrl}/sync/commands/push`,
      {
        method: 'POST',
        agent,
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
          try {
            const text = Buffer.concat(chunks).toString('utf8');
            const parsed = JSON.parse(text) as PushResponse<CommandDocument>;
            if ((res.statusCode ?? 0) >= 300) reject(new Error(`push answered ${res.statusCode}: ${text}`));
            else resolve(parsed);
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
