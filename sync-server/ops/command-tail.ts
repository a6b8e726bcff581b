import type { Request, Response } from 'express';
import type { CommandFilter } from '../../schema/ops/command-filter.ts';
import type { CommandTailEvent } from '../../schema/ops/command-log.ts';
import { log } from '../observability/logger.ts';
import type { Database } from '../store/database.ts';
import { LOG_COLUMNS, logRowOf, whereOf, type CommandLogDbRow } from './command-log-query.ts';
import { tailGapOf } from './tail-backlog.ts';

/** How often a tail reads what was committed since its last row. */
export const TAIL_POLL_MS = 500;
/** Rows a read sends at most; a burst bigger than that goes out over the next reads, in order. */
const TAIL_BATCH = 200;
const TAIL_HEARTBEAT_MS = 15_000;
/**
 * Matching rows a tail may be behind and still be sent them all; further behind, it skips to the newest and says so
 * (event `gap`). A console sent 100,000 rows at once kept its browser busy for tens of seconds without painting.
 */
export const TAIL_MAX_BACKLOG = 1_000;

export interface TailOptions {
  /** TAIL_MAX_BACKLOG by default; a test passes a small one. */
  maxBacklog?: number;
}

/**
 * `GET /api/ops/tail`: the live tail of the command log as Server-Sent Events, for an operator (every owner). Each
 * new command (`received`) and each outcome (`settled`) that the filter matches is an event `command` whose id is
 * its serverSeq: the log's commit order (server-seq.ts), so reading "after the last one sent" never skips a row
 * committed late, and a reconnecting console (Last-Event-ID) goes on where it stopped. The tail reads the store,
 * not this process's streams, so it sees the commands of every instance. Pausing is the console's: it keeps
 * reading and shows "N new".
 *
 * A tail never floods its console: each read first counts (cheaply, up to the bound) the matching rows it is behind;
 * more than `maxBacklog` and it sends a `gap` event and goes on after the newest of them. A read then sends at most
 * `maxBacklog` rows, and the next read (a poll later) checks again, so the rows a tail sends are bounded by
 * `maxBacklog` per TAIL_POLL_MS (2,000 a second by default) however fast commands come: no separate per-second
 * limit is needed, and under a load above it the operator sees gaps, not a console that falls ever further behind.
 */
export const openCommandTail = async (
  db: Database,
  req: Request,
  res: Response,
  filter: CommandFilter,
  { maxBacklog = TAIL_MAX_BACKLOG }: TailOptions = {},
): Promise<void> => {
  const lastEventId = Number(req.get('last-event-id'));
  let after =
    Number.isSafeInteger(lastEventId) && lastEventId >= 0
      ? lastEventId
      : ((await db.query<{ value: number }>('SELECT value FROM sync_counter WHERE id = 1'))[0]?.value ?? 0);

  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write(`retry: 2000\n\nevent: ready\ndata: ${JSON.stringify({ after })}\n\n`);

  let closed = false;
  let reading = false;
  const read = async (): Promise<void> => {
    if (reading || closed) return;
    reading = true;
    try {
      const gap = await tailGapOf(db, filter, after, maxBacklog);
      if (closed) return;
      if (gap) {
        after = gap.after;
        res.write(`id: ${gap.after}\nevent: gap\ndata: ${JSON.stringify(gap)}\n\n`);
      }
      for (let sent = 0; sent < maxBacklog;) {
        const limit = Math.min(TAIL_BATCH, maxBacklog - sent);
        const { where, params } = whereOf(filter);
        params.push(after, limit);
        where.push(`server_seq > $${params.length - 1}`);
        const rows = await db.query<CommandLogDbRow>(
          `SELECT ${LOG_COLUMNS} FROM commands WHERE ${where.join(' AND ')} ORDER BY server_seq LIMIT $${params.length}`,
          params,
        );
        if (closed || rows.length === 0) return;
        res.write(
          rows
            .map((row) => {
              const event: CommandTailEvent = {
                kind: row.status === 'pending' || row.status === 'processing' ? 'received' : 'settled',
                row: logRowOf(row),
              };
              return `id: ${row.server_seq}\nevent: command\ndata: ${JSON.stringify(event)}\n\n`;
            })
            .join(''),
        );
        after = rows[rows.length - 1]!.server_seq;
        sent += rows.length;
        if (rows.length < limit) return;
      }
    } catch (error) {
      log.warn({ err: error }, 'command tail read failed; ending the tail');
      res.end();
    } finally {
      reading = false;
    }
  };
  const poll = setInterval(() => void read(), TAIL_POLL_MS).unref();
  const beat = setInterval(() => res.write(': ping\n\n'), TAIL_HEARTBEAT_MS).unref();
  res.on('close', () => {
    closed = true;
    clearInterval(poll);
    clearInterval(beat);
  });
  await read();
};
