import { v7 as uuidv7 } from 'uuid';
import type { CommandDocument, CommandType, PayloadInputOf } from '../../schema/index.ts';
import { pendingCommand } from './protocol-client.ts';

/**
 * One device (browser profile) of an owner speaking the sync protocol as the app does: it says who it is on every
 * request (x-client-id, x-app-version), which is what the server's record of devices (migration 022) keys on, and
 * pulls outcomes from its own checkpoint as the app's replication does.
 */
export const syncDevice = (
  baseUrl: string,
  who: { token: string; owner: string },
  name: string,
  /** The profile's device id (x-device-id, migration 023) and the checkpoint its store kept: a page load of a tab. */
  profile: { deviceId?: string; checkpoint?: number } = {},
) => {
  const clientId = `${name}-${uuidv7()}`;
  const headers: Record<string, string> = {
    authorization: `Bearer ${who.token}`,
    'content-type': 'application/json',
    'x-client-id': clientId,
    'x-app-version': '1.4.0',
    ...(profile.deviceId ? { 'x-device-id': profile.deviceId } : {}),
  };
  let seq = 0;
  let checkpoint = profile.checkpoint ?? 0;
  const device = {
    clientId,
    /**
     * The tab reloaded: a new page load (a new client id, as the app makes one at each) of the same profile, whose
     * store kept its checkpoint. Needs a device id to be recognisably the same device.
     */
    reload(): SyncDevice {
      return syncDevice(baseUrl, who, name, { deviceId: profile.deviceId, checkpoint });
    },
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
  return device;
};
export type SyncDevice = {
  clientId: string;
  reload(): SyncDevice;
  command<T extends CommandType>(type: T, payload: PayloadInputOf<T>): CommandDocument;
  push(docs: CommandDocument[]): Promise<void>;
  pullOutcomes(): Promise<CommandDocument[]>;
  pullUntilSettled(ids: readonly string[], ms?: number): Promise<void>;
};
