import type { CommandError } from '../../schema/commands/envelope.ts';
import type { CommandDetail, CommandLogRow, CommandStateSpan } from '../../schema/ops/command-log.ts';
import { maskPayload } from '../../schema/ops/mask-payload.ts';
import { buildTimeline, type Delivery, type PushAttempt } from '../../schema/ops/timeline.ts';
import type { Sql } from '../store/database.ts';
import { LOG_COLUMNS, logRowOf, type CommandLogDbRow } from './command-log-query.ts';
import { msOf } from './device-sql.ts';
import { readDevices } from './devices-query.ts';

/**
 * The command's life in states, from what the log keeps: on the device until the server took it, pending until
 * its outcome, then its final state. A command still waiting has an open last span.
 */
export const stateHistoryOf = (row: CommandLogRow): CommandStateSpan[] => {
  const span = (state: CommandStateSpan['state'], since: number, until: number | null): CommandStateSpan => ({
    state,
    since,
    until,
    durationMs: until === null ? null : Math.max(0, until - since),
  });
  const spans = [span('on-device', row.createdAt, row.receivedAt)];
  if (row.processedAt === null || row.status === 'pending' || row.status === 'processing') {
    spans.push(span(row.status === 'processing' ? 'processing' : 'pending', row.receivedAt, null));
    return spans;
  }
  spans.push(span('pending', row.receivedAt, row.processedAt), span(row.status, row.processedAt, null));
  return spans;
};

/** One command in full for the console (with its payload masked), or undefined when there is none. */
export const readCommandDetail = async (sql: Sql, id: string): Promise<CommandDetail | undefined> => {
  const [row] = await sql.query<
    CommandLogDbRow & {
      payload: Record<string, unknown>;
      result: Record<string, unknown> | null;
      error: CommandError | null;
    }
  >(`SELECT ${LOG_COLUMNS}, payload, result, error FROM commands WHERE id = $1::uuid`, [id]);
  if (!row) return undefined;
  const command = logRowOf(row);

  const attempts: PushAttempt[] = (
    await sql.query<{
      at_ms: number;
      client_id: string;
      batch_size: number;
      duplicate: boolean;
      app_version: string | null;
    }>(
      `SELECT ${msOf('at', 'at_ms')}, client_id, batch_size, duplicate, app_version
       FROM ops_push_attempts WHERE command_id = $1::uuid ORDER BY at, duplicate`,
      [id],
    )
  ).map((a) => ({
    at: a.at_ms,
    clientId: a.client_id,
    batchSize: a.batch_size,
    duplicate: a.duplicate,
    appVersion: a.app_version,
  }));

  const devices = await readDevices(sql, [command.owner], [command.clientId, ...attempts.map((a) => a.clientId)]);
  const settled = command.status === 'succeeded' || command.status === 'rejected' || command.status === 'failed';
  // Per client id of each device, the first delivery of outcomes at or past this command's serverSeq: one index
  // probe each (the timeline keeps each device's earliest).
  const deliveries: Delivery[] = settled
    ? (
        await sql.query<{ client_id: string; server_seq: number; at_ms: number; via: Delivery['via'] }>(
          `SELECT d.client_id, x.server_seq, x.at_ms, x.via FROM unnest($1::text[]) AS d(client_id)
           CROSS JOIN LATERAL (
             SELECT server_seq, ${msOf('at', 'at_ms')}, via FROM ops_deliveries
             WHERE client_id = d.client_id AND server_seq >= $2 ORDER BY server_seq LIMIT 1
           ) AS x`,
          [devices.flatMap((d) => d.clientIds), command.serverSeq],
        )
      ).map((d) => ({ clientId: d.client_id, serverSeq: d.server_seq, at: d.at_ms, via: d.via }))
    : [];

  const timeline = buildTimeline(
    {
      id: command.id,
      type: command.type,
      status: command.status,
      clientId: command.clientId,
      createdAt: command.createdAt,
      receivedAt: command.receivedAt,
      processedAt: command.processedAt,
      serverSeq: command.serverSeq,
      resultCode: command.resultCode,
      errorCode: row.error?.code ?? null,
    },
    attempts,
    deliveries,
    devices,
  );
  return {
    command: {
      ...command,
      payload: maskPayload(row.payload),
      // A result can echo what was sent (an order's invoice details): masked the same way.
      result: row.result ? maskPayload(row.result) : null,
      error: row.error,
    },
    stateHistory: stateHistoryOf(command),
    attempts,
    deliveries,
    devices,
    timeline,
  };
};
