import { v4 as uuidv4, v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdInput } from '../../schema/ads/ad.ts';
import { insertReviews, newReviewIds, productIdsBySku } from '../../sync-server/messages/message-store.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { auditLinesOf, getJson, registerOperator, type TestOperator } from '../support/operators.ts';
import { postJson } from '../support/post-json.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';
import { registerLoggedInUser } from '../support/users.ts';

interface Page<Item> {
  items: Item[];
  next: string | null;
  total: number;
}

/**
 * Issue 30, "a new review was 65th in a queue whose call returns 50": the moderation queues are complete, oldest
 * first, keyset-paged with a total, and their bulk decisions take the single calls' paths (public store, mails,
 * audit).
 */
describe(`the moderation queues (${storeKind})`, () => {
  let server: RunningServer;
  let moderator: TestOperator;
  let viewer: TestOperator;
  /** Two owners: one may keep at most 50 ads. */
  let adOwners: { owner: string; email: string; token: string }[];
  let category: string;

  beforeAll(async () => {
    server = await startTestServer();
    moderator = await registerOperator(server.url, server.db, 'moderator');
    viewer = await registerOperator(server.url, server.db, 'viewer');
    adOwners = [
      await registerLoggedInUser(server.url, 'queue-ads'),
      await registerLoggedInUser(server.url, 'queue-ads'),
    ];
    const [row] = await server.db.query<{ slug: string }>('SELECT slug FROM categories WHERE is_active LIMIT 1');
    category = row!.slug;
  });
  afterAll(() => server.close());

  /** Pending reviews written as the review command writes them, one per (new) shopper and the demo product APP3. */
  const writeReviews = async (count: number): Promise<number[]> =>
    server.db.transaction(async (tx) => {
      const ids = await newReviewIds(tx, count);
      const productId = (await productIdsBySku(tx, ['APP3'])).get('APP3')!;
      await insertReviews(
        tx,
        ids.map((id) => ({
          review: {
            id,
            product_id: productId,
            title: '',
            detail: `Ревю ${id}`,
            nickname: 'Ива',
            rating: 4,
            review_status: 2,
            created_at: new Date().toISOString(),
          },
          owner: `user-${uuidv7()}`,
          sku: 'APP3',
          commandId: uuidv7(),
        })),
      );
      return ids;
    });

  const readAll = async <Item>(path: string, limit: number, between?: (page: number) => Promise<void>) => {
    const seen: Item[] = [];
    const totals: number[] = [];
    let after: string | null = null;
    for (let page = 0; ; page += 1) {
      const query = `limit=${limit}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
      const { status, body } = await getJson(server.url, `${path}?${query}`, viewer.token);
      expect(status, JSON.stringify(body)).toBe(200);
      const result = body.result as Page<Item>;
      expect(result.items.length).toBeLessThanOrEqual(limit);
      seen.push(...result.items);
      totals.push(result.total);
      if (result.next === null) return { seen, totals, pages: page + 1 };
      after = result.next;
      await between?.(page);
    }
  };

  it('every pending review is seen once, oldest first, across pages, also while reviews arrive and are decided', async () => {
    // The demo catalogue may have pending reviews of its own: they are first in the queue.
    const existing = (
      await server.db.query<{ id: number }>('SELECT id FROM reviews WHERE review_status = 2 ORDER BY id')
    ).map((r) => r.id);
    const written = await writeReviews(67);
    const late: number[] = [];
    const { seen, totals, pages } = await readAll<{ id: number }>('/api/ops/queues/reviews', 20, async (page) => {
      if (page !== 1) return;
      // Between pages: three more arrive, and one already seen is approved.
      late.push(...(await writeReviews(3)));
      expect(
        (await postJson(server.url, `/api/operator/reviews/${written[0]}/approve`, {}, moderator.token)).status,
      ).toBe(200);
    });
    const ids = seen.map((r) => r.id);
    expect(new Set(ids).size, 'no review twice').toBe(ids.length);
    expect(ids).toEqual([...existing, ...written, ...late]);
    expect(pages).toBe(Math.ceil((existing.length + 70) / 20));
    expect(totals[0]).toBe(existing.length + 67);
    expect(totals.at(-1)).toBe(existing.length + 69);
    // The old call's 50 is not where the queue ends any more: the 65th is on the second page of 50.
    const second = await getJson(server.url, `/api/ops/queues/reviews?after=${written[49]}`, viewer.token);
    expect((second.body.result as Page<{ id: number }>).items.map((r) => r.id)).toContain(written[64]);
  });

  it('refuses a cursor it did not make and a limit past 200, naming the field', async () => {
    const bad = await getJson(server.url, '/api/ops/queues/reviews?after=abc', viewer.token);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('after');
    const big = await getJson(server.url, '/api/ops/queues/ads?limit=201', viewer.token);
    expect(big.status).toBe(400);
    expect(JSON.stringify(big.body)).toContain('limit');
  });

  const saveAd = async (title: string, adOwner: { token: string }): Promise<string> => {
    const ad: AdInput = {
      id: uuidv4(),
      title,
      description: 'Запазен, с кутия и зарядно.',
      category,
      condition: 'good',
      price: { kind: 'negotiable' },
      city: 'Варна',
      photos: [],
      contact: { name: 'Петя Иванова', phone: '0888 123 456' },
    };
    const saved = await postJson(server.url, '/api/sell/save', { ad }, adOwner.token);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return ad.id;
  };

  it('every waiting ad is seen once, oldest first; bulk decisions publish, mail and audit each ad', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 66; i += 1) ids.push(await saveAd(`iPhone 15 обява ${i + 1}`, adOwners[i % 2]!));
    const { seen, totals } = await readAll<{ id: string; updatedAt: number; owner: string }>('/api/ops/queues/ads', 25);
    expect(seen.map((ad) => ad.id)).toEqual(ids);
    expect(totals).toEqual([66, 66, 66]);
    expect(seen.map((ad) => ad.owner)).toEqual(ids.map((_id, i) => adOwners[i % 2]!.owner));

    const [first, second, third, fourth] = ids;
    const refuseWithout = await postJson(
      server.url,
      '/api/ops/queues/ads/decide',
      { ids: [fourth], decision: 'refuse' },
      moderator.token,
    );
    expect(refuseWithout.status).toBe(400);
    expect(refuseWithout.body.result.field).toContain('reason');

    const approved = await postJson(
      server.url,
      '/api/ops/queues/ads/decide',
      { ids: [first, second], decision: 'approve' },
      moderator.token,
    );
    expect(approved.status).toBe(200);
    expect(approved.body.result.outcomes).toEqual([
      { id: first, ok: true },
      { id: second, ok: true },
    ]);
    const reason = 'Снимките не са от продукта.';
    const refused = await postJson(
      server.url,
      '/api/ops/queues/ads/decide',
      { ids: [third, first], decision: 'refuse', reason },
      moderator.token,
    );
    expect(refused.body.result.outcomes).toEqual([
      { id: third, ok: true },
      // A published ad may be taken down: the single call allows it too.
      { id: first, ok: true },
    ]);
    // Approving what is already refused is the single call's 409, reported for that id alone.
    const again = await postJson(
      server.url,
      '/api/ops/queues/ads/decide',
      { ids: [third, fourth], decision: 'approve' },
      moderator.token,
    );
    expect(again.body.result.outcomes).toMatchObject([
      { id: third, ok: false, status: 409 },
      { id: fourth, ok: true },
    ]);

    // The public store: as after the single calls.
    const single = (id: string) => postJson(server.url, '/api/sell/single', { id });
    expect((await single(second!)).status).toBe(200);
    expect((await single(fourth!)).status).toBe(200);
    expect((await single(first!)).status).toBe(404);
    expect((await single(third!)).status).toBe(404);
    // The owner's mails: one per decision.
    const mails = await server.db.query<{ body: string }>(
      "SELECT body FROM mail_outbox WHERE kind = 'ad-status' AND to_address = ANY($1::text[]) ORDER BY id",
      [adOwners.map((o) => o.email)],
    );
    expect(mails).toHaveLength(5);
    expect(mails.filter((m) => m.body.includes(reason))).toHaveLength(2);
    // One audit line per id and decision, by the moderator.
    expect(await auditLinesOf(server.db, `ad:${first}`)).toMatchObject([
      { action: 'ad.approve', actor_email: moderator.email, before: { status: 'pending' }, after: { status: 'send' } },
      { action: 'ad.refuse', before: { status: 'send' }, after: { status: 'refused', reason } },
    ]);
    expect(await auditLinesOf(server.db, `ad:${third}`)).toHaveLength(1);

    const left = await getJson(server.url, '/api/ops/queues/ads?limit=200', viewer.token);
    expect((left.body.result as Page<unknown>).total).toBe(62);
  });

  it('bulk review decisions take the single call path: approved ones become public, refused ones keep their reason in the audit', async () => {
    const [a, b] = await writeReviews(2);
    const approve = await postJson(
      server.url,
      '/api/ops/queues/reviews/decide',
      { ids: [a], decision: 'approve' },
      moderator.token,
    );
    expect(approve.body.result.outcomes).toEqual([{ id: a, ok: true }]);
    const reason = 'Обидно съдържание.';
    await postJson(
      server.url,
      '/api/ops/queues/reviews/decide',
      { ids: [b], decision: 'refuse', reason },
      moderator.token,
    );
    const rows = await server.db.query<{ id: number; review_status: number; server_seq: number }>(
      'SELECT id, review_status::int AS review_status, server_seq FROM reviews WHERE id = ANY($1::bigint[]) ORDER BY id',
      [[a!, b!]],
    );
    expect(rows[0]).toMatchObject({ review_status: 1 });
    expect(rows[0]!.server_seq).toBeGreaterThan(0);
    expect(rows[1]).toMatchObject({ review_status: 3 });
    expect(await auditLinesOf(server.db, `review:${b}`)).toMatchObject([
      { action: 'review.refuse', after: { status: 'refused', reason } },
    ]);
    // A viewer sees the queues and may not decide.
    const asViewer = await postJson(
      server.url,
      '/api/ops/queues/reviews/decide',
      { ids: [a], decision: 'approve' },
      viewer.token,
    );
    expect(asViewer.status).toBe(403);
  });
});
