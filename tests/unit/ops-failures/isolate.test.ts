import { describe, expect, it } from 'vitest';
import { isolateFailure, type Attempt } from '../../../sync-server/executor/isolate.ts';
import type { BatchScope, ClaimedCommand } from '../../../sync-server/executor/run-batch.ts';

/**
 * A store of pending commands per client, run as the executor runs them: a batch takes each scoped client's next
 * commands (in seq order) and fails as a whole when it holds a poison command; otherwise they are settled.
 */
const world = (clients: number, perClient: number, poison: (c: ClaimedCommand) => boolean = () => false) => {
  const pending = new Map<string, ClaimedCommand[]>();
  for (let c = 0; c < clients; c++) {
    const clientId = `client-${c}`;
    pending.set(
      clientId,
      Array.from({ length: perClient }, (_, s) => ({
        id: `${clientId}/${s + 1}`,
        clientId,
        owner: `owner-${c}`,
        type: 'cart.addItem',
        seq: s + 1,
      })),
    );
  }
  const tries: BatchScope[] = [];
  const tryBatch = async (scope: BatchScope): Promise<Attempt> => {
    tries.push(scope);
    const runs = scope.clients.map((id) => (pending.get(id) ?? []).slice(0, scope.maxCommands));
    if (runs.flat().some(poison)) return { ok: false, runs, cause: new Error('poison') };
    for (const run of runs) for (const command of run) pending.get(command.clientId)!.shift();
    return { ok: true };
  };
  const all = () => [...pending.values()].filter((run) => run.length > 0);
  return { tryBatch, tries, all, pending };
};

const noPause = async () => undefined;

describe('isolating the command that breaks a batch', () => {
  it('given 8 clients of 8 commands and one poison, when the batch is split, then the poison alone is found in a few batches', async () => {
    const poison = (c: ClaimedCommand) => c.id === 'client-5/6';
    const { tryBatch, all, pending } = world(8, 8, poison);
    const found = await isolateFailure({ runs: all(), cause: new Error('poison') }, { tryBatch, pause: noPause });
    expect(found).toMatchObject({ kind: 'isolated', command: { id: 'client-5/6' } });
    // log2(8) clients + log2(8) commands + the poison alone twice.
    expect(found.batches).toBeLessThanOrEqual(3 + 3 + 2);
    // Its client's earlier commands ran; the later ones wait behind it until it is set aside.
    expect(pending.get('client-5')!.map((c) => c.seq)).toEqual([6, 7, 8]);
  });

  it('given a failure that has gone when retried, when the batch is split, then nothing is set aside', async () => {
    let failuresLeft = 1;
    const { tryBatch: inner, all } = world(2, 2);
    const tryBatch = async (scope: BatchScope): Promise<Attempt> => {
      if (failuresLeft-- > 0) return { ok: false, runs: [[]], cause: new Error('connection reset') };
      return inner(scope);
    };
    const found = await isolateFailure(
      { runs: all(), cause: new Error('connection reset') },
      { tryBatch, pause: noPause },
    );
    expect(found.kind).not.toBe('isolated');
  });

  it('given a command that fails alone once and then runs, when confirmed alone, then it is cleared, not set aside', async () => {
    let first = true;
    const { tryBatch, all } = world(1, 1, () => {
      const failing = first;
      first = false;
      return failing;
    });
    const pauses: number[] = [];
    const found = await isolateFailure(
      { runs: all(), cause: new Error('deadlock') },
      { tryBatch, pause: async (ms) => void pauses.push(ms) },
    );
    expect(found.kind).toBe('cleared');
    expect(pauses).toEqual([50]);
  });

  it('given a failure that names no command (the store down), when split, then it is unexplained', async () => {
    const tryBatch = async (): Promise<Attempt> => ({ ok: false, runs: [], cause: new Error('ECONNREFUSED') });
    const found = await isolateFailure({ runs: [], cause: new Error('ECONNREFUSED') }, { tryBatch, pause: noPause });
    expect(found).toMatchObject({ kind: 'unexplained', batches: 0 });
  });
});
