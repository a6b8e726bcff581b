import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { CommandDocument, CommandType, PayloadInputOf } from '../../schema/index.ts';
import { sweepAlerts } from '../../sync-server/alerts/alert-sweep.ts';
import { setStock } from '../../sync-server/catalog/stock-changes.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { pendingCommand } from '../support/protocol-client.ts';
import { postJson } from '../support/post-json.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';
import { registerLoggedInUser } from '../support/users.ts';
import { createGuest } from '../support/protocol-client.ts';

/**
 * Issue 18, stock and price alerts: kept on the account (`alerts.set`, synced as `accountSettings`), and one mail
 * per subscriber per change when a product comes back in stock or its price drops; none to those who turned the
 * alert off; another owner's settings never change; a repeated push runs once.
 */
const SKU = 'APP3';
const PUBLIC = 'https://shop.example.bg';

describe(`stock and price alerts (${storeKind})`, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  /** A logged-in user speaking the sync protocol with its own token. */
  const userDevice = async (label: string) => {
    const user = await registerLoggedInUser(server.url, label);
    const clientId = `client-${uuidv7()}`;
    let seq = 0;
    const push = (docs: CommandDocument[], token = user.token) =>
      postJson(server.url, '/sync/commands/push', { rows: docs.map((d) => ({ newDocumentState: d })) }, token);
    const pull = async <Doc>(collection: string) => {
      const res = await fetch(`${server.url}/sync/${collection}/pull?after=0&limit=1000`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      return ((await res.json()) as { documents: Doc[] }).documents;
    };
    return {
      ...user,
      command: <T extends CommandType>(type: T, payload: PayloadInputOf<T>, owner = user.owner) =>
        pendingCommand({ owner, clientId, seq: ++seq }, type, payload),
      push,
      pull,
      async settled(id: string): Promise<CommandDocument> {
        for (let i = 0; i < 200; i++) {
          const found = (await pull<CommandDocument>('outcomes')).find((d) => d.id === id);
          if (found && found.status !== 'pending') return found;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        throw new Error(`command ${id} not settled`);
      },
      async settings() {
        return (await pull<{ notifications: unknown[]; applied: unknown[] }>('accountSettings')).at(-1);
      },
    };
  };

  const alertMails = (kind: string, to: string) =>
    server.db.query<{ subject: string; body: string }>(
      'SELECT subject, body FROM mail_outbox WHERE kind = $1 AND to_address = $2 ORDER BY id',
      [kind, to],
    );
  const stock = (qty: number) => server.db.transaction((tx) => setStock(tx, SKU, qty));

  it('a product back in stock mails each subscriber once; none to one who turned it off or never asked', async () => {
    const [watcher, quitter, bystander] = [await userDevice('watch'), await userDevice('quit'), await userDevice('by')];
    for (const user of [watcher, quitter]) {
      const set = user.command('alerts.set', { sku: SKU, notify_for_stock: true, notify_for_price: false });
      await user.push([set]);
      expect((await user.settled(set.id)).status).toBe('succeeded');
    }
    const off = quitter.command('alerts.set', { sku: SKU, notify_for_stock: false, notify_for_price: false });
    await quitter.push([off]);
    await quitter.settled(off.id);
    expect((await watcher.settings())?.notifications).toEqual([
      { sku: SKU, notify_for_stock: true, notify_for_price: false },
    ]);
    expect((await quitter.settings())?.notifications).toEqual([]);

    await stock(0);
    await sweepAlerts(server.db, PUBLIC);
    await stock(4);
    await stock(7); // more stock of a product already in stock is not a return
    await sweepAlerts(server.db, PUBLIC);
    await sweepAlerts(server.db, PUBLIC);
    const mails = await alertMails('stock-alert', watcher.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Отново в наличност: /);
    expect(mails[0]!.body).toContain(`${PUBLIC}/`);
    expect(mails[0]!.body).toMatch(/€ \(.*лв\.\)/);
    expect(await alertMails('stock-alert', quitter.email)).toEqual([]);
    expect(await alertMails('stock-alert', bystander.email)).toEqual([]);

    // A second return is a second change: one more mail.
    await stock(0);
    await stock(2);
    await sweepAlerts(server.db, PUBLIC);
    expect(await alertMails('stock-alert', watcher.email)).toHaveLength(2);
  });

  it("a price drop mails the price's subscribers once, in the language they use", async () => {
    const user = await userDevice('price');
    const set = user.command('alerts.set', {
      sku: SKU,
      notify_for_stock: false,
      notify_for_price: true,
      language: 'en',
    });
    await user.push([set]);
    await user.settled(set.id);
    const lower = async (by: number) =>
      server.db.query(
        `UPDATE catalog_products SET doc = jsonb_set(doc, '{price}', to_jsonb((doc->>'price')::bigint + $2::bigint))
         WHERE sku = $1`,
        [SKU, by],
      );
    await lower(1000); // a rise is no alert
    await sweepAlerts(server.db, PUBLIC);
    await lower(-5000);
    await sweepAlerts(server.db, PUBLIC);
    await sweepAlerts(server.db, PUBLIC);
    const mails = await alertMails('price-alert', user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Lower price: /);
    expect(mails[0]!.body).toContain('has dropped from');
  });

  it('a repeated push of alerts.set runs once; an alert command for another owner changes nothing of theirs', async () => {
    const [me, other] = [await userDevice('me'), await userDevice('other')];
    const set = me.command('alerts.set', { sku: 'APP1', notify_for_stock: true, notify_for_price: true });
    await me.push([set]);
    await me.push([set]);
    await me.settled(set.id);
    const outcomes = (await me.pull<CommandDocument>('outcomes')).filter((d) => d.id === set.id);
    expect(outcomes).toHaveLength(1);
    const [row] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM commands WHERE id = $1', [
      set.id,
    ]);
    expect(row!.n).toBe(1);

    const before = await other.settings();
    const forged = me.command(
      'alerts.set',
      { sku: 'APP2', notify_for_stock: true, notify_for_price: true },
      other.owner,
    );
    const answer = await me.push([forged]);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(await other.settings()).toEqual(before);
    // Nor through the spec's call with my token: it changes my settings, not the other's.
    const call = await postJson(
      server.url,
      '/api/products/store-notification-settings',
      { sku: 'APP2', notify_for_stock: true, notify_for_price: false },
      me.token,
    );
    expect(call.body).toEqual({
      code: 200,
      result: { sku: 'APP2', notify_for_stock: true, notify_for_price: false },
    });
    expect(await other.settings()).toEqual(before);
  });

  it('a guest cannot keep alerts on the server, nor send a cart by e-mail (login needed)', async () => {
    const guest = await createGuest(server.url);
    const set = guest.command('alerts.set', { sku: SKU, notify_for_stock: true, notify_for_price: false });
    await guest.push([set]);
    const [settled] = await guest.settled([set.id]);
    expect(settled).toMatchObject({ status: 'rejected', error: { code: 'alerts_login_required' } });
    const send = await postJson(server.url, '/api/cart/send-by-email', { cartId: guest.token }, guest.token);
    expect(send.status).toBe(401);
  });
});
