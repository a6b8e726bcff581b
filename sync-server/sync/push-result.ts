import type { CommandDocument, PushResponse } from '../../schema/index.ts';
import type { LocalChange } from './local-change.ts';

/** What a push answers, and what it tells this process. */
export interface PushResult {
  response: PushResponse<CommandDocument>;
  /** What the push's transaction wrote to replicated collections: for this process's live streams. */
  changes: LocalChange[];
  /** Commands are waiting for the executor (a gap, or no inline executor here). */
  leftPending: boolean;
}
