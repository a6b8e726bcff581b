import { v7 as uuidv7 } from 'uuid';
import type { CommandDocument, CommandType, PayloadInputOf } from '../../schema/index.ts';
import { pendingCommand } from './protocol-client.ts';

/**
 * One device (browser profile) of an owner speaking the sync protocol as the app does: it says who it is on every
 * request (x-client-id, x-app-version), which is what the server's record of devices (migration 022) keys on, and
 * pulls outcomes from its own checkpoint as the app's replication does.
 */
export const syncDevice = (baseUrl: string, who: { token: string; owner: string }, name: string) => {
  const clientId = `${name}-${uuidv7()}`;
  const headers = {
    authorization: `Bearer ${who.token}`,
    'content-type': 'application/json',
    'x-client-id': clientId,
    'x-app-version': '1.4.0',
  };
  let seq = 0;
  let checkpoint = 0;
  return {
    clientId,
    command<T extends CommandType>(type: T, payload: PayloadInputOf<T>): CommandDocument {
      seq += 1;
      return pendingCommand({ owner: who.owner, clientId, seq }, type, payload);
    },
    async push(docs: CommandDocument[]): Promise<void> {
      const response = await fetch(`${baseUrl}/sync/commands/push`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ rows: docs.map((d) => ({ newDocumentState: d })) }),
      });
      if (response.status !== 200) throw new Error(`push refused: ${response.status} ${await response.text()}`);
    },
    /** One pull of the outcomes after this device's checkpoint, moving it: what the device was handed. */
    async pullOutcomes(): Promise<CommandDocument[]> {
      const response = await fetch(`${baseUrl}/sync/outcomes/pull?after=${checkpoint}&limit=1000`, { headers });
      if (response.status !== 200) throw new Error(`pull refused: ${response.status} ${await response.text()}`);
      const page = (await response.json()) as { documents: CommandDocument[]; checkpoint: { serverSeq: number } };
      checkpoint = page.checkpoint.serverSeq;
      return page.documents;
    },
    /** Pulls outcomes until the given commands' are among those handed to this device. */
    async pullUntilSettled(ids: readonly string[], ms = 10_000): Promise<void> {
      const waiting = new Set(ids);
      const deadline = Date.now() + ms;
      while (waiting.size > 0) {
        for (const doc of await this.pullOutcomes()) waiting.delete(doc.id);
        if (waiting.size === 0) return;
        if (Date.now() > deadline) throw new Error(`outcomes not delivered: ${[...waiting].join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
};
export type SyncDevice = ReturnType<typeof syncDevice>;
