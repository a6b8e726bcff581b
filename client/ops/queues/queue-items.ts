import { z } from 'zod';

/**
 * A queue's item as the console draws it: an id (an ad's uuid, a review's number), a title and a text to judge, who
 * wrote it and since when it waits. Read from the queue's answer by the fields each queue names.
 */
export interface QueueItem {
  id: string | number;
  title: string;
  text: string;
  who: string;
  since: number | null;
}

export const QUEUE_KINDS = ['ads', 'reviews'] as const;
export type QueueKind = (typeof QUEUE_KINDS)[number];

const rawItem = z.record(z.string(), z.unknown());
export const queuePageSchema = z.object({
  items: z.array(rawItem),
  next: z.string().nullable().optional(),
  total: z.number().int().optional(),
});

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const time = (value: unknown): number | null =>
  typeof value === 'number'
    ? value
    : typeof value === 'string' && !Number.isNaN(Date.parse(value))
      ? Date.parse(value)
      : null;

/**
 * An item of either queue: an ad comes as the owner's ad (`{ id, title, description, owner, updatedAt… }`), a review
 * as `{ id, sku, review: { title, detail, nickname, created_at… } }` (sync-server/ops/moderation-queues.ts).
 */
export const queueItemOf = (item: Record<string, unknown>): QueueItem | null => {
  const review = item['review'];
  const raw =
    review !== null && typeof review === 'object'
      ? { ...(review as Record<string, unknown>), id: item['id'], sku: item['sku'] }
      : item;
  const id = raw['id'];
  if (typeof id !== 'string' && typeof id !== 'number') return null;
  return {
    id,
    title: [text(raw['title']), text(raw['sku'])].filter(Boolean).join(' · '),
    text: text(raw['description'] ?? raw['detail'] ?? raw['text']),
    who: text(raw['ownerEmail'] ?? raw['nickname'] ?? raw['owner']),
    since: time(raw['updatedAt'] ?? raw['createdAt'] ?? raw['created_at']),
  };
};

/** The item after the decided ones are gone: the next one keeps the cursor's place, or the last one. */
export const cursorAfterRemoval = (count: number, cursor: number): number => Math.max(0, Math.min(cursor, count - 1));
