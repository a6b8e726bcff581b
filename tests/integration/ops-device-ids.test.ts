import { describe, expect, it } from 'vitest';
import { readDevices } from '../../sync-server/ops/devices-query.ts';
import { openDevice } from '../support/node-client.ts';
import { serverWithDevices } from '../support/server-with-devices.ts';
import { storeKind } from '../support/test-server.ts';

/**
 * Issue 30: the console's devices are browser profiles. The real client sync core makes a new client id at every
 * page load of a tab; it also says its profile's device id, the same at every page load, so the console counts a
 * reloaded phone once (and no page load of it as a device still waiting for an outcome).
 */
describe(`a browser profile is one device to the console, however often its tab is reloaded (${storeKind})`, () => {
  const test = serverWithDevices();

  /** The console's record of an owner's client ids, once each has said its device id on a pull of outcomes. */
  const recorded = async (owner: string, clients: number) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const rows = await test.server.db.query<{ client_id: string; device_id: string | null }>(
        'SELECT client_id, device_id FROM ops_devices WHERE owner = $1 ORDER BY first_seen_at',
        [owner],
      );
      if (rows.length === clients && rows.every((r) => r.device_id !== null)) return rows;
      if (Date.now() > deadline) throw new Error(`the client ids of ${owner} not recorded: ${JSON.stringify(rows)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const ownerOf = async (device: Awaited<ReturnType<typeof openDevice>>): Promise<string> =>
    (await device.client.db.getLocal<{ owner: string }>('identity'))!.toJSON().data.owner;

  it('two page loads of one profile: two client ids, one device id; another profile has its own', async () => {
    const profile = `profile-${process.pid}-${Date.now()}`;
    // The first page load, closed as a reload closes it; the second opens the same profile's database.
    const firstLoad = await openDevice(test.server.url, profile);
    const owner = await ownerOf(firstLoad);
    await recorded(owner, 1);
    await firstLoad.client.stop();
    const secondLoad = await test.openDevice(profile);
    expect(await ownerOf(secondLoad)).toBe(owner);

    const rows = await recorded(owner, 2);
    expect(new Set(rows.map((r) => r.client_id)).size).toBe(2);
    expect(rows[0]!.device_id).toBe(rows[1]!.device_id);

    const [device] = await readDevices(test.server.db, [owner]);
    expect(await readDevices(test.server.db, [owner])).toHaveLength(1);
    expect(device).toMatchObject({ deviceId: rows[0]!.device_id, clientIds: rows.map((r) => r.client_id) });

    const other = await test.openDevice();
    const [otherRow] = await recorded(await ownerOf(other), 1);
    expect(otherRow!.device_id).not.toBe(rows[0]!.device_id);
  });
});
