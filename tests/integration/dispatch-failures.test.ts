import { describe, expect, it } from 'vitest';
import { serverWithDevices } from '../support/server-with-devices.ts';
import { storeKind } from '../support/test-server.ts';
import { waitFor } from '../support/wait.ts';

describe(`a command whose local write fails (${storeKind})`, () => {
  const test = serverWithDevices();

  it('is refused on the device, and the next command still runs (no seq is left missing)', async () => {
    const { client } = await test.openDevice();
    // The storage refuses one write (a full disk, a quota), as IndexedDB can.
    let refuse = true;
    client.db.commands.preInsert(() => {
      if (!refuse) return;
      refuse = false;
      throw new Error('QuotaExceededError: the disk is full');
    }, false);

    await expect(client.dispatch('cart.addItem', { sku: 'APP3', qty: 1 })).rejects.toThrow(/disk is full/);
    const second = await client.dispatch('cart.addItem', { sku: 'IP17-256-BLK', qty: 1 });
    expect(second.seq).toBe(1);

    // The server ran it: had the refused command kept seq 1, the server would wait for that seq forever.
    const commands = await waitFor(
      client.commands$,
      (list) => list.some((c) => c.id === second.id && c.status !== 'pending'),
      'the second command settled',
    );
    expect(commands.find((c) => c.id === second.id)?.status).toBe('succeeded');
    expect(commands).toHaveLength(1);
    const cart = await waitFor(client.cart$, (c) => c.items.length === 1, 'the cart with one line');
    expect(cart.items.map((line) => [line.sku, line.qty])).toEqual([['IP17-256-BLK', 1]]);
  });
});
