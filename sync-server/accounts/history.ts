import type { Sql } from '../store/database.ts';

/** The most a history call answers with; a shopper with more sees the newest. */
export const HISTORY_LIMIT = 100;

export interface HistoryEntry {
  id: number;
  createdAt: string;
  /** The order or ad as it was stored (spec commerce.md section 3). */
  doc: unknown;
}

const historyOf = async (sql: Sql, table: 'orders' | 'ads', owner: string): Promise<HistoryEntry[]> => {
  const rows = await sql.query<{ id: number | string; doc: unknown; created_at: Date | string }>(
    `SELECT id, doc, created_at FROM ${table} WHERE owner = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [owner, HISTORY_LIMIT],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    createdAt: new Date(row.created_at).toISOString(),
    doc: row.doc,
  }));
};

/** A user's orders, newest first: only the owner's, whoever asks. */
export const orderHistory = (sql: Sql, owner: string): Promise<HistoryEntry[]> => historyOf(sql, 'orders', owner);

/** A user's classified ads, newest first: only the owner's. */
export const adsHistory = (sql: Sql, owner: string): Promise<HistoryEntry[]> => historyOf(sql, 'ads', owner);
