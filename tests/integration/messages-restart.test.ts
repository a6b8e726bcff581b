import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeAnswerSchema, type ChallengeResponse } from '../../schema/challenge/index.ts';
import { limitKey } from '../../sync-server/accounts/rate-limit.ts';
import { runBatch } from '../../sync-server/executor/run-batch.ts';
import { featureOf } from '../../sync-server/features/registered.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { createGuest } from '../support/protocol-client.ts';
import { openTestDatabase, startTestServer, storeKind } from '../support/test-server.ts';

/**
 * Issue 18: a message is executed once even when the server dies before its transaction commits: its mail, its
 * spent challenge and its flood count all go with the rolled-back batch, and the restarted executor does it once.
 */
describe(`messages exactly once across a restart (${storeKind})`, () => {
  let db: Database;
  let server: RunningServer;
  const LIMITS = { maxClients: 10, maxCommands: 100 };
  const saved = { ...process.env };

  beforeAll(async () => {
    process.env.CHALLENGE_MAX_COUNTER = '300';
    db = await openTestDatabase();
    // No executor: the test runs the batches, so it can break one.
    server = await startTestServer(db, 'off');
  });
  afterAll(async () => {
    await server.close();
    await db.close();
    process.env = saved;
  });

  const solvedChallenge = async (): Promise<ChallengeResponse> => {
    const answer = challengeAnswerSchema.parse(await (await fetch(`${server.url}/api/challenge`)).json());
    const solution = await solveChallenge({ challenge: answer.result, deriveKey });
    if (!solution) throw new Error('challenge not solved');
    return { challenge: answer.result, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
  };

  it('a batch that dies before commit leaves no mail, no spent challenge and no count; run again, one of each', async () => {
    const guest = await createGuest(server.url);
    const marker = `Restart-${uuidv7()}`;
    const response = await solvedChallenge();
    const contact = guest.command('contact.send', {
      name: 'Петя Иванова',
      email: 'petya.restart@example.bg',
      message: `Работите ли в неделя? ${marker}`,
      terms1: true,
      terms2: false,
      terms3: false,
      recaptcha_response: response,
    });
    await guest.push([contact]);

    const shopMails = () => db.query('SELECT 1 FROM mail_outbox WHERE body LIKE $1', [`%${marker}%`]);
    const spent = () =>
      db.query('SELECT 1 FROM used_challenges WHERE nonce = $1', [response.challenge.parameters.nonce]);
    const count = async () =>
      (
        await db.query<{ count: number }>('SELECT count::int AS count FROM rate_limits WHERE key = $1', [
          limitKey('message-owner', guest.owner),
        ])
      )[0]?.count ?? 0;

    const dying: Database = {
      ...db,
      transaction: (work) =>
        db.transaction(async (tx) => {
          await work(tx);
          throw new Error('killed before commit');
        }),
    };
    const quiet = console.error;
    console.error = () => undefined;
    try {
      await expect(runBatch(dying, featureOf, LIMITS)).rejects.toThrow('killed before commit');
    } finally {
      console.error = quiet;
    }
    expect(await shopMails()).toHaveLength(0);
    expect(await spent()).toHaveLength(0);
    expect(await count()).toBe(0);

    // Restarted: the work is still there and runs once; the challenge is accepted, since it was never spent.
    expect(await runBatch(db, featureOf, LIMITS)).toBe(1);
    const [settled] = await guest.settled([contact.id]);
    expect(settled).toMatchObject({ status: 'succeeded', result: { sent: true } });
    expect(await shopMails()).toHaveLength(1);
    expect(await spent()).toHaveLength(1);
    expect(await count()).toBe(1);

    // The same push again (its answer was lost): answered from the log, nothing runs.
    const again = await guest.push([contact]);
    expect(again.conflicts.map((c) => c.status)).toEqual(['succeeded']);
    expect(await runBatch(db, featureOf, LIMITS)).toBe(0);
    expect(await shopMails()).toHaveLength(1);
    expect(await count()).toBe(1);
  });
});
