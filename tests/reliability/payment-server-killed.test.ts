import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { OrdersDoc } from '../../schema/orders/order.ts';
import type { BrowserStep } from '../../sync-server/payments/gateway.ts';
import { guestUnitPriceEur, ORDER_SKU } from '../support/order-world.ts';
import { placePayload, validDetails } from '../support/orders.ts';
import { createGuest, type Guest } from '../support/protocol-client.ts';
import { freePort, killHard, spawnServer } from '../support/server-process.ts';
import { startSimulator, type SimulatorProcess } from '../support/simulator-process.ts';
import { openTestDatabase, storeKind } from '../support/test-server.ts';

/**
 * Issue 17, "a server killed between the provider's answer and our commit": the store is a process of its own and is
 * killed with SIGKILL after the shopper paid at BORICA's simulator and before the gateway's answer (BACKREF) reached
 * it. Started again on the same store, its reconciler asks the gateway (TRTYPE 90) and the order is paid; the stale
 * answer posted afterwards (the shopper's browser retrying) changes nothing. One charge, counted on the simulator.
 */

const pem = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

const paymentOf = async (guest: Guest, orderId: string) =>
  (await guest.pull<OrdersDoc>('orders')).documents.at(-1)?.orders.find((o) => o.orderId === orderId)?.payment;

describe(`a card payment when the server is killed before the gateway's answer (${storeKind})`, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-payment-kill-'));
  let sim: SimulatorProcess | undefined;
  afterAll(async () => {
    await sim?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is paid once after the restart, by the reconciler', { timeout: 180_000 }, async () => {
    if (process.env.DATABASE_URL) await (await openTestDatabase()).close(); // start from an empty PostgreSQL
    const port = String(await freePort());
    const merchant = pem();
    const gateway = pem();
    sim = await startSimulator('borica', {
      BORICA_SIM_TERMINAL: 'V1800001',
      BORICA_SIM_PRIVATE_KEY: gateway.privateKey,
      BORICA_SIM_MERCHANT_PUBLIC_KEY: merchant.publicKey,
      BORICA_SIM_BACKREF: `http://127.0.0.1:${port}/api/payments/borica/backref`,
    });
    const env = {
      PORT: port,
      DATA_DIR: path.join(dataDir, 'pglite'),
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      BORICA_URL: sim.url,
      BORICA_TERMINAL: 'V1800001',
      BORICA_MERCHANT: '1600000001',
      BORICA_MERCH_NAME: 'Apple Store BG',
      BORICA_MERCH_URL: `http://127.0.0.1:${port}`,
      BORICA_MERCHANT_KEY: merchant.privateKey,
      BORICA_GATEWAY_PUBLIC_KEY: gateway.publicKey,
      RECONCILE_INTERVAL_MS: '300',
      RECONCILE_AFTER_MS: '500',
    };
    let server = await spawnServer(env);
    try {
      const unit = await guestUnitPriceEur(server.url, ORDER_SKU);
      const guest = await createGuest(server.url);
      const payload = placePayload([{ sku: ORDER_SKU, qty: 1, unitPriceInclTaxEur: unit }], {
        details: { ...validDetails, payment: { paymentMethod: 'card' } },
      });
      const place = guest.command('order.place', payload);
      const start = guest.command('payment.start', { orderId: payload.orderId });
      await guest.push([place, start]);
      const [, started] = await guest.settled([place.id, start.id]);
      expect(started?.status, JSON.stringify(started?.error)).toBe('succeeded');

      const begun = await fetch(`${server.url}/api/payments/${start.id}/begin`, {
        method: 'POST',
        headers: { authorization: `Bearer ${guest.token}` },
      });
      const step = (await begun.json()) as BrowserStep;
      if (step.kind !== 'post-form') throw new Error(`expected the signed form, got ${step.kind}`);
      // The shopper's browser: the form to the gateway, a good card; the gateway charges and answers with BACKREF.
      expect((await fetch(step.url, { method: 'POST', body: new URLSearchParams(step.fields) })).status).toBe(200);
      const paid = (await (
        await fetch(`${sim.url}/__sim/pay`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ORDER: step.fields['ORDER'], card: '5100770000000022' }),
        })
      ).json()) as { backref: string; fields: Record<string, string> };

      // Killed before the answer arrives: nothing of it was committed.
      await killHard(server);
      server = await spawnServer(env);

      // The reconciler of the new process asks the gateway and settles the order.
      const deadline = Date.now() + 60_000;
      let payment = await paymentOf(guest, payload.orderId);
      while (payment?.status !== 'paid' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        payment = await paymentOf(guest, payload.orderId);
      }
      expect(payment).toMatchObject({ status: 'paid', attempts: [{ attemptId: start.id, status: 'paid' }] });

      // The browser posts the stale answer after all: the same one order, paid once.
      const late = await fetch(paid.backref, {
        method: 'POST',
        body: new URLSearchParams(paid.fields),
        redirect: 'manual',
      });
      expect(late.status).toBe(303);
      expect(await paymentOf(guest, payload.orderId)).toMatchObject({ status: 'paid', attempts: [{ status: 'paid' }] });
      const stats = (await (await fetch(`${sim.url}/__sim/stats`)).json()) as {
        charges: { order: string; rc: string }[];
      };
      expect(stats.charges.filter((c) => c.order === step.fields['ORDER'] && c.rc === '00')).toHaveLength(1);
    } finally {
      await killHard(server);
    }
  });
});
