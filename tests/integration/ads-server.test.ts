import { v7 as uuidv7, v4 as uuidv4 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdInput, OwnAd } from '../../schema/ads/ad.ts';
import { AD_EMPTY_RESULT, adPhotoPath } from '../../schema/ads/ad-list.ts';
import type { MyAdsDoc } from '../../schema/ads/my-ads.ts';
import type { CommandDocument, CommandType, PayloadInputOf } from '../../schema/index.ts';
import { photosArrived, sweepExpiredAds } from '../../sync-server/ads/index.ts';
import { adCategories } from '../../sync-server/ads/ad-catalogue.ts';
import { runBatch } from '../../sync-server/executor/run-batch.ts';
import { featureOf } from '../../sync-server/features/registered.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { postJson } from '../support/post-json.ts';
import { createGuest, pendingCommand } from '../support/protocol-client.ts';
import { openTestDatabase, startTestServer, storeKind } from '../support/test-server.ts';
import { registerLoggedInUser, TEST_PASSWORD } from '../support/users.ts';

/**
 * Issue 18, second-hand ads on the server: the commands exactly once under duplicate pushes and a restart,
 * another owner's ad id refused without a trace, the operator's decisions reaching the owner's read model and the
 * outbox, the public list showing published ads only, and bad input refused naming the field.
 */
describe(`second-hand ads (${storeKind})`, () => {
  let db: Database;
  let server: RunningServer;
  const LIMITS = { maxClients: 10, maxCommands: 100 };
  /** A category of the demo catalogue with a model its products carry. */
  let category = '';
  let model = '';
  const drain = () => runBatch(db, featureOf, LIMITS);

  beforeAll(async () => {
    db = await openTestDatabase();
    if (db.kind === 'postgres') await db.exec('TRUNCATE ads, my_ads, ad_photos CASCADE');
    // No executor: the test runs the batches, so it can break one.
    server = await startTestServer(db, 'off');
    // The demo catalogue names no models: give one product of a category the `model` attribute a full one has.
    const [product] = await db.query<{ sku: string; slug: string }>(
      `SELECT p.sku, c.slug FROM catalog_products p JOIN categories c ON c.id = ANY(p.category_ids)
       WHERE c.is_active ORDER BY c.level DESC, p.sku LIMIT 1`,
    );
    if (!product) throw new Error('the demo catalogue has no product in a category');
    await db.query(
      `INSERT INTO attributes (attribute_code, attribute_id, doc, server_seq)
       VALUES ('model', 149, '{"options": [{"value": "149001", "label": "iPhone 15 Pro", "slug": "iphone-15-pro"}]}', 0)
       ON CONFLICT (attribute_code) DO NOTHING`,
    );
    await db.query(
      `UPDATE catalog_products SET doc = jsonb_set(doc, '{attributes,model}', '"149001"') WHERE sku = $1`,
      [product.sku],
    );
    const models = (await adCategories(db, [product.slug])).get(product.slug);
    expect([...(models ?? [])]).toEqual(['iPhone 15 Pro']);
    category = product.slug;
    model = 'iPhone 15 Pro';
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  const adInput = (overrides: Partial<AdInput> = {}): AdInput => ({
    id: uuidv4(),
    title: `${model} в отлично състояние`,
    description: 'Продавам, защото си взех нов. С кутия и зарядно.',
    category,
    model,
    condition: 'like-new',
    price: { kind: 'fixed', cents: 65_000 },
    city: 'София',
    photos: [],
    contact: { name: 'Петя Иванова', phone: '+359 888 123 456' },
    ...overrides,
  });

  /** A logged-in user speaking the raw sync protocol (its own client id and seqs). */
  const userDevice = async (label: string) => {
    const user = await registerLoggedInUser(server.url, label);
    const headers = { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' };
    const clientId = `client-${uuidv7()}`;
    let seq = 0;
    return {
      ...user,
      clientId,
      command<T extends CommandType>(
        type: T,
        payload: PayloadInputOf<T>,
        at: { clientId?: string; seq?: number } = {},
      ) {
        return pendingCommand(
          { owner: user.owner, clientId: at.clientId ?? clientId, seq: at.seq ?? ++seq },
          type,
          payload,
        );
      },
      async push(docs: CommandDocument[]) {
        const res = await fetch(`${server.url}/sync/commands/push`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ rows: docs.map((d) => ({ newDocumentState: d })) }),
        });
        return {
          status: res.status,
          body: (await res.json()) as { conflicts: CommandDocument[] } & Record<string, unknown>,
        };
      },
      async outcome(id: string): Promise<CommandDocument | undefined> {
        const res = await fetch(`${server.url}/sync/commands/pull?after=0&limit=1000`, { headers });
        const { documents } = (await res.json()) as { documents: CommandDocument[] };
        return documents.find((d) => d.id === id);
      },
      async myAds(): Promise<OwnAd[]> {
        const res = await fetch(`${server.url}/sync/myAds/pull?after=0&limit=10`, { headers });
        expect(res.status).toBe(200);
        const { documents } = (await res.json()) as { documents: MyAdsDoc[] };
        return documents.at(-1)?.ads ?? [];
      },
    };
  };
  type UserDevice = Awaited<ReturnType<typeof userDevice>>;

  /** Pushes, runs what was pushed, and answers the command's settled document. */
  const run = async (device: UserDevice, doc: CommandDocument) => {
    const pushed = await device.push([doc]);
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(200);
    await drain();
    return (await device.outcome(doc.id))!;
  };

  const operator = async () => {
    const user = await registerLoggedInUser(server.url, 'ads-operator');
    await db.query(`UPDATE users SET role = 'admin' WHERE owner = $1`, [user.owner]);
    return user.token;
  };
  const review = (token: string, id: string, action: string, body: unknown = {}) =>
    postJson(server.url, `/api/operator/ads/${id}/${action}`, body, token);
  const publicList = async (body: Record<string, unknown> = {}) => {
    const res = await postJson(server.url, '/api/sell/catalog', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.result as { items: { id: string; title: string }[]; total: number };
  };
  const adRow = async (id: string) =>
    (
      await db.query<{ owner: string; status: string }>('SELECT owner, status FROM ads WHERE ad_id = $1::uuid', [id])
    )[0];

  it('a save that dies before commit, then duplicate pushes and a second tab: one ad, saved once', async () => {
    const owner = await userDevice('ads-once');
    const ad = adInput();
    const save = owner.command('ad.save', { ad });
    expect((await owner.push([save])).status).toBe(200);

    const dying: Database = {
      ...db,
      transaction: (work) =>
        db.transaction(async (tx) => {
          await work(tx);
          throw new Error('killed before commit');
        }),
    };
    const quiet = console.error;
    console.error = () => undefined;
    try {
      await expect(runBatch(dying, featureOf, LIMITS)).rejects.toThrow('killed before commit');
    } finally {
      console.error = quiet;
    }
    expect(await adRow(ad.id)).toBeUndefined();
    expect(await owner.myAds()).toEqual([]);

    // Restarted: the work is still there and runs once.
    expect(await drain()).toBe(1);
    expect(await owner.outcome(save.id)).toMatchObject({
      status: 'succeeded',
      result: { adId: ad.id, status: 'pending' },
    });
    // The same push again (its answer was lost): answered from the log, nothing runs.
    const again = await owner.push([save]);
    expect(again.body.conflicts.map((c) => c.status)).toEqual(['succeeded']);
    expect(await drain()).toBe(0);
    // Another tab saves the same ad (its own command): the same content changes nothing.
    const tab = owner.command('ad.save', { ad }, { clientId: `client-${uuidv7()}`, seq: 1 });
    expect(await run(owner, tab)).toMatchObject({ status: 'succeeded', result: { status: 'pending' } });

    const ads = await owner.myAds();
    expect(ads.map((a) => [a.id, a.status])).toEqual([[ad.id, 'pending']]);
    expect(await adRow(ad.id)).toEqual({ owner: owner.owner, status: 'pending' });
  });

  it('renew and delete run once under duplicate pushes; the spec calls are exactly once too', async () => {
    const owner = await userDevice('ads-renew');
    const token = await operator();
    const ad = adInput();
    await run(owner, owner.command('ad.save', { ad }));
    const approved = await review(token, ad.id, 'approve');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const expiresAt = approved.body.result.expiresAt as number;

    const renew = owner.command('ad.renew', { adId: ad.id });
    await owner.push([renew]);
    await owner.push([renew]);
    await drain();
    await owner.push([renew]);
    expect(await drain()).toBe(0);
    const renewed = (await owner.myAds())[0]!;
    expect(renewed.expiresAt! - expiresAt).toBe(30 * 24 * 3600 * 1000);

    // The spec's calls: the same body twice is one command (answered alike), a guest is not let in.
    const draining = setInterval(() => void drain().catch(() => undefined), 30);
    try {
      const body = { adId: ad.id, requestId: uuidv4() };
      const first = await postJson(server.url, '/api/sell/renew', body, owner.token);
      const second = await postJson(server.url, '/api/sell/renew', body, owner.token);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(second.body).toEqual(first.body);
      expect(first.body.result).toEqual({ backendAdId: ad.id, expiresAt: renewed.expiresAt! + 30 * 24 * 3600 * 1000 });

      const history = await fetch(`${server.url}/api/user/ads-history`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      const entries = ((await history.json()) as { result: { doc: OwnAd }[] }).result;
      expect(entries.map((e) => [e.doc.id, e.doc.status])).toEqual([[ad.id, 'send']]);

      const removed = await postJson(server.url, '/api/sell/delete', { adId: ad.id }, owner.token);
      expect(removed.body.result).toEqual({ backendAdId: ad.id });
      const removedAgain = await postJson(server.url, '/api/sell/delete', { adId: ad.id }, owner.token);
      expect(removedAgain.body).toEqual(removed.body);

      const guest = await createGuest(server.url);
      expect((await postJson(server.url, '/api/sell/save', { ad: adInput() }, guest.token)).status).toBe(403);
    } finally {
      clearInterval(draining);
    }
    expect(await owner.myAds()).toEqual([]);
    expect(await adRow(ad.id)).toEqual({ owner: `deleted:${owner.owner}`, status: 'deleted' });
    const after = await fetch(`${server.url}/api/user/ads-history`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(((await after.json()) as { result: unknown[] }).result).toEqual([]);
    expect((await publicList()).items.map((i) => i.id)).not.toContain(ad.id);
    expect((await postJson(server.url, '/api/sell/single', { id: ad.id })).body).toEqual({
      code: 404,
      result: AD_EMPTY_RESULT,
    });
  });

  it("another user's ad id: save, renew and delete are refused as not found, nothing changes, nothing is revealed", async () => {
    const owner = await userDevice('ads-victim');
    const other = await userDevice('ads-other');
    const ad = adInput({ title: 'Тайното заглавие на Петя' });
    await run(owner, owner.command('ad.save', { ad }));
    const before = await owner.myAds();

    for (const doc of [
      other.command('ad.save', { ad: { ...ad, title: 'Чуждо заглавие тук' } }),
      other.command('ad.renew', { adId: ad.id }),
      other.command('ad.delete', { adId: ad.id }),
    ]) {
      const settled = await run(other, doc);
      expect(settled).toMatchObject({ status: 'rejected', error: { code: 'ad_not_found' } });
      expect(JSON.stringify(settled)).not.toContain('Тайното');
    }
    const draining = setInterval(() => void drain().catch(() => undefined), 30);
    try {
      const viaApi = await postJson(server.url, '/api/sell/delete', { adId: ad.id }, other.token);
      expect(viaApi.status).toBe(422);
      expect(viaApi.body).toMatchObject({ resultCode: 'ad_not_found', result: { field: 'adId' } });
    } finally {
      clearInterval(draining);
    }
    expect(await owner.myAds()).toEqual(before);
    expect(await other.myAds()).toEqual([]);
    expect(await adRow(ad.id)).toEqual({ owner: owner.owner, status: 'pending' });
  });

  it("the operator's queue, take, approve and refuse reach the owner's read model, the public list and the outbox", async () => {
    const owner = await userDevice('ads-review');
    const token = await operator();
    const first = adInput({ title: 'iPhone за продан, запазен', city: 'Пловдив' });
    const second = adInput({ title: 'Втора обява за преглед' });
    await run(owner, owner.command('ad.save', { ad: first }));
    await run(owner, owner.command('ad.save', { ad: second }));

    // Pending first; a customer is not let in.
    const queue = await fetch(`${server.url}/api/operator/ads?status=pending`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const items = ((await queue.json()) as { result: { items: (OwnAd & { owner: string })[] } }).result.items;
    expect(items.map((a) => a.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(items.find((a) => a.id === first.id)?.owner).toBe(owner.owner);
    expect(
      (await fetch(`${server.url}/api/operator/ads`, { headers: { authorization: `Bearer ${owner.token}` } })).status,
    ).toBe(403);

    // Not yet published: neither listed nor found.
    expect((await publicList()).items.map((i) => i.id)).not.toContain(first.id);
    expect((await postJson(server.url, '/api/sell/single', { id: first.id })).status).toBe(404);

    expect((await review(token, first.id, 'take')).body.result).toMatchObject({ status: 'process' });
    expect((await review(token, first.id, 'take')).status).toBe(409);
    expect((await review(token, first.id, 'approve')).status).toBe(200);
    const html = await review(token, second.id, 'refuse', { reason: '<script>x</script>' });
    expect(html.status).toBe(400);
    expect(html.body.result.field).toBe('reason');
    expect((await review(token, second.id, 'refuse', { reason: 'Снимките не са на продукта.' })).status).toBe(200);
    expect((await review(token, uuidv4(), 'approve')).status).toBe(404);

    const ads = await owner.myAds();
    expect(ads.find((a) => a.id === first.id)).toMatchObject({ status: 'send', expiresAt: expect.any(Number) });
    expect(ads.find((a) => a.id === second.id)).toMatchObject({
      status: 'refused',
      refusal: 'Снимките не са на продукта.',
    });

    // Published: listed for anyone, found in any script and by city however written; the refused one is not.
    const listed = await publicList({ q: 'айфон', city: 'plovdiv' });
    expect(listed.items.map((i) => i.id)).toEqual([first.id]);
    expect(JSON.stringify(listed)).not.toContain(owner.owner);
    expect((await publicList({ q: 'Втора' })).items).toEqual([]);
    const single = await postJson(server.url, '/api/sell/single', { id: first.id });
    expect(single.body.result).toMatchObject({ id: first.id, title: first.title, city: 'Пловдив' });

    // The owner is mailed each decision, in both languages.
    const mails = await db.query<{ subject: string; body: string }>(
      "SELECT subject, body FROM mail_outbox WHERE kind = 'ad-status' AND to_address = $1 ORDER BY id",
      [owner.email],
    );
    expect(mails.map((m) => m.subject)).toEqual([
      'Обявата ви е публикувана / Your ad is published',
      'Обявата ви не е одобрена / Your ad was not approved',
    ]);
    expect(mails[1]!.body).toContain('Причина: Снимките не са на продукта.');
    expect(mails[1]!.body).toContain('Reason: Снимките не са на продукта.');

    // An edit of the published ad sends it back to review and out of the list.
    await run(owner, owner.command('ad.save', { ad: { ...first, price: { kind: 'negotiable' } } }));
    expect((await owner.myAds()).find((a) => a.id === first.id)?.status).toBe('pending');
    expect((await publicList()).items.map((i) => i.id)).not.toContain(first.id);
  });

  it("a published ad past its period is finished: out of the list at once, and in the owner's ads after the sweep", async () => {
    const owner = await userDevice('ads-expiry');
    const token = await operator();
    const ad = adInput();
    await run(owner, owner.command('ad.save', { ad }));
    await review(token, ad.id, 'approve');
    expect((await publicList()).items.map((i) => i.id)).toContain(ad.id);

    const later = Date.now() + 31 * 24 * 3600 * 1000;
    expect(await sweepExpiredAds(db, later)).toBeGreaterThanOrEqual(1);
    expect((await owner.myAds())[0]).toMatchObject({ id: ad.id, status: 'finished' });
    expect((await publicList()).items.map((i) => i.id)).not.toContain(ad.id);
    // Renewing publishes it again.
    expect(await run(owner, owner.command('ad.renew', { adId: ad.id }))).toMatchObject({ status: 'succeeded' });
    expect((await publicList()).items.map((i) => i.id)).toContain(ad.id);
  });

  it('an ad waits for its photos and goes to review when the last one arrives', async () => {
    const owner = await userDevice('ads-photos');
    const photos = [uuidv4(), uuidv4()];
    const ad = adInput({ photos });
    const ready = (id: string) =>
      db.query(`INSERT INTO ad_photos (id, owner, status, length, received) VALUES ($1, $2, 'ready', 10, 10)`, [
        id,
        owner.owner,
      ]);
    await ready(photos[0]!);
    expect(await run(owner, owner.command('ad.save', { ad }))).toMatchObject({ result: { status: 'wait' } });
    await db.transaction((tx) => photosArrived(tx, owner.owner, photos[0]!, Date.now()));
    expect((await owner.myAds())[0]?.status).toBe('wait');
    await ready(photos[1]!);
    await db.transaction((tx) => photosArrived(tx, owner.owner, photos[1]!, Date.now()));
    expect((await owner.myAds())[0]?.status).toBe('pending');
    expect(await adRow(ad.id)).toEqual({ owner: owner.owner, status: 'pending' });
  });

  it("a waiting ad's photos are shown to its owner and operators only, to anyone once the ad is published", async () => {
    const owner = await userDevice('ads-photo-private');
    const stranger = await registerLoggedInUser(server.url, 'ads-photo-stranger');
    const token = await operator();
    const photo = uuidv4();
    await db.query(`INSERT INTO ad_photos (id, owner, status, length, received) VALUES ($1, $2, 'ready', 10, 10)`, [
      photo,
      owner.owner,
    ]);
    await db.query(
      `INSERT INTO ad_photo_sizes (photo_id, size, width, height, bytes) VALUES ($1, 'tile', 1, 1, decode('UklGRg==', 'base64'))`,
      [photo],
    );
    const ad = adInput({ photos: [photo] });
    expect(await run(owner, owner.command('ad.save', { ad }))).toMatchObject({ result: { status: 'pending' } });

    const get = (bearer?: string) =>
      fetch(`${server.url}${adPhotoPath(photo, 'tile')}`, {
        headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      });
    // Waiting for review: nobody else learns the photo exists, whoever holds its id.
    for (const bearer of [undefined, stranger.token, 'not-a-token']) {
      const answer = await get(bearer);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
    for (const bearer of [owner.token, token]) {
      const answer = await get(bearer);
      expect(answer.status).toBe(200);
      // Kept by no cache along the way: it is not public yet.
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
    }

    expect((await review(token, ad.id, 'approve')).status).toBe(200);
    const published = await get();
    expect(published.status).toBe(200);
    expect(published.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("photos an edit leaves out, and a deleted ad's photos, are deleted with the change", async () => {
    const owner = await userDevice('ads-photo-gc');
    const photos = [uuidv4(), uuidv4()];
    for (const id of photos)
      await db.query(`INSERT INTO ad_photos (id, owner, status, length, received) VALUES ($1, $2, 'ready', 10, 10)`, [
        id,
        owner.owner,
      ]);
    const stored = async () =>
      (await db.query<{ id: string }>('SELECT id::text AS id FROM ad_photos WHERE owner = $1', [owner.owner]))
        .map((r) => r.id)
        .sort();
    const ad = adInput({ photos });
    await run(owner, owner.command('ad.save', { ad }));
    expect(await stored()).toEqual([...photos].sort());
    await run(owner, owner.command('ad.save', { ad: { ...ad, photos: [photos[0]!] } }));
    expect(await stored()).toEqual([photos[0]]);
    await run(owner, owner.command('ad.delete', { adId: ad.id }));
    expect(await stored()).toEqual([]);
  });

  it('bad input is refused naming the field, and nothing is stored', async () => {
    const owner = await userDevice('ads-bad');
    const cases: [Partial<AdInput>, string][] = [
      [{ title: 'Хубав <b>iPhone</b>' }, 'ad.title'],
      [{ price: { kind: 'fixed', cents: -100 } }, 'ad.price.cents'],
      [{ photos: Array.from({ length: 9 }, () => uuidv4()) }, 'ad.photos'],
    ];
    for (const [bad, field] of cases) {
      const answer = await postJson(server.url, '/api/sell/save', { ad: adInput(bad) }, owner.token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.result.field).toBe(field);
      // A client of its own: a refused push takes no seq, so it must leave no gap in the device's.
      const once = { clientId: `client-${uuidv7()}`, seq: 1 };
      const pushed = await owner.push([owner.command('ad.save', { ad: adInput(bad) }, once)]);
      expect(pushed.status).toBe(400);
      expect(JSON.stringify(pushed.body)).toContain(`payload.${field}`);
    }
    const nul = await postJson(server.url, '/api/sell/catalog', { q: 'iphone\u0000' });
    expect(nul.status).toBe(400);
    expect(nul.body.result.field).toBe('body.q');
    const unknown = await run(owner, owner.command('ad.save', { ad: adInput({ category: 'no-such-category' }) }));
    expect(unknown).toMatchObject({
      status: 'rejected',
      error: { code: 'ad_unknown_category', field: 'payload.ad.category' },
    });
    const otherModel = await run(owner, owner.command('ad.save', { ad: adInput({ model: 'iPad Air' }) }));
    expect(otherModel).toMatchObject({
      status: 'rejected',
      error: { code: 'ad_unknown_model', field: 'payload.ad.model' },
    });
    expect(await owner.myAds()).toEqual([]);
    expect((await db.query('SELECT 1 FROM ads WHERE owner = $1', [owner.owner])).length).toBe(0);
  });

  it("a guest's ad joins the user's ads at login, and its row follows", async () => {
    const user = await userDevice('ads-login');
    const guest = await createGuest(server.url);
    const ad = adInput();
    await guest.push([guest.command('ad.save', { ad })]);
    await drain();
    const login = await postJson(
      server.url,
      '/api/user/login',
      { username: user.email, password: TEST_PASSWORD },
      guest.token,
    );
    expect(login.status).toBe(200);
    expect((await user.myAds()).map((a) => [a.id, a.status])).toEqual([[ad.id, 'pending']]);
    expect(await adRow(ad.id)).toEqual({ owner: user.owner, status: 'pending' });
  });
});
