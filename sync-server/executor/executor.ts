import type { TypedCommand } from '../../schema/index.ts';
import type { Database, Sql } from '../store/database.ts';
import { WORK_CHANNEL } from '../store/server-seq.ts';
import { featureOf } from '../features/registered.ts';
import { executeCommands, type Execution, type FeatureLookup, type InlineExecutor } from './execute.ts';
import { runBatch, type BatchLimits } from './run-batch.ts';

export interface ExecutorOptions extends Partial<BatchLimits> {
  /** Safety net: look for work this often even without a wake-up (commands left by a crash). */
  pollMs?: number;
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

  constructor(
    private readonly db: Database,
    options: ExecutorOptions = {},
    /** Which feature runs a command type: the registered ones (tests may pass others). */
    private readonly features: FeatureLookup = featureOf,
  ) {
    this.limits = { maxClients: options.maxClients ?? 64, maxCommands: options.maxCommands ?? 1000 };
    this.pollMs = options.pollMs ?? 1000;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.unlisten = await this.db.listen(WORK_CHANNEL, () => this.wake());
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
      } catch (error) {
        // The transaction rolled back; the commands stay pending and are retried.
        if (this.running) console.error('[executor] batch failed, retrying:', (error as Error).message);
        await this.sleep(100);
        continue;
      }
      if (settled === 0 && !this.woken) await this.sleep(this.pollMs);
    }
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
