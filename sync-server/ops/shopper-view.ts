import type { ShopperView } from '../../schema/ops/command-log.ts';
import { maskPayload } from '../../schema/ops/mask-payload.ts';
import type { Sql } from '../store/database.ts';
import { readDevices } from './devices-query.ts';
import { LOG_COLUMNS, logRowOf, readCommandPage, type CommandLogDbRow } from './command-log-query.ts';

/** How many of each kind the shopper page lists (newest first); the command log pages further. */
const LIST_MAX = 50;
/** Command types that carry a shopper's message to the shop (features/messages). */
export const MESSAGE_TYPES = ['inquiry.send', 'contact.send', 'feedback.send'];

const ms = (column: string, as: string): string => `floor(extract(epoch FROM ${column}) * 1000)::bigint AS ${as}`;

interface AccountRow {
  owner: string;
  email: string;
  email_key: string;
  firstname: string;
  lastname: string;
  role: string;
  created_ms: number;
}

/**
 * A shopper as the console shows them, by owner id or by the account's e-mail; undefined when the key names no
 * account and no trace of an owner (no command, no device).
 */
export const readShopperView = async (sql: Sql, key: string): Promise<ShopperView | undefined> => {
  const byEmail = key.includes('@');
  const [account] = await sql.query<AccountRow>(
    `SELECT owner, email, email_key, firstname, lastname, role, ${ms('created_at', 'created_ms')} FROM users
     WHERE ${byEmail ? 'email_key = lower(trim($1))' : 'owner = $1'}`,
    [key],
  );
  if (byEmail && !account) return undefined;
  const owner = account?.owner ?? key;
  const mergedGuests = (
    await sql.query<{ guest_owner: string }>(
      'SELECT guest_owner FROM guest_merges WHERE user_owner = $1 ORDER BY merged_at',
      [owner],
    )
  ).map((row) => row.guest_owner);
  const owners = [owner, ...mergedGuests];

  const devices = await readDevices(sql, owners);
  const commands = await readCommandPage(sql, { owner }, undefined, LIST_MAX);
  if (!account && devices.length === 0 && commands.rows.length === 0) return undefined;

  const [cart] = await sql.query<{ doc: Record<string, unknown> }>('SELECT doc FROM carts WHERE owner = $1', [owner]);
  const orders = await sql.query<{
    order_number: string | null;
    order_id: string | null;
    status: string | null;
    created_ms: number;
    doc: Record<string, unknown>;
  }>(
    `SELECT order_number, order_id::text AS order_id, status, ${ms('created_at', 'created_ms')}, doc FROM orders
     WHERE owner = ANY($1::text[]) ORDER BY created_at DESC, id DESC LIMIT ${LIST_MAX}`,
    [owners],
  );
  const ads = await sql.query<{
    ad_id: string | null;
    status: string | null;
    created_ms: number;
    doc: Record<string, unknown>;
  }>(
    `SELECT ad_id::text AS ad_id, status, ${ms('created_at', 'created_ms')}, doc FROM ads
     WHERE owner = ANY($1::text[]) ORDER BY created_at DESC, id DESC LIMIT ${LIST_MAX}`,
    [owners],
  );
  const reviews = await sql.query<{ id: number; sku: string | null; status: number; doc: Record<string, unknown> }>(
    `SELECT id, sku, review_status::int AS status, doc FROM reviews
     WHERE owner = ANY($1::text[]) ORDER BY id DESC LIMIT ${LIST_MAX}`,
    [owners],
  );
  const messages = await sql.query<CommandLogDbRow>(
    `SELECT ${LOG_COLUMNS} FROM commands WHERE owner = ANY($1::text[]) AND type = ANY($2::text[])
     ORDER BY received_at DESC, id DESC LIMIT ${LIST_MAX}`,
    [owners, MESSAGE_TYPES],
  );
  const mails = account
    ? await sql.query<{
        id: number;
        kind: string;
        subject: string;
        created_ms: number;
        sent_ms: number | null;
        failed_ms: number | null;
        attempts: number;
      }>(
        `SELECT id, kind, subject, ${ms('created_at', 'created_ms')}, ${ms('sent_at', 'sent_ms')},
           ${ms('failed_at', 'failed_ms')}, attempts FROM mail_outbox
         WHERE lower(to_address) = $1 ORDER BY id DESC LIMIT ${LIST_MAX}`,
        [account.email_key],
      )
    : [];

  return {
    owner,
    account: account
      ? {
          email: account.email,
          firstname: account.firstname,
          lastname: account.lastname,
          role: account.role,
          createdAt: account.created_ms,
        }
      : null,
    mergedGuests,
    devices,
    cart: cart ? maskPayload(cart.doc) : null,
    orders: orders.map((o) => ({
      orderNumber: o.order_number,
      orderId: o.order_id,
      status: o.status,
      createdAt: o.created_ms,
      doc: maskPayload(o.doc),
    })),
    ads: ads.map((a) => ({ adId: a.ad_id, status: a.status, createdAt: a.created_ms, doc: maskPayload(a.doc) })),
    reviews: reviews.map((r) => ({ id: r.id, sku: r.sku, status: r.status, doc: r.doc })),
    messages: messages.map(logRowOf),
    mails: mails.map((m) => ({
      id: m.id,
      kind: m.kind,
      subject: m.subject,
      createdAt: m.created_ms,
      sentAt: m.sent_ms,
      failedAt: m.failed_ms,
      attempts: m.attempts,
    })),
    commands,
  };
};
