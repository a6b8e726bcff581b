import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import type { CommandDocument } from '../../schema/index.ts';
import { createGuest, type Guest } from '../support/protocol-client.ts';
import { replayCart } from '../support/replay.ts';
import { freePort, killHard, spawnServer } from '../support/server-process.ts';
import { openTestDatabase, storeKind } from '../support/test-server.ts';

const DEVICES = 6;
const COMMANDS_EACH = 15;
/** Two starts of the real server on a fresh store: slow on a loaded machine. */
const START_TIMEOUT_MS = 150_000;

/** A pattern whose outcome depends on every command running once, in order (as in server-restart.test.ts). */
const commandOf = (guest: Guest, i: number): CommandDocument =>
  i % 3 === 2
    ? guest.command('cart.removeItem', { lineId: 'APP3', qty: 1 })
    : guest.command('cart.addItem', { sku: i % 3 === 0 ? 'APP3' : 'AW11-46-ALU', qty: 1 });

/** Pushes one command per request, as a device's queue does, until a push goes unanswered (then it waits). */
const pushUntilRefused = async (guest: Guest, commands: readonly CommandDocument[]): Promise<number> => {
  for (let i = 0; i < commands.length; i++) {
    try {
      const answer = await guest.pushRaw({ rows: [{ newDocumentState: commands[i] }] });
      if (answer.status !== 200) return i;
    } catch {
      return i; // the connection was refused or cut: no answer
    }
  }
  return commands.length;
};

const exitOf = (child: ChildProcess): Promise<{ code: number | null; ms: number }> => {
  const started = Date.now();
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve({ code: child.exitCode, ms: 0 });
    else child.once('exit', (code) => resolve({ code, ms: Date.now() - started }));
  });
};

/**
 * Issue 30: SIGTERM during a burst of pushes loses none. Every push is answered, or refused so that its device sends
 * it again after the restart; none is executed twice; the process exits 0 within SHUTDOWN_TIMEOUT_MS.
 */
describe(`SIGTERM during a burst of pushes (${storeKind})`, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-sigterm-'));
  let server: (ChildProcess & { url: string }) | undefined;
  afterAll(async () => {
    if (server && server.exitCode === null) await killHard(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'answers or refuses every push, exits 0, and after a restart every command ran exactly once',
    { timeout: 2 * START_TIMEOUT_MS + 60_000 },
    async () => {
      if (process.env.DATABASE_URL) await (await openTestDatabase()).close(); // start from an empty PostgreSQL
      const env = {
        PORT: String(await freePort()),
        DATA_DIR: path.join(dataDir, 'pglite'),
        SHUTDOWN_TIMEOUT_MS: '10000',
        ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      };
      server = await spawnServer(env, START_TIMEOUT_MS);
      const devices = await Promise.all(Array.from({ length: DEVICES }, () => createGuest(server!.url)));
      const commands = devices.map((guest) => Array.from({ length: COMMANDS_EACH }, (_, i) => commandOf(guest, i)));

      // The burst, with SIGTERM once a third of it has been answered.
      let answered = 0;
      const running = server;
      const exited = exitOf(running);
      let signalled = false;
      const sent = await Promise.all(
        devices.map(async (guest, d) => {
          const mine = commands[d]!;
          for (let i = 0; i < mine.length; i++) {
            const done = await pushUntilRefused(guest, [mine[i]!]);
            if (done === 0) return i;
            answered += 1;
            if (!signalled && answered >= (DEVICES * COMMANDS_EACH) / 3) {
              signalled = true;
              running.kill('SIGTERM');
            }
          }
          return mine.length;
        }),
      );
      const { code, ms } = await exited;
      expect(code).toBe(0);
      expect(ms).toBeLessThan(10_000 + 5_000);
      // Some pushes were cut off by the shutdown (else the test proved nothing about it).
      expect(sent.some((n) => n < COMMANDS_EACH)).toBe(true);

      // Back on the same store; each device sends again what got no answer, and the rest of its queue.
      server = await spawnServer(env, START_TIMEOUT_MS);
      const restarted = server.url;
      await Promise.all(
        devices.map(async (guest, d) => {
          const rest = commands[d]!.slice(sent[d]);
          if (rest.length === 0) return;
          const answer = await guest.pushRaw({ rows: rest.map((c) => ({ newDocumentState: c })) });
          expect(answer.status).toBe(200);
        }),
      );
      expect(restarted).toBe(running.url);

      for (const [d, guest] of devices.entries()) {
        const mine = commands[d]!;
        const settled = await guest.settled(mine.map((c) => c.id));
        // One stored row per command id, each settled.
        expect(settled).toHaveLength(COMMANDS_EACH);
        expect(settled.filter((c) => c.status === 'pending')).toEqual([]);
        expect(new Set(settled.map((c) => c.seq)).size).toBe(COMMANDS_EACH);
        // The cart is the shared rules applied exactly once each, in order.
        const cart = (await guest.pull<{ items: unknown[] }>('carts')).documents.at(-1);
        expect(cart?.items).toEqual(replayCart(guest.owner, mine).items);
      }
    },
  );
});
