import type { CommandLogRow, CommandTailEvent } from '../../../schema/ops/command-log.ts';
import { withTailEvent } from './log-filters.ts';

/** Rows the log keeps in memory while the tail adds to it: past this, the oldest at the bottom are let go. */
export const LIVE_ROWS_CAP = 1_000;
/** Tail events kept while paused: the newest this many; "N new" still counts every new command. */
export const HELD_CAP = 1_000;

/** What a paused log holds back: the newest events, and how many new commands (and dropped events) there were. */
export interface Held {
  events: readonly CommandTailEvent[];
  /** New commands (`received`) since the pause, kept or not: the "N new" the operator is shown. */
  received: number;
  /** New commands whose events were let go: showing the held rows then leaves them out. */
  droppedReceived: number;
}
export const NOTHING_HELD: Held = { events: [], received: 0, droppedReceived: 0 };

/** `held` with one more event; past `cap` the oldest is let go (and counted if it was a new command). */
export const withHeldEvent = (held: Held, event: CommandTailEvent, cap = HELD_CAP): Held => {
  const events = [...held.events, event];
  const dropped = events.length > cap ? events.splice(0, events.length - cap) : [];
  const received = event.kind === 'received' ? 1 : 0;
  return {
    events,
    received: held.received + received,
    droppedReceived: held.droppedReceived + dropped.filter((e) => e.kind === 'received').length,
  };
};

/**
 * The list after tail events: merged as withTailEvent does, then cut to `cap` rows (or to as many as the list had,
 * when the operator paged further), the oldest at the bottom let go: a log left open on a busy store stays bounded.
 */
export const withTailEvents = (
  rows: readonly CommandLogRow[],
  events: readonly CommandTailEvent[],
  cap = LIVE_ROWS_CAP,
): CommandLogRow[] => {
  const merged = events.reduce(withTailEvent, rows as CommandLogRow[]);
  const limit = Math.max(cap, rows.length);
  return merged.length > limit ? merged.slice(0, limit) : merged;
};
