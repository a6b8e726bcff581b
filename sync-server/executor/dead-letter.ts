import type { Database } from '../store/database.ts';
import { FAILED_FOR_DEVICE } from './execute.ts';
import type { FailureCause } from './failure-cause.ts';
import { lockOwners } from './owner-locks.ts';
import type { ClaimedCommand } from './run-batch.ts';
import { writeEffects } from './write-effects.ts';

/**
 * Sets a command aside as a dead letter: `failed`, with the cause the console shows (`failure`), and its client's
 * last seq moved past it so the client's later commands run. The device pulls it like any settled command and
 * treats it as a refusal (the outcome's error is the generic one: the cause stays on the server). Only a command
 * still pending and next in line (or a retried one behind its client's last seq) is set aside; returns whether it was.
 */
export const setAside = async (
  db: Database,
  command: ClaimedCommand,
  cause: FailureCause,
  batches: number,
  now = Date.now(),
): Promise<boolean> =>
  db.transaction(async (tx) => {
    const [client] = await tx.query<{ last_seq: number }>(
      'SELECT last_seq FROM sync_clients WHERE client_id = $1 FOR UPDATE',
      [command.clientId],
    );
    const [row] = await tx.query<{ status: string; seq: number }>('SELECT status, seq FROM commands WHERE id = $1', [
      command.id,
    ]);
    if (!client || !row || row.status !== 'pending' || row.seq > client.last_seq + 1) return false;
    await lockOwners(tx, [command.owner]);
    await writeEffects(tx, {
      count: 1,
      settled: [
        {
          id: command.id,
          status: 'failed',
          result: null,
          result_code: FAILED_FOR_DEVICE.code,
          error: { ...FAILED_FOR_DEVICE },
          processed_at: now,
          failure: { ...cause, at: now, deadLetter: true, batches },
          n: 0,
        },
      ],
      lastSeqs: new Map([[command.clientId, row.seq]]),
      notify: { owners: [command.owner], offsets: { outcomes: 0 } },
    });
    return true;
  });
