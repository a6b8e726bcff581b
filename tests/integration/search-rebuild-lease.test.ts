import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimRebuildLease, rebuildLeaseHolder } from '../../sync-server/catalog/search-rebuild-lease.ts';
import {
  advanceSearchIndexRecord,
  readSearchIndexRecord,
  writeSearchIndexRecord,
} from '../../sync-server/catalog/search-index-record.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { openTestDatabase, storeKind } from '../support/test-server.ts';

/**
 * Issue 31: one process builds the Elasticsearch index at a time. The lease row (search-rebuild-lease.ts) and
 * the store's record of the index (search-index-record.ts) on the real store; the Elasticsearch side is in
 * search-elasticsearch-index.test.ts.
 */
describe(`the search rebuild lease and the index record (${storeKind})`, () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  it('one holder at a time: others are refused while it holds the lease, and may claim it once it is released', async () => {
    const first = await claimRebuildLease(db, 'lease-a', 'instance-1');
    expect(first).toBeDefined();
    const [second, third] = await Promise.all([
      claimRebuildLease(db, 'lease-a', 'instance-2'),
      claimRebuildLease(db, 'lease-a', 'instance-3'),
    ]);
    expect(second).toBeUndefined();
    expect(third).toBeUndefined();
    expect(await rebuildLeaseHolder(db, 'lease-a')).toBe('instance-1');
    expect(await first?.renew()).toBe(true);

    await first?.release();
    expect(await rebuildLeaseHolder(db, 'lease-a')).toBeUndefined();
    const next = await claimRebuildLease(db, 'lease-a', 'instance-2');
    expect(next?.holder).toBe('instance-2');
    await next?.release();
  });

  it('of holders claiming at once, exactly one gets the lease', async () => {
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) => claimRebuildLease(db, 'lease-b', `instance-${i}`)),
    );
    expect(claims.filter((claim) => claim !== undefined)).toHaveLength(1);
  });

  it("a dead holder's lease expires and is taken over; the old holder then learns it lost it", async () => {
    // A lease already past its time: as a holder killed mid-build leaves it once its ttl has run out.
    const dead = await claimRebuildLease(db, 'lease-c', 'killed-instance', -1);
    expect(await rebuildLeaseHolder(db, 'lease-c')).toBeUndefined();
    const taker = await claimRebuildLease(db, 'lease-c', 'instance-2');
    expect(taker?.holder).toBe('instance-2');
    expect(await dead?.renew()).toBe(false);
    // Its release does not free the new holder's lease.
    await dead?.release();
    expect(await rebuildLeaseHolder(db, 'lease-c')).toBe('instance-2');
  });

  it('the recorded catalogue version only moves forward, and a new record replaces it', async () => {
    expect(await readSearchIndexRecord(db, 'record-a')).toBeUndefined();
    await advanceSearchIndexRecord(db, 'record-a', 5);
    expect(await readSearchIndexRecord(db, 'record-a')).toBeUndefined();

    await writeSearchIndexRecord(db, 'record-a', { index: 'record-a-1', seq: 10, builtAt: '2026-12-07T12:00:00Z' });
    await advanceSearchIndexRecord(db, 'record-a', 12);
    await advanceSearchIndexRecord(db, 'record-a', 11);
    expect(await readSearchIndexRecord(db, 'record-a')).toEqual({
      index: 'record-a-1',
      seq: 12,
      builtAt: '2026-12-07T12:00:00Z',
    });
    await writeSearchIndexRecord(db, 'record-a', { index: 'record-a-2', seq: 3, builtAt: '2026-12-07T13:00:00Z' });
    expect(await readSearchIndexRecord(db, 'record-a')).toMatchObject({ index: 'record-a-2', seq: 3 });
  });
});
