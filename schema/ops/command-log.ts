import { z } from 'zod';
import { commandErrorSchema, commandStatusSchema } from '../commands/envelope.ts';
import { deliverySchema, opsDeviceSchema, pushAttemptSchema, timelineEventSchema } from './timeline.ts';

/**
 * The answers of the command log's API (`/api/ops/commands`, `/api/ops/commands/:id`, `/api/ops/shoppers/:owner`).
 * Times are epoch milliseconds; a time not yet known is null.
 */

/** One row of the log, as listed, exported (CSV, NDJSON) and tailed. */
export const commandLogRowSchema = z.object({
  id: z.string(),
  type: z.string(),
  status: commandStatusSchema,
  resultCode: z.string().nullable(),
  owner: z.string(),
  clientId: z.string(),
  seq: z.number().int(),
  /** On the device, when the shopper acted. */
  createdAt: z.number().int(),
  /** When the server first took it (never changes: the log's order). */
  receivedAt: z.number().int(),
  processedAt: z.number().int().nullable(),
  serverSeq: z.number().int(),
});
export type CommandLogRow = z.infer<typeof commandLogRowSchema>;

/** The CSV export's columns, in order: the row's fields. */
export const COMMAND_LOG_COLUMNS = [
  'id',
  'type',
  'status',
  'resultCode',
  'owner',
  'clientId',
  'seq',
  'createdAt',
  'receivedAt',
  'processedAt',
  'serverSeq',
] as const satisfies readonly (keyof CommandLogRow)[];

/** A page, newest first. `next`: the cursor of the page after, null on the last. */
export const commandLogPageSchema = z.object({
  rows: z.array(commandLogRowSchema),
  next: z.string().nullable(),
});
export type CommandLogPage = z.infer<typeof commandLogPageSchema>;

/** One span of the command's life in one state; `until` null while it is still in it. */
export const commandStateSpanSchema = z.object({
  /** `on-device` is the time between the tap and the server taking it. */
  state: z.enum(['on-device', 'pending', 'processing', 'succeeded', 'rejected', 'failed']),
  since: z.number().int(),
  until: z.number().int().nullable(),
  durationMs: z.number().int().min(0).nullable(),
});
export type CommandStateSpan = z.infer<typeof commandStateSpanSchema>;

/** One command in full, for the console's command page. */
export const commandDetailSchema = z.object({
  command: commandLogRowSchema.extend({
    /** The payload with secrets (passwords, tokens, card data) and the ЕГН masked. */
    payload: z.record(z.string(), z.unknown()),
    result: z.record(z.string(), z.unknown()).nullable(),
    error: commandErrorSchema.nullable(),
  }),
  stateHistory: z.array(commandStateSpanSchema),
  attempts: z.array(pushAttemptSchema),
  deliveries: z.array(deliverySchema),
  /** Every device of the command's owner. */
  devices: z.array(opsDeviceSchema),
  timeline: z.array(timelineEventSchema),
});
export type CommandDetail = z.infer<typeof commandDetailSchema>;

/** A shopper as the console shows them: who, their devices, and what they have in the shop. */
export const shopperViewSchema = z.object({
  owner: z.string(),
  account: z
    .object({
      email: z.string(),
      firstname: z.string(),
      lastname: z.string(),
      role: z.string(),
      createdAt: z.number().int(),
    })
    .nullable(),
  /** The guest owners merged into this account at login. */
  mergedGuests: z.array(z.string()),
  devices: z.array(opsDeviceSchema),
  /** The cart read model as replicated to the devices; null when there is none. */
  cart: z.record(z.string(), z.unknown()).nullable(),
  orders: z.array(
    z.object({
      orderNumber: z.string().nullable(),
      orderId: z.string().nullable(),
      status: z.string().nullable(),
      createdAt: z.number().int(),
      doc: z.record(z.string(), z.unknown()),
    }),
  ),
  ads: z.array(
    z.object({
      adId: z.string().nullable(),
      status: z.string().nullable(),
      createdAt: z.number().int(),
      doc: z.record(z.string(), z.unknown()),
    }),
  ),
  reviews: z.array(
    z.object({
      id: z.number().int(),
      sku: z.string().nullable(),
      status: z.number().int(),
      doc: z.record(z.string(), z.unknown()),
    }),
  ),
  /** The shopper's message commands (questions to the shop and the like), newest first. */
  messages: z.array(commandLogRowSchema),
  /** Mail the store sent (or is sending) to the shopper's address. */
  mails: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      subject: z.string(),
      createdAt: z.number().int(),
      sentAt: z.number().int().nullable(),
      failedAt: z.number().int().nullable(),
      attempts: z.number().int(),
    }),
  ),
  /** The newest commands of the shopper, a first page of the log filtered by owner. */
  commands: commandLogPageSchema,
});
export type ShopperView = z.infer<typeof shopperViewSchema>;

/** One event of the live tail (`GET /api/ops/tail`, Server-Sent Events `command`): a new command or an outcome. */
export const commandTailEventSchema = z.object({
  kind: z.enum(['received', 'settled']),
  row: commandLogRowSchema,
});
export type CommandTailEvent = z.infer<typeof commandTailEventSchema>;

/**
 * The live tail's notice that it skipped rows (Server-Sent Events `gap`): the tail was more than its bound of
 * matching commands behind (a console reconnecting after a long gap, a store under heavy load), so it went on from
 * the newest instead of sending the backlog. `skipped` is counted up to a cap; `more` says the count stopped there.
 * `after` is the serverSeq the tail goes on after (the event's id too, so a reconnect resumes from it).
 */
export const commandTailGapSchema = z.object({
  skipped: z.number().int().min(1),
  more: z.boolean(),
  after: z.number().int().min(0),
});
export type CommandTailGap = z.infer<typeof commandTailGapSchema>;
