import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStoreDatabase } from '../../../client/sync/database.ts';
import { dexieStorage } from '../../../client/sync/dexie-storage.ts';

/** Issue 19: "RxDB prints its commercial advert as a console warning on every page load: no console noise". */
describe("the device's store and the console", () => {
  afterEach(() => vi.restoreAllMocks());

  it('prints no storage advert on its first write, and lets other warnings through', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const db = await createStoreDatabase({
      name: `advert-${Date.now()}`,
      storage: dexieStorage({ indexedDB, IDBKeyRange }),
      multiInstance: false,
    });
    await db.collections.commands.insert({
      id: '0192f6a0-0000-7000-8000-000000000001',
      type: 'cart.clear',
      payload: {},
      owner: 'guest-advert',
      clientId: 'client-advert-1',
      seq: 1,
      createdAt: Date.now(),
      status: 'pending',
      serverSeq: 0,
    });
    console.warn('a warning of our own');
    const messages = warn.mock.calls.map((call) => String(call[0]));
    expect(messages.some((m) => m.includes('RxDB Open Core RxStorage'))).toBe(false);
    expect(messages).toContain('a warning of our own');
    await db.close();
  });
});
