import type { Database } from '../../sync-server/store/database.ts';

/** What a subcommand of `npm run ops` is given: its arguments' printing, and the store when it needs one. */
export interface OpsContext {
  /** A line for the operator (stdout). */
  out(line: string): void;
  /** A line about what went wrong (stderr). */
  err(line: string): void;
  /** The shop's store (DATABASE_URL, else PGlite's DATA_DIR), opened on first use and closed by the dispatcher. */
  database(): Promise<Database>;
  env: NodeJS.ProcessEnv;
}

/** One subcommand: `npm run ops -- <name> <args…>`. */
export interface OpsCommand {
  /** Its arguments and what it does, one line, for `npm run ops -- help`. */
  usage: string;
  /** Runs it; the answer is the process's exit code (0: done; 1: refused or failed; 2: wrong arguments). */
  run(args: readonly string[], context: OpsContext): Promise<number>;
}
