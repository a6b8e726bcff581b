import type { TypedCommand } from '../../schema/index.ts';
import type { Database, Sql } from '../store/database.ts';
import { WORK_CHANNEL } from '../store/server-seq.ts';
import type { Logger } from 'pino';
import { featureOf } from '../features/registered.ts';
import { log as processLog } from '../observability/logger.ts';
import { StoredCommandUnreadable } from './claim.ts';
import { setAside } from './dead-letter.ts';
import { executeCommands, type Execution, type FeatureLookup, type InlineExecutor } from './execute.ts';
import { failureCause } from './failure-cause.ts';
import { isolateFailure, type Attempt, type Isolation } from './isolate.ts';
import { BatchFailed, runBatch, type BatchLimits, type BatchScope } from './run-batch.ts';

export interface ExecutorOptions extends Partial<BatchLimits> {
  /** Safety net: look for work this often even without a wake-up (commands left by a crash). */
  pollMs?: number;
  /** The first wait after a failure nothing could be set aside for; it doubles up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  log?: Logger;
  /** Told of every dead letter set aside (tests count the batches it took). */
  onDeadLetter?: (isolation: Extract<Isolation, { kind: 'isolated' }>) => void;
}

/**
 * Runs batches while there is work, then sleeps until woken: by a push on this instance, by NOTIFY from
 * another instance sharing the database, or by the poll timer. Pushes of commands that are next in line
 * run them in their own transaction with this executor's features (`executeInline`).
 */
export class Executor implements InlineExecutor {
  private running = false;
  private wakeUp: (() => void) | undefined;
  private woken = false;
  private loop: Promise<void> | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private readonly limits: BatchLimits;
  private readonly pollMs: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly log: Logger;
  private readonly onDeadLetter: ExecutorOptions['onDeadLetter'];
  /** Failures in a row that nothing could be set aside for: the backoff's exponent, and logged once each run. */
  private unexplained = 0;

  constructor(
    private readonly db: Database,
    options: ExecutorOptions = {},
    /** Which feature runs a command type: the registered ones (tests may pass others). */
    private readonly features: FeatureLookup = featureOf,
  ) {
    this.limits = { maxClients: options.maxClients ?? 64, maxCommands: options.maxCommands ?? 1000 };
    this.pollMs = options.pollMs ?? 1000;
    this.backoffMs = options.backoffMs ?? 100;
    this.maxBackoffMs = options.maxBackoffMs ?? 30_000;
    this.log = options.log ?? processLog;
    this.onDeadLetter = options.onDeadLetter;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    // After a lost LISTEN connection, work pushed meanwhile went unheard: a round now rather than at the next poll.
    const wake = () => this.wake();
    this.unlisten = await this.db.listen(WORK_CHANNEL, wake, wake);
    this.loop = this.run();
  }

  executeInline(tx: Sql, commands: readonly TypedCommand[]): Promise<Execution> {
    // The push has taken the owners' locks already (see push-commands.ts storedCommands).
    return executeCommands(tx, this.features, commands, { ownersLocked: true });
  }

  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    await this.unlisten?.();
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.woken = false;
      let settled: number;
      try {
        settled = await runBatch(this.db, this.features, this.limits);
        if (this.unexplained > 0) this.log.info({ failures: this.unexplained }, 'executor batches run again');
        this.unexplained = 0;
      } catch (error) {
        // The transaction rolled back; the commands stay pending. Find the command that breaks it, if one does.
        if (!this.running) return;
        await this.recover(error);
        continue;
      }
      if (settled === 0 && !this.woken) await this.sleep(this.pollMs);
    }
  }

  /**
   * After a failed batch: split it until the failing command is alone and set that one aside (a dead letter), so
   * every other command goes on; when no command explains the failure (the store is unreachable), wait longer
   * after each failure in a row, logging the first only.
   */
  private async recover(error: unknown): Promise<void> {
    const cause = error instanceof BatchFailed ? error.cause : error;
    const isolation: Isolation =
      cause instanceof StoredCommandUnreadable
        ? await this.unreadable(cause)
        : await isolateFailure(
            { runs: error instanceof BatchFailed ? error.runs : [], cause },
            { tryBatch: (scope) => this.tryBatch(scope), pause: (ms) => this.sleep(ms) },
          );
    if (isolation.kind === 'isolated') {
      const { command, batches } = isolation;
      const reason = failureCause(isolation.cause);
      const setAsideNow = await setAside(this.db, command, reason, batches).catch(() => false);
      if (setAsideNow) {
        this.log.error(
          { commandId: command.id, owner: command.owner, type: command.type, cause: reason, batches },
          'command set aside as a dead letter',
        );
        this.onDeadLetter?.(isolation);
        this.unexplained = 0;
        return;
      }
    }
    if (isolation.kind === 'cleared') return;
    this.unexplained++;
    if (this.unexplained === 1) {
      this.log.error(
        { cause: failureCause(isolation.kind === 'unexplained' ? isolation.cause : cause) },
        'executor batch failed',
      );
    }
    await this.sleep(Math.min(this.maxBackoffMs, this.backoffMs * 2 ** (this.unexplained - 1)));
  }

  private async tryBatch(scope: BatchScope): Promise<Attempt> {
    try {
      await runBatch(this.db, this.features, this.limits, scope);
      return { ok: true };
    } catch (error) {
      if (error instanceof BatchFailed) return { ok: false, runs: error.runs, cause: error.cause };
      return { ok: false, runs: [], cause: error };
    }
  }

  /** A stored command that no longer parses names itself: it is set aside at once. */
  private async unreadable(cause: StoredCommandUnreadable): Promise<Isolation> {
    const [row] = await this.db
      .query<{ owner: string; type: string; seq: number }>('SELECT owner, type, seq FROM commands WHERE id = $1', [
        cause.commandId,
      ])
      .catch(() => []);
    if (!row) return { kind: 'unexplained', cause, batches: 1 };
    return { kind: 'isolated', command: { id: cause.commandId, clientId: cause.clientId, ...row }, cause, batches: 1 };
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = undefined;
        done();
      };
    });
  }
}
