import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../sync-server/server.ts';
import { postJson } from '../support/post-json.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';
import { registerLoggedInUser } from '../support/users.ts';
import { snapshot } from '../support/wishlist.ts';

/** Issue 18: the cart and the wishlist sent to the logged-in owner by e-mail, with prices and absolute links. */
describe(`send the cart and the wishlist by e-mail (${storeKind})`, () => {
  let server: RunningServer;
  beforeAll(async () => {
    process.env.PUBLIC_URL = 'https://shop.example.bg/';
    server = await startTestServer();
  });
  afterAll(async () => {
    delete process.env.PUBLIC_URL;
    await server.close();
  });
  const mailsTo = (kind: string, to: string) =>
    server.db.query<{ subject: string; body: string }>(
      'SELECT subject, body FROM mail_outbox WHERE kind = $1 AND to_address = $2 ORDER BY id',
      [kind, to],
    );

  it("mails the owner's cart lines with euro and lev prices and links, once per Idempotency-Key", async () => {
    const user = await registerLoggedInUser(server.url, 'cartmail');
    const added = await postJson(server.url, '/api/cart/update', { cartItem: { sku: 'APP3', qty: 2 } }, user.token);
    expect(added.status).toBe(200);
    const send = () =>
      fetch(`${server.url}/api/cart/send-by-email`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${user.token}`,
          'idempotency-key': 'send-1',
        },
        body: JSON.stringify({ cartId: 'ignored' }),
      });
    const first = await send();
    expect(await first.json()).toEqual({ code: 200, result: true });
    await send();
    const mails = await mailsTo('cart-by-email', user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Вашата количка в Apple Store BG');
    expect(mails[0]!.body).toMatch(/^2 × .+: .+€ \(.+лв\.\)$/m);
    expect(mails[0]!.body).toMatch(/^https:\/\/shop\.example\.bg\/.+-APP3$/m);
  });

  it("mails the owner's synced wishlist; an empty one is refused in words", async () => {
    const user = await registerLoggedInUser(server.url, 'wishmail');
    const empty = await postJson(
      server.url,
      '/api/user/send-wishlist-by-email',
      { cartId: user.owner, items: [] },
      user.token,
    );
    expect(empty.status).toBe(422);
    expect(JSON.stringify(empty.body)).toContain('There is nothing to send');
    const push = await postJson(
      server.url,
      '/sync/commands/push',
      {
        rows: [
          {
            newDocumentState: {
              id: '0190f000-0000-7000-8000-000000000001',
              type: 'wishlist.add',
              payload: { sku: 'APP1', product: snapshot('APP1', 'iPhone тест') },
              owner: user.owner,
              clientId: `client-wish-${Date.now()}`,
              seq: 1,
              createdAt: Date.now(),
              status: 'pending',
              serverSeq: 0,
            },
          },
        ],
      },
      user.token,
    );
    expect(push.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sent = await postJson(
      server.url,
      '/api/user/send-wishlist-by-email',
      { cartId: user.owner, items: [], language: 'en' },
      user.token,
    );
    expect(sent.body).toEqual({ code: 200, result: true });
    const mails = await mailsTo('wishlist-by-email', user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your wishlist at Apple Store BG');
    expect(mails[0]!.body).toContain('iPhone тест');
    expect(mails[0]!.body).toContain('https://shop.example.bg/');
  });
});
