import { generateKeyPairSync } from 'node:crypto';
import { v4 as uuidv4 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnAd } from '../../schema/ads/ad.ts';
import type { MyAdsDoc } from '../../schema/ads/my-ads.ts';
import type { CommandDocument } from '../../schema/index.ts';
import type { OrdersDoc } from '../../schema/orders/order.ts';
import { enqueueMail } from '../../sync-server/accounts/outbox.ts';
import { setStock as setStockQty } from '../../sync-server/catalog/stock-changes.ts';
import { changeOwnerAds } from '../../sync-server/ads/owner-ads.ts';
import { createBoricaGateway, loadBoricaConfig } from '../../sync-server/payments/borica/index.ts';
import type { AttemptVerdict, BrowserStep, PaymentGateway } from '../../sync-server/payments/gateway.ts';
import { configurePayments } from '../../sync-server/payments/payment-settings.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { openPostgresDatabase } from '../../sync-server/store/postgres-database.ts';
import { ROLE_LOCK_SPACE, ROLES as ROLE_KEYS } from '../../sync-server/cluster/roles.ts';
import { eventually, holdsRole, startInstances, type Instances } from '../support/cluster-instances.ts';
import { guestUnitPriceEur, ORDER_SKU, setStock, stockMovesOf, type Guest } from '../support/order-world.ts';
import { placePayload, validDetails } from '../support/orders.ts';
import { createGuest, pendingCommand } from '../support/protocol-client.ts';
import { postJson } from '../support/post-json.ts';
import { freePort, killHard, spawnServer } from '../support/server-process.ts';
import { startSimulator, type SimulatorProcess } from '../support/simulator-process.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts';
import { openTestDatabase, startTestServer, storeKind } from '../support/test-server.ts';
import { registerLoggedInUser } from '../support/users.ts';

/**
 * Issue 31, background work across instances: every loop either runs on every instance because the store hands each
 * piece of its work to one of them (shown with three instances racing), or runs on the one instance holding its
 * role (sync-server/cluster/: a PostgreSQL advisory lock), which moves to another instance when the holder stops
 * or dies. On PostgreSQL each instance has connections of its own, as separate processes have; on PGlite the
 * instances share this process's one embedded store, and a role is held by one of them the same way.
 */

const ROLES = ['payments-reconciler', 'ad-expiry', 'bulk-jobs', 'retention'] as const;
/** Loops that must run once turn quickly here, so a test sees them act (production: 30 s and a minute). */
const FAST_LOOPS = { RECONCILE_INTERVAL_MS: 200, RECONCILE_AFTER_MS: 1_000, AD_EXPIRY_INTERVAL_MS: 200 };

/** A published ad whose period ran out a second ago, written as an operator's approval writes it. */
const publishExpiredAd = async (db: Database, owner: string): Promise<OwnAd> => {
  const now = Date.now();
  const ad: OwnAd = {
    id: uuidv4(),
    title: 'iPhone 15 Pro в отлично състояние',
    description: 'Продавам, защото си взех нов. С кутия и зарядно.',
    category: 'telefoni',
    condition: 'like-new',
    price: { kind: 'fixed', cents: 65_000 },
    city: 'София',
    photos: [],
    contact: { name: 'Петя Иванова', phone: '+359 888 123 456' },
    status: 'send',
    createdAt: now - 31 * 86_400_000,
    updatedAt: now - 30 * 86_400_000,
    expiresAt: now - 1_000,
  };
  await db.transaction((tx) =>
    changeOwnerAds(tx, owner, now, (doc) => ({ doc: { ...doc, ads: [...doc.ads, ad] }, changed: [ad], value: ad })),
  );
  return ad;
};

/** The owner's ads document as the owner's device pulls it, after `after`. */
const pullMyAds = async (url: string, token: string, after = 0) => {
  const response = await fetch(`${url}/sync/myAds/pull?after=${after}&limit=10`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { documents: (MyAdsDoc & { serverSeq: number })[] };
};

/** Waits until the owner's device sees the ad finished; returns the document's sequence there. */
const finishedOnDevice = async (url: string, token: string, adId: string): Promise<number> => {
  let seq = 0;
  await eventually(async () => {
    const doc = (await pullMyAds(url, token)).documents.at(-1);
    seq = doc?.serverSeq ?? 0;
    return doc?.ads.find((a) => a.id === adId)?.status === 'finished';
  }, `ad ${adId} finished on its owner's device`);
  return seq;
};

describe(`background loops across instances (${storeKind})`, () => {
  describe('loops safe on every instance: three of them racing over one store', () => {
    let cluster: Instances;
    let smtp: SmtpCatcher;
    /** An instance without an executor or a mail worker: what it is pushed waits for the three others. */
    let reception: RunningServer;

    beforeAll(async () => {
      smtp = await startSmtpCatcher();
      const worker = { SMTP_URL: smtp.url, MAIL_DOMAIN: 'test.apple-store.bg' };
      cluster = await startInstances([worker, worker, worker, { executor: 'off' }]);
      reception = cluster.servers[3]!;
    });
    afterAll(async () => {
      await cluster?.close();
      await smtp?.close();
    });

    it('three executors run every command once, in each client’s order', async () => {
      const guests = await Promise.all(Array.from({ length: 12 }, () => createGuest(reception.url)));
      const sent = new Map<Guest, CommandDocument[]>();
      // Three pushes a guest, all left pending by the reception: the executors claim clients with SKIP LOCKED.
      for (let push = 0; push < 3; push++) {
        await Promise.all(
          guests.map(async (guest) => {
            const docs = [1, 2, 3].map(() => guest.command('cart.addItem', { sku: ORDER_SKU, qty: 1 }));
            sent.set(guest, [...(sent.get(guest) ?? []), ...docs]);
            await guest.push(docs);
          }),
        );
      }
      for (const guest of guests) {
        const mine = sent.get(guest)!;
        const settled = await guest.settled(
          mine.map((c) => c.id),
          30_000,
        );
        expect(settled.every((c) => c.status === 'succeeded')).toBe(true);
        // In seq order: the server's sequence of the outcomes rises with the client's seq.
        const bySeq = [...settled].sort((a, b) => a.seq - b.seq).map((c) => c.serverSeq);
        expect(bySeq).toEqual([...bySeq].sort((a, b) => a - b));
        // Each once: nine additions of one unit make nine units.
        expect((await guest.cart())?.items.find((l) => l.sku === ORDER_SKU)?.qty).toBe(mine.length);
      }
    });

    it('three alert sweeps mail each subscriber once per return of a product to stock', async () => {
      // In stock, and any change already recorded swept, before anyone subscribes (subscribers are read at the sweep).
      await setStock(cluster.db, ORDER_SKU, 5);
      await eventually(async () => {
        const [row] = await cluster.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM alert_events WHERE swept_at IS NULL',
        );
        return row?.n === 0;
      }, 'earlier changes swept');
      const watchers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => registerLoggedInUser(reception.url, 'watch')));
      const ids = await Promise.all(
        watchers.map(async (user) => {
          const set = pendingCommand({ owner: user.owner, clientId: `client-${uuidv4()}`, seq: 1 }, 'alerts.set', {
            sku: ORDER_SKU,
            notify_for_stock: true,
            notify_for_price: false,
          });
          const pushed = await postJson(
            reception.url,
            '/sync/commands/push',
            { rows: [{ newDocumentState: set }] },
            user.token,
          );
          expect(pushed.status).toBe(200);
          return set.id;
        }),
      );
      await eventually(async () => {
        const [row] = await cluster.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM commands WHERE id = ANY($1::uuid[]) AND status = 'succeeded'",
          [ids],
        );
        return row?.n === ids.length;
      }, 'every alert set');
      // Four returns to stock: four changes recorded, each swept by one of the three instances.
      for (const qty of [1, 2, 3, 4]) {
        await cluster.db.transaction((tx) => setStockQty(tx, ORDER_SKU, 0));
        await cluster.db.transaction((tx) => setStockQty(tx, ORDER_SKU, qty));
      }
      await eventually(async () => {
        const [row] = await cluster.db.query<{ n: number }>(
          `SELECT (SELECT count(*) FROM alert_events WHERE swept_at IS NULL)
                + (SELECT count(*) FROM mail_outbox WHERE kind = 'stock-alert' AND sent_at IS NULL) AS n`,
        );
        return Number(row?.n) === 0;
      }, 'every change swept and its mails sent');
      for (const { email } of watchers) {
        const theirs = smtp.received.filter((m) =>
          [m.to ?? []].flat().some((to) => to.value.some((a) => a.address === email)),
        );
        expect(theirs.map((m) => m.subject?.startsWith('Отново в наличност: '))).toEqual([true, true, true, true]);
      }
    });

    it('three mail workers send every mail in the outbox once', async () => {
      const subjects = Array.from({ length: 60 }, (_, i) => `Cluster mail ${i + 1}`);
      await cluster.db.transaction(async (tx) => {
        for (const subject of subjects)
          await enqueueMail(tx, { kind: 'order-status', to: 'ivan@example.com', subject, body: 'Text' });
      });
      await eventually(async () => {
        const [row] = await cluster.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM mail_outbox WHERE subject LIKE 'Cluster mail %' AND sent_at IS NULL",
        );
        return row?.n === 0;
      }, 'every mail marked sent');
      const arrived = smtp.received.filter((m) => m.subject?.startsWith('Cluster mail '));
      expect(arrived.map((m) => m.subject).sort()).toEqual([...subjects].sort());
      expect(new Set(arrived.map((m) => m.messageId)).size).toBe(subjects.length);
    });
  });

  describe('loops run by one instance: two instances', () => {
    let cluster: Instances;
    let smtp: SmtpCatcher;
    let sim: SimulatorProcess;
    let first: RunningServer;
    let second: RunningServer;
    let unit: number;
    /** Each status check (BORICA TRTYPE 90) the reconcilers made, with the verdict it got. */
    const asked: { attemptId: string; verdict: AttemptVerdict['kind'] }[] = [];
    let gateways: { borica: PaymentGateway };

    beforeAll(async () => {
      smtp = await startSmtpCatcher();
      const settings = { ...FAST_LOOPS, SMTP_URL: smtp.url, MAIL_DOMAIN: 'test.apple-store.bg' };
      cluster = await startInstances([settings, settings]);
      [first, second] = cluster.servers as [RunningServer, RunningServer];
      const pem = () => {
        const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
        return {
          privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
          publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
        };
      };
      const merchant = pem();
      const keys = pem();
      sim = await startSimulator('borica', {
        BORICA_SIM_TERMINAL: 'V1800001',
        BORICA_SIM_PRIVATE_KEY: keys.privateKey,
        BORICA_SIM_MERCHANT_PUBLIC_KEY: merchant.publicKey,
        BORICA_SIM_BACKREF: `${second.url}/api/payments/borica/backref`,
      });
      const borica = createBoricaGateway(
        loadBoricaConfig({
          BORICA_URL: sim.url,
          BORICA_TERMINAL: 'V1800001',
          BORICA_MERCHANT: '1600000001',
          BORICA_MERCH_NAME: 'Apple Store BG',
          BORICA_MERCH_URL: second.url,
          BORICA_MERCHANT_KEY: merchant.privateKey,
          BORICA_GATEWAY_PUBLIC_KEY: keys.publicKey,
          BORICA_TIMEOUT_MS: '5000',
        })!,
      );
      // The real gateway, its status checks recorded. Each waits a second first, so that reconcilers running on
      // both instances would both be asking before either had settled: only the role keeps it to one.
      gateways = {
        borica: {
          ...borica,
          async status(attempt) {
            await new Promise((resolve) => setTimeout(resolve, 1_000));
            const verdict = await borica.status(attempt);
            asked.push({ attemptId: attempt.attemptId, verdict: verdict.kind });
            return verdict;
          },
        },
      };
      // The payment settings are the process's (both instances run in it), set once the simulator runs.
      configurePayments({ dueMs: 60 * 60_000, gateways });
      unit = await guestUnitPriceEur(second.url, ORDER_SKU);
    }, 90_000);
    afterAll(async () => {
      await cluster?.close();
      await sim?.stop();
      await smtp?.close();
    });

    const placeCardOrder = async (guest: Guest) => {
      const payload = placePayload([{ sku: ORDER_SKU, qty: 1, unitPriceInclTaxEur: unit }], {
        details: { ...validDetails, payment: { paymentMethod: 'card' } },
      });
      const place = guest.command('order.place', payload);
      await guest.push([place]);
      const [settled] = await guest.settled([place.id]);
      expect(settled?.status, JSON.stringify(settled?.error)).toBe('succeeded');
      return { orderId: payload.orderId, orderNumber: settled!.result!['orderNumber'] as string };
    };
    const orderOf = async (guest: Guest, orderId: string) =>
      (await guest.pull<OrdersDoc>('orders')).documents.at(-1)?.orders.find((o) => o.orderId === orderId);
    const mailsAbout = (orderNumber: string) =>
      smtp.received.filter((m) => m.subject === `Плащане по поръчка ${orderNumber} / Payment of order ${orderNumber}`);

    it('the first instance to start holds every role; the second holds none', async () => {
      for (const role of ROLES) {
        expect(await holdsRole(first.url, role)).toBe(true);
        expect(await holdsRole(second.url, role)).toBe(false);
      }
    });

    it('a payment whose answer was lost is asked about once and settled once: paid, one mail', async () => {
      const guest = await createGuest(second.url);
      const { orderId, orderNumber } = await placeCardOrder(guest);
      const start = guest.command('payment.start', { orderId });
      await guest.push([start]);
      const [started] = await guest.settled([start.id]);
      const attemptId = started!.result!['attemptId'] as string;
      const begun = await fetch(`${second.url}/api/payments/${attemptId}/begin`, {
        method: 'POST',
        headers: { authorization: `Bearer ${guest.token}` },
      });
      const step = (await begun.json()) as BrowserStep;
      if (step.kind !== 'post-form') throw new Error(`expected the signed form, got ${step.kind}`);
      // The shopper pays at the gateway; its answer (BACKREF) is lost on the way back to the store.
      await fetch(`${sim.url}/__sim/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ dropBackref: true }),
      });
      expect((await fetch(step.url, { method: 'POST', body: new URLSearchParams(step.fields) })).status).toBe(200);
      const paid = await fetch(`${sim.url}/__sim/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ORDER: step.fields['ORDER'], card: '5100770000000022' }),
      });
      expect(await paid.json()).toMatchObject({ dropped: true });

      // No one calls a round: the reconciler's own loop, on the instance holding its role, finds the attempt.
      await eventually(async () => (await orderOf(guest, orderId))?.payment?.status === 'paid', 'the order paid');
      await eventually(async () => mailsAbout(orderNumber).length > 0, 'the payment mail');
      // Asked before the shopper paid, a check finds nothing to settle; once paid, one check settled it.
      expect(asked.filter((a) => a.attemptId === attemptId && a.verdict === 'paid')).toHaveLength(1);
      expect(mailsAbout(orderNumber)).toHaveLength(1);
      const charges = (await (await fetch(`${sim.url}/__sim/stats`)).json()) as { charges: { order: string }[] };
      expect(charges.charges.filter((c) => c.order === step.fields['ORDER'])).toHaveLength(1);
    });

    it('an order not paid in time expires once: cancelled, its stock released once, one mail', async () => {
      await setStock(cluster.db, ORDER_SKU, 50);
      // Orders placed now are due in a second (the due time is the process's setting, read at order.place).
      configurePayments({ dueMs: 1_000, gateways });
      const guest = await createGuest(second.url);
      const { orderId, orderNumber } = await placeCardOrder(guest);
      configurePayments({ dueMs: 60 * 60_000, gateways });

      await eventually(async () => (await orderOf(guest, orderId))?.status === 'cancelled', 'the order cancelled');
      expect((await orderOf(guest, orderId))?.payment?.status).toBe('expired');
      await eventually(async () => mailsAbout(orderNumber).length > 0, 'the expiry mail');
      // A few more rounds of the reconciler on the holder (and none on the other instance) change nothing.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const moves = await stockMovesOf(cluster.db, orderId);
      expect(moves.filter((m) => m.reason === 'release')).toEqual([
        expect.objectContaining({ delta: expect.anything() }),
      ]);
      expect(Number(moves.find((m) => m.reason === 'release')?.delta)).toBe(1);
      expect(mailsAbout(orderNumber)).toHaveLength(1);
    });

    it("an ad past its period is finished once: its owner's devices see one change", async () => {
      const owner = await registerLoggedInUser(second.url, 'cluster-ad');
      const ad = await publishExpiredAd(cluster.db, owner.owner);
      const seq = await finishedOnDevice(second.url, owner.token, ad.id);
      // A few more sweeps on the holder (and none on the other instance): nothing more reaches the device.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect((await pullMyAds(second.url, owner.token, seq)).documents).toEqual([]);
      const [row] = await cluster.db.query<{ status: string }>('SELECT status FROM ads WHERE ad_id = $1::uuid', [
        ad.id,
      ]);
      expect(row?.status).toBe('finished');
    });

    it('when the holder stops, the other instance takes its roles and runs their loops', async () => {
      await first.close();
      for (const role of ROLES) await eventually(() => holdsRole(second.url, role), `the second holding ${role}`);
      const owner = await registerLoggedInUser(second.url, 'cluster-ad-after');
      const ad = await publishExpiredAd(cluster.db, owner.owner);
      await finishedOnDevice(second.url, owner.token, ad.id);
    });
  });

  // A process killed with -9 needs a store that two processes share: PostgreSQL. PGlite is one process's store, so
  // this case is defined on PostgreSQL only (on PGlite, "when the holder stops" above is the move that can happen).
  if (storeKind === 'postgres') {
    describe('a holder killed with -9', () => {
      it(
        'its roles move to a living instance within seconds, which runs their loops',
        { timeout: 120_000 },
        async () => {
          const db = await openTestDatabase(); // an empty store
          const port = await freePort();
          const holder = await spawnServer({
            PORT: String(port),
            AD_EXPIRY_INTERVAL_MS: '200',
            RECONCILE_INTERVAL_MS: '200',
          });
          let survivor: RunningServer | undefined;
          const store = await openPostgresDatabase(process.env.DATABASE_URL!, 4);
          try {
            for (const role of ROLES) await eventually(() => holdsRole(holder.url, role), `the child holding ${role}`);
            survivor = await startTestServer(store, 'on', undefined, { AD_EXPIRY_INTERVAL_MS: 200 });
            for (const role of ROLES) expect(await holdsRole(survivor.url, role)).toBe(false);

            await killHard(holder);
            // Its connections closed with it, and PostgreSQL released its locks: the survivor's next ask takes them.
            for (const role of ROLES)
              await eventually(() => holdsRole(survivor!.url, role), `the survivor holding ${role}`);
            const owner = await registerLoggedInUser(survivor.url, 'cluster-ad-killed');
            const ad = await publishExpiredAd(db, owner.owner);
            await finishedOnDevice(survivor.url, owner.token, ad.id);
          } finally {
            if (holder.exitCode === null && holder.signalCode === null) await killHard(holder);
            await survivor?.close();
            await store.close();
            await db.close();
          }
        },
      );

      it('a holder whose lock connection is cut stops holding it; one instance holds it again', async () => {
        const cluster = await startInstances([FAST_LOOPS, FAST_LOOPS]);
        try {
          const holders = async (role: string) =>
            (await Promise.all(cluster.servers.map((s) => holdsRole(s.url, role)))).filter(Boolean).length;
          const lockPid = async () => {
            const [row] = await cluster.db.query<{ pid: number }>(
              `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = $1::int::oid
                 AND objid = $2::int::oid AND objsubid = 2 AND granted`,
              [ROLE_LOCK_SPACE, ROLE_KEYS['ad-expiry']],
            );
            return row?.pid;
          };
          expect(await holdsRole(cluster.servers[0]!.url, 'ad-expiry')).toBe(true);
          const cut = await lockPid();
          // A network gone or a backend ended by an administrator: PostgreSQL frees the lock with the session.
          await cluster.db.query('SELECT pg_terminate_backend($1)', [cut!]);
          await eventually(async () => {
            const pid = await lockPid();
            return pid !== undefined && pid !== cut && (await holders('ad-expiry')) === 1;
          }, 'the role held again, by one instance, on a new connection');
          const owner = await registerLoggedInUser(cluster.servers[1]!.url, 'cluster-ad-cut');
          const ad = await publishExpiredAd(cluster.db, owner.owner);
          await finishedOnDevice(cluster.servers[1]!.url, owner.token, ad.id);
        } finally {
          await cluster.close();
        }
      });
    });
  }
});
