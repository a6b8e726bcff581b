import { z } from 'zod';
import { commandStatusSchema } from '../commands/envelope.ts';
import { orderNumberSchema } from '../orders/order.ts';
import { storableString } from '../validation/storable.ts';

/**
 * The command log's filters as they travel in a URL query string (`/api/ops/commands?type=order.place&status=failed`,
 * and the console's own address, so a filtered view can be bookmarked and shared). Every value arrives as text; an
 * empty value means "no filter", so a form that sends its blank fields filters nothing.
 */

/** An empty query value (`?type=`) is the same as leaving the filter out. */
const blankAsUndefined = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optionalText = (max: number) => z.preprocess(blankAsUndefined, storableString().min(1).max(max).optional());

/**
 * A moment, as epoch milliseconds or an ISO 8601 date-time (`2026-12-07T05:00:00Z`, or a bare date meaning its
 * midnight UTC). Parsed to epoch milliseconds.
 */
export const instantSchema = z.preprocess(
  blankAsUndefined,
  z
    .union([
      z
        .string()
        .regex(/^\d{1,16}$/)
        .transform(Number),
      z.number().int(),
      z
        .string()
        .max(40)
        .refine((text) => !Number.isNaN(Date.parse(text)), 'must be epoch milliseconds or an ISO 8601 date-time')
        .transform((text) => Date.parse(text)),
    ])
    .pipe(z.number().int().min(0).max(8.64e15))
    .optional(),
);

/** Page sizes of the log and its exports' internal pages. */
export const COMMAND_PAGE_DEFAULT = 100;
export const COMMAND_PAGE_MAX = 500;

/**
 * Where a page starts: the (receivedAt, id) of the last row of the page before, opaque to the caller. Rows are
 * ordered by the time the server took them (which never changes) and the id, never by serverSeq, which moves
 * when a command is executed: a pager ordered by it would skip a row executed while it pages.
 */
export const commandCursorSchema = z.object({
  /** The row's received_at exactly as the store keeps it (microseconds, UTC), as text. */
  receivedAt: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
  id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
});
export type CommandCursor = z.infer<typeof commandCursorSchema>;

export const encodeCommandCursor = (cursor: CommandCursor): string =>
  `${encodeURIComponent(cursor.receivedAt)}~${cursor.id}`;

export const decodeCommandCursor = (text: string): CommandCursor | undefined => {
  const at = text.lastIndexOf('~');
  if (at <= 0) return undefined;
  try {
    const parsed = commandCursorSchema.safeParse({
      receivedAt: decodeURIComponent(text.slice(0, at)),
      id: text.slice(at + 1),
    });
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};

const cursorParam = z.preprocess(
  blankAsUndefined,
  z
    .string()
    .max(200)
    .transform((text, ctx) => {
      const cursor = decodeCommandCursor(text);
      if (!cursor) {
        ctx.addIssue({ code: 'custom', message: 'is not a cursor this log gave out' });
        return z.NEVER;
      }
      return cursor;
    })
    .optional(),
);

/** Filters shared by the list, its exports and the live tail. */
export const commandFilterSchema = z
  .object({
    type: optionalText(64),
    status: z.preprocess(blankAsUndefined, commandStatusSchema.optional()),
    resultCode: optionalText(64),
    owner: optionalText(64),
    /** The device (a browser profile): its client id. `device` is accepted as another name for it. */
    clientId: optionalText(64),
    orderNumber: z.preprocess(blankAsUndefined, orderNumberSchema.optional()),
    /** Received at or after this moment (epoch ms or ISO). */
    from: instantSchema,
    /** Received before this moment (epoch ms or ISO). */
    to: instantSchema,
    /** Lookup: a command id, an order number or a shopper's e-mail; the server decides which by its shape. */
    q: optionalText(254),
  })
  .refine((filter) => filter.from === undefined || filter.to === undefined || filter.from <= filter.to, {
    message: 'must not be after to',
    path: ['from'],
  });
export type CommandFilter = z.infer<typeof commandFilterSchema>;

/** The list's query: the filters, and where the page starts and how long it is. */
export const commandListQuerySchema = z
  .object({
    type: z.unknown(),
    status: z.unknown(),
    resultCode: z.unknown(),
    owner: z.unknown(),
    clientId: z.unknown(),
    device: z.unknown(),
    orderNumber: z.unknown(),
    from: z.unknown(),
    to: z.unknown(),
    q: z.unknown(),
    cursor: cursorParam,
    limit: z.preprocess(
      blankAsUndefined,
      z.coerce.number().int().min(1).max(COMMAND_PAGE_MAX).default(COMMAND_PAGE_DEFAULT),
    ),
    format: z.preprocess(blankAsUndefined, z.enum(['json', 'csv', 'ndjson']).default('json')),
  })
  .partial()
  .transform((raw, ctx) => {
    const filter = commandFilterSchema.safeParse({ ...raw, clientId: raw.clientId ?? raw.device });
    if (!filter.success) {
      for (const issue of filter.error.issues) ctx.addIssue({ ...issue, code: 'custom', message: issue.message });
      return z.NEVER;
    }
    return {
      filter: filter.data,
      cursor: raw.cursor,
      limit: raw.limit ?? COMMAND_PAGE_DEFAULT,
      format: raw.format ?? 'json',
    };
  });
export type CommandListQuery = z.infer<typeof commandListQuerySchema>;

/** What a lookup text is, by its shape. */
export type LookupKind = 'commandId' | 'orderNumber' | 'email' | 'owner';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ORDER_NUMBER = /^BG-\d{4}-\d{6,}$/i;

export const lookupKindOf = (q: string): LookupKind => {
  const text = q.trim();
  if (UUID.test(text)) return 'commandId';
  if (ORDER_NUMBER.test(text)) return 'orderNumber';
  if (text.includes('@')) return 'email';
  return 'owner';
};

/**
 * The filters as a URL query string, without empty ones: what the console writes into its own address and passes
 * to the API and the exports.
 */
export const commandFilterToQuery = (filter: Partial<Record<keyof CommandFilter, string | number>>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value !== undefined && String(value) !== '') params.set(key, String(value));
  }
  return params.toString();
};
