import type { AccountSettingsDoc } from '../../../../schema/alerts/account-settings.ts';
import type { MyAdsDoc } from '../../../../schema/ads/my-ads.ts';
import type { ContentObservation } from './content-observation.ts';
import type { AdLine } from './content-protocol.ts';

/** SQL on the store (store-reader.ts's Query: not imported, store-reader imports this file). */
type Query = <Row>(sql: string, params?: readonly unknown[]) => Promise<Row[]>;

/** Any active category of the catalogue, for the run's ads (the ad rules check it against the catalogue). */
export const adCategoryOf = async (query: Query): Promise<string> => {
  const [row] = await query<{ slug: string }>(
    `SELECT c.slug FROM categories c JOIN catalog_products p ON c.id = ANY(p.category_ids)
     WHERE c.is_active ORDER BY c.level DESC, c.slug LIMIT 1`,
  );
  if (!row) throw new Error('the catalogue has no active category with products');
  return row.slug;
};

/**
 * Back in stock (the catalogue's trigger records the change: migrations/server/015): answers the recorded event's id,
 * or undefined when the sku was not out of stock (no event).
 */
export const backInStock = async (query: Query, sku: string): Promise<number | undefined> => {
  const [before] = await query<{ id: string | number | null }>('SELECT max(id) AS id FROM alert_events');
  await query('UPDATE stock_items SET qty = 50, is_in_stock = true WHERE sku = $1', [sku]);
  const [event] = await query<{ id: string | number }>(
    `SELECT id FROM alert_events WHERE sku = $1 AND kind = 'stock' AND id > $2 ORDER BY id LIMIT 1`,
    [sku, Number(before?.id ?? 0)],
  );
  return event ? Number(event.id) : undefined;
};

export const alertSwept = async (query: Query, eventId: number): Promise<boolean> => {
  const [row] = await query<{ swept: boolean }>(
    'SELECT swept_at IS NOT NULL AS swept FROM alert_events WHERE id = $1',
    [eventId],
  );
  return row?.swept === true;
};

/**
 * The run's shoppers leave: their alerts are switched off in the store, so the back-in-stock changes of later runs
 * do not mail them (on a PostgreSQL kept across invocations the subscribers would pile up run after run). Their
 * devices are closed and their accounts never used again, so nothing sees the document change.
 */
export const retireAlerts = async (query: Query, owners: readonly string[]): Promise<void> => {
  await query(
    `UPDATE account_settings SET doc = jsonb_set(doc, '{notifications}', '[]'::jsonb) WHERE owner = ANY($1::text[])`,
    [owners],
  );
};

const adLine = (ad: MyAdsDoc['ads'][number]): AdLine => [
  ad.id,
  ad.status,
  ad.title,
  ad.price.kind === 'fixed' ? ad.price.cents : 0,
  ad.photos,
];

/** Everything the content oracle checks of the run's owners, read from the store. */
export const readContent = async (
  query: Query,
  owners: readonly string[],
  stockAlert?: { sku: string; eventId: number },
): Promise<ContentObservation> => {
  const accounts = await query<{ owner: string; email: string }>(
    'SELECT owner, email FROM users WHERE owner = ANY($1::text[])',
    [owners],
  );
  const myAds = await query<{ owner: string; doc: MyAdsDoc; server_seq: string | number }>(
    'SELECT owner, doc, server_seq FROM my_ads WHERE owner = ANY($1::text[])',
    [owners],
  );
  const adRows = await query<{ ad_id: string; owner: string; status: string }>(
    'SELECT ad_id::text AS ad_id, owner, status FROM ads WHERE owner = ANY($1::text[]) AND ad_id IS NOT NULL',
    [owners],
  );
  const photos = await query<{ id: string; owner: string; status: string; sizes: Record<string, number> | null }>(
    `SELECT p.id::text AS id, p.owner, p.status,
            (SELECT jsonb_object_agg(size, n) FROM (SELECT size, count(*)::int AS n FROM ad_photo_sizes s
               WHERE s.photo_id = p.id GROUP BY size) counted) AS sizes
     FROM ad_photos p WHERE p.owner = ANY($1::text[])`,
    [owners],
  );
  const reviews = await query<{ id: string | number; owner: string; sku: string; command_id: string | null }>(
    'SELECT id, owner, sku, command_id FROM reviews WHERE owner = ANY($1::text[])',
    [owners],
  );
  const alerts = await query<{ owner: string; doc: AccountSettingsDoc; server_seq: string | number }>(
    'SELECT owner, doc, server_seq FROM account_settings WHERE owner = ANY($1::text[])',
    [owners],
  );
  return {
    accounts,
    myAds: myAds.map((m) => ({ owner: m.owner, serverSeq: Number(m.server_seq), ads: m.doc.ads.map(adLine) })),
    adRows: adRows.map((a) => ({ adId: a.ad_id, owner: a.owner, status: a.status })),
    photos: photos.map((p) => ({ id: p.id, owner: p.owner, status: p.status, sizes: p.sizes ?? {} })),
    reviews: reviews.map((r) => ({ id: Number(r.id), owner: r.owner, sku: r.sku, commandId: r.command_id })),
    alerts: alerts.map((a) => ({
      owner: a.owner,
      serverSeq: Number(a.server_seq),
      notifications: a.doc.notifications.map((n) => [n.sku, n.notify_for_stock, n.notify_for_price]),
    })),
    ...(stockAlert ? { stockAlert: { ...stockAlert, swept: await alertSwept(query, stockAlert.eventId) } } : {}),
  };
};
