import { v7 as uuidv7 } from 'uuid';
import type { StoreDatabase } from './database.ts';
import { withLock } from './lock.ts';

const DEVICE_DOC = 'device';

/**
 * This browser profile's device id, made the first time it is asked for and kept in a local document of its
 * database, so every tab and every page load has the same one. A tab's client id is new at each page load
 * (store-client.ts), so the operator console, told only client ids, counted a reloaded phone as one more device each
 * time; the device id says which profile a client id belongs to. Sent as `x-device-id` for the console alone: the
 * sync never reads it. Under the profile's lock, so two tabs opened at once do not each make one.
 */
export const readDeviceId = (db: StoreDatabase): Promise<string> =>
  withLock(`${db.name}:device`, async () => {
    const held = (await db.getLocal<{ id: string }>(DEVICE_DOC))?.toJSON().data.id;
    if (held) return held;
    const id = uuidv7();
    await db.upsertLocal(DEVICE_DOC, { id });
    return id;
  });
