/**
 * The command log bench:ops measures, seeded straight into the store's commands table (tools/bench/ops.ts seeds a
 * million for the console's query; tools/bench/ops-browser.ts a smaller log for the console in Chromium).
 */
import type { Sql } from '../../sync-server/store/database.ts';

/** Rows per INSERT … SELECT: one statement each, so PGlite's memory stays bounded. */
const SEED_BATCH = 100_000;
/** The seeded log spans this long, ending now. */
const SPAN_DAYS = 30;

/**
 * Commands with the spreads a shop's log has: a few shoppers with many commands (owner rank cubed: the first owner
 * has about 4% of the log), carts most, orders fewer; 88% succeeded, 9% refused, 1% failed, 2% still pending; about
 * one in ten made offline and pushed up to an hour later; three devices per shopper.
 */
const seedSql = (rows: number) => `
INSERT INTO commands (id, owner, client_id, seq, type, payload, created_at, status, result, result_code, error,
                      processed_at, server_seq, received_at)
SELECT gen_random_uuid(), owner, owner || '-c' || (i % 3), i, type, jsonb_build_object('sku', 'SKU-' || (i % 500)),
       received_ms - offline_ms, status,
       CASE WHEN status = 'succeeded' THEN '{"ok":true}'::jsonb END,
       CASE status WHEN 'rejected' THEN (CASE WHEN u4 < 0.5 THEN 'out_of_stock' WHEN u4 < 0.8 THEN 'price_changed'
                                             ELSE 'coupon_invalid' END)
                   WHEN 'failed' THEN 'handler_error' END,
       CASE WHEN status = 'failed' THEN '{"name":"Error","message":"handler threw"}'::jsonb END,
       CASE WHEN status <> 'pending' THEN received_ms + 5 END,
       $3::bigint + i, received_at
FROM (
  SELECT i, owner, type, status, u4, received_at, offline_ms,
         (extract(epoch FROM received_at) * 1000)::bigint AS received_ms
  FROM (
    SELECT i, u4,
           'user-' || floor(20000 * u1 * u1 * u1)::int AS owner,
           CASE WHEN u2 < 0.35 THEN 'cart.addItem' WHEN u2 < 0.55 THEN 'cart.setQty'
                WHEN u2 < 0.65 THEN 'cart.removeItem' WHEN u2 < 0.75 THEN 'wishlist.add'
                WHEN u2 < 0.83 THEN 'order.place' WHEN u2 < 0.88 THEN 'ad.save'
                WHEN u2 < 0.92 THEN 'review.create' WHEN u2 < 0.96 THEN 'message.send'
                ELSE 'account.update' END AS type,
           CASE WHEN u3 < 0.88 THEN 'succeeded' WHEN u3 < 0.97 THEN 'rejected'
                WHEN u3 < 0.99 THEN 'failed' ELSE 'pending' END AS status,
           now() - make_interval(secs => (${rows} - i) * ${(SPAN_DAYS * 86_400) / rows}::float8) AS received_at,
           CASE WHEN u5 < 0.1 THEN (u6 * 3600000)::bigint ELSE (u6 * 200)::bigint END AS offline_ms
    FROM (SELECT i, random() AS u1, random() AS u2, random() AS u3, random() AS u4, random() AS u5, random() AS u6
          FROM generate_series($1::bigint, $2::bigint) AS i) AS draws
  ) AS spread
) AS rows_to_insert`;

/**
 * `rows` commands, the same ones for a given count (a fixed random seed); `progress` hears of each batch. Their
 * serverSeqs are taken from the store's counter as the server takes them (store/server-seq.ts), so the log is one
 * committed before anyone looked: a console's live tail, which starts at the counter, does not replay it.
 */
export const seedCommands = async (
  sql: Sql,
  rows: number,
  progress: (seeded: number) => void = () => undefined,
): Promise<void> => {
  const [reserved] = await sql.query<{ base: string }>(
    'UPDATE sync_counter SET value = value + $1 WHERE id = 1 RETURNING (value - $1)::text AS base',
    [rows],
  );
  if (!reserved) throw new Error('sync_counter row is missing: migrations did not run');
  await sql.query('SELECT setseed(0.42)');
  for (let from = 1; from <= rows; from += SEED_BATCH) {
    const to = Math.min(rows, from + SEED_BATCH - 1);
    await sql.query(seedSql(rows), [from, to, reserved.base]);
    progress(to);
  }
};
