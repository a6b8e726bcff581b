import type { Sql } from '../store/database.ts';

/** One consent given or withdrawn (migration 028): the record a shop shows when asked "when did I agree to this?". */
export interface ConsentEvent {
  /** Whose: the e-mail's key (newsletter) or the owner (a product's alerts). */
  subject: string;
  /** 'newsletter', 'stock-alert:<sku>' or 'price-alert:<sku>'. */
  channel: string;
  event: 'given' | 'withdrawn';
  /** How: 'double-opt-in', 'alerts.set', 'one-click', 'link', 'form'. */
  via: string;
  /** The command or mail it came with. */
  ref?: string | undefined;
}

/** Appends the events in the transaction of the change they record: the change and its record commit together. */
export const recordConsent = async (tx: Sql, events: readonly ConsentEvent[]): Promise<void> => {
  if (events.length === 0) return;
  await tx.query(
    `INSERT INTO consent_events (subject, channel, event, via, ref)
     SELECT s, c, e, v, NULLIF(r, '') FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
       AS x(s, c, e, v, r)`,
    [
      events.map((e) => e.subject),
      events.map((e) => e.channel),
      events.map((e) => e.event),
      events.map((e) => e.via),
      events.map((e) => e.ref ?? ''),
    ],
  );
};

/** A subject's consent history, oldest first (the shopper's data export and the operators' shopper page). */
export const consentHistoryOf = (
  sql: Sql,
  subjects: readonly string[],
): Promise<{ channel: string; event: string; via: string; at: Date }[]> =>
  sql.query('SELECT channel, event, via, at FROM consent_events WHERE subject = ANY($1::text[]) ORDER BY id', [
    [...subjects],
  ]);
