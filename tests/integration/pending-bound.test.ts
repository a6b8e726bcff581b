import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PENDING_BEHIND_GAP_MAX, type CommandDocument } from '../../schema/index.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { createGuest, type Guest } from '../support/protocol-client.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';

const rowsOf = (docs: CommandDocument[]) => ({ rows: docs.map((d) => ({ newDocumentState: d })) });
const clears = (guest: Guest, n: number) => Array.from({ length: n }, () => guest.command('cart.clear', {}));
const statuses = async (guest: Guest) => {
  const counts: Record<string, number> = {};
  for (const doc of (await guest.pull<CommandDocument>('commands')).documents) {
    counts[doc.status] = (counts[doc.status] ?? 0) + 1;
  }
  return counts;
};

/**
 * A client's commands behind a gap in its seqs wait in the store until the missing one comes; without a bound one
 * client could keep any number there (10,000 slowed its pushes from 8 to 212 ms). The bound counts only commands
 * behind a gap: a device pushing its queue in order never meets it.
 */
describe(`a client's commands waiting behind a gap are bounded (${storeKind})`, () => {
  describe('with an executor', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startTestServer();
    });
    afterAll(async () => {
      await server.close();
    });

    it(`past ${PENDING_BEHIND_GAP_MAX} waiting, a push is a 409 naming seq and nothing is stored`, async () => {
      expect(PENDING_BEHIND_GAP_MAX).toBe(500);
      const guest = await createGuest(server.url);
      const [missing, ...behind] = clears(guest, PENDING_BEHIND_GAP_MAX + 1);
      const [one, ...more] = clears(guest, 2);
      // Exactly the bound waits.
      expect((await guest.pushRaw(rowsOf(behind))).status).toBe(200);
      expect(await statuses(guest)).toEqual({ pending: PENDING_BEHIND_GAP_MAX });

      const refused = await guest.pushRaw(rowsOf([one!]));
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 409, result: { field: 'seq' } });
      expect(String((refused.body.result as { error: string }).error)).toMatch(/waiting behind.*missing seq 1\b/);
      expect(await statuses(guest)).toEqual({ pending: PENDING_BEHIND_GAP_MAX });

      // The missing seq is always taken, with what follows it; then the rest runs and the client goes on.
      expect((await guest.pushRaw(rowsOf([missing!]))).status).toBe(200);
      expect((await guest.pushRaw(rowsOf([one!, ...more]))).status).toBe(200);
      const all = [missing!, ...behind, one!, ...more];
      const settled = await guest.settled(
        all.map((c) => c.id),
        30_000,
      );
      expect(settled.every((c) => c.status === 'succeeded')).toBe(true);
    });

    it('a repeated push of what already waits is answered as before, not refused', async () => {
      const guest = await createGuest(server.url);
      const [, ...behind] = clears(guest, PENDING_BEHIND_GAP_MAX + 1);
      expect((await guest.pushRaw(rowsOf(behind))).status).toBe(200);
      const again = await guest.pushRaw(rowsOf(behind.slice(0, 10)));
      expect(again.status).toBe(200);
      expect((again.body.conflicts as unknown[]).length).toBe(10);
    });

    it('a device draining 1,000 offline commands in order is never refused', async () => {
      const guest = await createGuest(server.url);
      const queue = clears(guest, 1000);
      expect((await guest.pushRaw(rowsOf(queue))).status).toBe(200);
      const settled = await guest.settled(
        queue.map((c) => c.id),
        30_000,
      );
      expect(settled.every((c) => c.status === 'succeeded')).toBe(true);
    });
  });

  describe('on an instance without an executor (nothing runs in the push)', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startTestServer(undefined, 'off');
    });
    afterAll(async () => {
      await server.close();
    });

    it('commands next in line are not behind a gap: 1,000 in order are taken', async () => {
      const guest = await createGuest(server.url);
      const queue = clears(guest, 1000);
      expect((await guest.pushRaw(rowsOf(queue.slice(0, 600)))).status).toBe(200);
      expect((await guest.pushRaw(rowsOf(queue.slice(600)))).status).toBe(200);
      expect(await statuses(guest)).toEqual({ pending: 1000 });
    });
  });
});
