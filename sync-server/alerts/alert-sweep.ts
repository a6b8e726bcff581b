import { mailLanguageSchema } from '../../schema/alerts/account-settings.ts';
import type { Database } from '../store/database.ts';
import { enqueueMail } from '../accounts/outbox.ts';
import { alertFlag, alertUnsubscribeSecret, alertUnsubscribeUrl } from './alert-unsubscribe.ts';
import { priceAlertText, stockAlertText, type AlertProduct } from './mail-texts.ts';
import { log } from '../observability/logger.ts';

/**
 * Stock and price alerts, decided as: the change itself is recorded by a trigger in the transaction that made it
 * (migrations/server/015: `alert_events`, whatever moved the stock or the price: an order released, the stock
 * service, an import), and this sweep turns each recorded change into one mail per subscriber. A subscriber's mail
 * and its `alert_mails (event, owner)` row are written in one transaction, and that key cannot be written twice, so
 * each subscriber gets ONE mail per change however often the sweep runs or on however many instances (events are
 * claimed with SKIP LOCKED). Subscribers are read when the change is swept, so an alert turned off before then
 * sends nothing.
 */

/** The line under an alert's text with its one-click address (also sent as List-Unsubscribe, RFC 8058). */
const OFF_LINE = { bg: 'Изключване на това известие', en: 'Turn this notification off' } as const;

interface EventRow {
  id: number;
  sku: string;
  kind: 'stock' | 'price';
  old_price: number | null;
  new_price: number | null;
}

interface SubscriberRow {
  owner: string;
  email: string;
  language: string | null;
}

interface ProductRow {
  name: string;
  price_incl_tax: number | null;
}

/** The product's name and its price with VAT now (the lower of the price and the special price). */
const productOf = async (db: Pick<Database, 'query'>, sku: string): Promise<AlertProduct | undefined> => {
  const [row] = await db.query<ProductRow>(
    `SELECT p.name,
            LEAST((p.doc->>'priceInclTax')::bigint, COALESCE((p.doc->>'specialPriceInclTax')::bigint,
              (p.doc->>'priceInclTax')::bigint))::float8 AS price_incl_tax
     FROM catalog_skus s JOIN catalog_products p ON p.sku = s.product_sku
     WHERE s.sku = $1 ORDER BY (p.sku = $1) DESC LIMIT 1`,
    [sku],
  );
  return row ? { sku, name: row.name, priceInclTax: row.price_incl_tax ?? 0 } : undefined;
};

/** A net price as the one with VAT, in the proportion the product's own two prices have (its tax rate). */
const withVat = (net: number, rate: { net: number | null; gross: number | null } | undefined): number =>
  rate?.net && rate.gross ? Math.round((net * rate.gross) / rate.net) : net;

/** Sweeps up to `limit` recorded changes; returns how many mails it wrote. */
export const sweepAlerts = async (db: Database, publicUrl: string, limit = 50): Promise<number> =>
  db.transaction(async (tx) => {
    const events = await tx.query<EventRow>(
      `SELECT id::int AS id, sku, kind, old_price::float8 AS old_price, new_price::float8 AS new_price
       FROM alert_events WHERE swept_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
    let mails = 0;
    let secret: string | undefined;
    for (const event of events) {
      const flag = alertFlag(event.kind);
      const product = await productOf(tx, event.sku);
      if (product) {
        const subscribers = await tx.query<SubscriberRow>(
          `WITH wanted AS (
             SELECT s.owner, s.doc->>'language' AS language FROM account_settings s
             WHERE s.doc->'notifications' @> jsonb_build_array(jsonb_build_object('sku', $1::text, $2::text, true))
           ), fresh AS (
             INSERT INTO alert_mails (event_id, owner) SELECT $3, owner FROM wanted
             ON CONFLICT DO NOTHING RETURNING owner
           )
           SELECT u.owner, u.email, w.language FROM fresh f
           JOIN users u ON u.owner = f.owner JOIN wanted w ON w.owner = f.owner ORDER BY u.owner`,
          [event.sku, flag, event.id],
        );
        const [rate] = await tx.query<{ net: number | null; gross: number | null }>(
          `SELECT (doc->>'price')::float8 AS net, (doc->>'priceInclTax')::float8 AS gross
           FROM catalog_products WHERE sku = $1`,
          [event.sku],
        );
        for (const subscriber of subscribers) {
          const language = mailLanguageSchema.catch('bg').parse(subscriber.language);
          const text =
            event.kind === 'stock'
              ? stockAlertText(product, language, publicUrl)
              : priceAlertText(product, withVat(event.old_price ?? 0, rate), language, publicUrl);
          secret ??= await alertUnsubscribeSecret(tx);
          const off = alertUnsubscribeUrl(publicUrl, secret, subscriber.owner, event.sku, event.kind);
          await enqueueMail(tx, {
            kind: event.kind === 'stock' ? 'stock-alert' : 'price-alert',
            to: subscriber.email,
            subject: text.subject,
            body: `${text.body}\n${OFF_LINE[language]}: ${off}`,
            listUnsubscribe: off,
          });
          mails += 1;
        }
      }
      await tx.query('UPDATE alert_events SET swept_at = now() WHERE id = $1', [event.id]);
    }
    return mails;
  });

export interface AlertSweep {
  /** One sweep now (tests, and a caller that just changed stock). */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** Sweeps every `intervalMs` (5 s by default): an alert reaches the outbox within that of the change's commit. */
export const startAlertSweep = (db: Database, publicUrl: string, intervalMs = 5_000): AlertSweep => {
  let running: Promise<number> | undefined;
  const runOnce = (): Promise<number> => {
    running ??= sweepAlerts(db, publicUrl).finally(() => {
      running = undefined;
    });
    return running;
  };
  const timer = setInterval(() => {
    runOnce().catch((error: unknown) =>
      log.error({ component: 'alerts', reason: (error as Error).name }, 'sweep failed'),
    );
  }, intervalMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
};
