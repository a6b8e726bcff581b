import { describe, expect, it } from 'vitest';
import { createDispatch, InvalidCommandError, type DispatchIdentity } from '../../../client/sync/dispatch.ts';
import { fakeCommandDatabase as fakeDatabase } from '../../support/fake-command-database.ts';

/** An identity the test hands over when it likes: as a first visit's guest token arrives from the server. */
const laterIdentity = () => {
  let settle: (identity: DispatchIdentity | undefined) => void = () => undefined;
  const arrives = new Promise<DispatchIdentity | undefined>((resolve) => (settle = resolve));
  return { resolve: () => arrives, settle };
};

/**
 * A first visit: the store asks the server for a guest identity while the page is already usable. A tap in that
 * moment (a message sent, an alert set) waits for the identity instead of failing; only when none can be had
 * (offline on a first visit, the server away) is it refused, naming the owner, and nothing is stored.
 */
describe('dispatch before the device has an identity', () => {
  it('waits for the identity and stores the command as its owner, with seq 1', async () => {
    const { db, written } = fakeDatabase();
    const later = laterIdentity();
    const dispatch = createDispatch(db, later.resolve);
    const sent = dispatch('cart.addItem', { sku: 'APP3', qty: 1 });
    await Promise.resolve();
    expect(written).toEqual([]);
    later.settle({ clientId: 'client-1', owner: 'guest-1' });
    await expect(sent).resolves.toMatchObject({ owner: 'guest-1', clientId: 'client-1', seq: 1 });
    expect(written).toHaveLength(1);
  });

  it('refuses naming the owner when no identity can be had, and spends no seq', async () => {
    const { db, written } = fakeDatabase();
    const device: { identity?: DispatchIdentity } = {};
    const dispatch = createDispatch(db, async () => device.identity);
    const refused = dispatch('cart.addItem', { sku: 'APP3', qty: 1 });
    await expect(refused).rejects.toBeInstanceOf(InvalidCommandError);
    await expect(refused).rejects.toMatchObject({ field: 'owner' });
    expect(written).toEqual([]);
    device.identity = { clientId: 'client-1', owner: 'guest-1' };
    await expect(dispatch('cart.addItem', { sku: 'APP3', qty: 1 })).resolves.toMatchObject({ seq: 1 });
  });

  it('refuses an invalid payload at once, without waiting for the identity', async () => {
    const { db, written } = fakeDatabase();
    const later = laterIdentity();
    const dispatch = createDispatch(db, later.resolve);
    await expect(dispatch('cart.addItem', { sku: 'APP3', qty: 0 })).rejects.toMatchObject({ field: 'payload.qty' });
    expect(written).toEqual([]);
  });
});
