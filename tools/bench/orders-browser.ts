/**
 * Issue 16's browser figure: 50 orders placed offline in Chromium, then online: the time until every order shows as
 * received on the device (goal < 1.5 s), beside a baseline in the same run: 50 cart commands drained the same way
 * (tools/bench/browser-drain.ts). `measureOrdersInBrowser` is what `npm run bench:orders` (tools/bench/orders.ts)
 * calls with its own server and Chromium; run alone (`tsx tools/bench/orders-browser.ts`) it starts PGlite, the
 * sync server and Chromium itself and serves BENCH_STATIC_DIR (default dist/, built with the store.debug hook).
 */
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { checkoutTotals, unitPriceEurOf } from '../../schema/checkout/totals.ts';
import type { OrderPlacePayloadInput } from '../../schema/orders/order-commands.ts';
import { validDetails } from '../../tests/support/orders.ts';
import type { ShownOrder } from '../../client/orders/order-view.ts';
import { startServer } from '../../sync-server/server.ts';
import { measureBrowserDrain } from './browser-drain.ts';
import {
  closeDevice,
  openBrowserDevice,
  waitForState,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  type DeviceOptions,
} from './browser-devices.ts';
import { sized } from './short.ts';
import { openPglite } from './stores.ts';

const DEVICE: DeviceOptions = { serviceWorkers: 'allow', trace: false };
/** The demo catalogue's AirPods: 50 in stock, so 50 one-unit orders all succeed. */
const SKU = 'APP3';

export interface OrdersInBrowser {
  count: number;
  /** In the page: `online` event -> every order of the run shows as received in the orders view. */
  ordersMs: number;
  /** The baseline: `online` event -> every one of `count` cart commands has its outcome (browser-drain.ts). */
  baselineMs: number;
  /** The offline placing loop itself (not in ordersMs). */
  placeMs: number;
}

declare global {
  interface Window {
    __benchOrders?: Promise<number>;
  }
}

const details: OrderPlacePayloadInput['details'] = {
  ...validDetails,
  personal: { ...validDetails.personal, emailAddress: 'bench@example.bg' },
};

export const measureOrdersInBrowser = async (
  browser: Browser,
  baseUrl: string,
  count = 50,
): Promise<OrdersInBrowser> => {
  // The baseline on a device of its own, so the orders' device starts as clean as the baseline's did.
  const base = await openBrowserDevice(browser, baseUrl, 'baseline', DEVICE);
  const baseline = await measureBrowserDrain(base, count);
  await closeDevice(base);

  const device = await openBrowserDevice(browser, baseUrl, 'orders', DEVICE);
  const { page, context } = device;
  // What the shopper reviews: the device's own price of the product, in euro by the one rule.
  const stotinki = await page.evaluate(async (sku) => {
    const { client } = window.__store!;
    return new Promise<number>((resolve) => {
      const sub = client.products$.subscribe((products) => {
        const found = products.find((p) => p.sku === sku);
        if (found) {
          resolve(found.priceInclTax);
          queueMicrotask(() => sub.unsubscribe());
        }
      });
    });
  }, SKU);
  const unit = unitPriceEurOf(stotinki);
  const lines = [{ lineId: SKU, sku: SKU, name: 'AirPods Pro 3', qty: 1, unitPriceInclTaxEur: unit, options: {} }];
  const total = checkoutTotals({ lines, shipping: 'courier', payment: 'cashondelivery' }).grandTotalEur;
  const payloads: OrderPlacePayloadInput[] = Array.from({ length: count }, () => ({
    orderId: crypto.randomUUID(),
    details,
    lines,
    reviewedTotalEur: total,
  }));

  await context.setOffline(true);
  await waitForState(device, (s) => s.sync?.online === false, 0, 'offline');
  const placeMs = await page.evaluate(async (list) => {
    const { client } = window.__store!;
    const began = performance.now();
    for (const payload of list) await client.dispatch('order.place', payload);
    return performance.now() - began;
  }, payloads);
  // Shown at once as waiting to be sent, all of them, before any network.
  await page.waitForFunction(
    (n) =>
      new Promise<boolean>((resolve) => {
        const sub = window.__store!.client.orders$.subscribe((orders: ShownOrder[]) => {
          resolve(orders.filter((o) => o.status === 'waiting').length === n);
          queueMicrotask(() => sub.unsubscribe());
        });
      }),
    count,
    { timeout: 30_000 },
  );

  await page.evaluate(
    (ids) => {
      window.__benchOrders = new Promise<number>((resolve) => {
        window.addEventListener(
          'online',
          () => {
            const online = performance.now();
            const wanted = new Set(ids);
            const sub = window.__store!.client.orders$.subscribe((orders: ShownOrder[]) => {
              const received = orders.filter((o) => wanted.has(o.orderId) && o.status === 'received').length;
              if (received === wanted.size) {
                resolve(performance.now() - online);
                queueMicrotask(() => sub.unsubscribe());
              }
            });
          },
          { once: true },
        );
      });
    },
    payloads.map((p) => p.orderId),
  );
  await context.setOffline(false);
  const ordersMs = await page.evaluate(() => window.__benchOrders!);
  await closeDevice(device);
  return { count, ordersMs, baselineMs: baseline.ms, placeMs };
};

export const reportOrdersInBrowser = (figures: OrdersInBrowser): string =>
  [
    `${figures.count} orders placed offline, online -> all received: ${figures.ordersMs.toFixed(0)} ms ` +
      `(goal < 1500 ms: ${figures.ordersMs < 1500 ? 'MET' : 'NOT MET'})`,
    `  baseline, ${figures.count} cart commands drained the same way: ${figures.baselineMs.toFixed(0)} ms ` +
      `(${(figures.ordersMs / figures.baselineMs).toFixed(1)}x)`,
    `  placing them offline took ${figures.placeMs.toFixed(0)} ms`,
  ].join('\n');

const runAlone = async (): Promise<void> => {
  const db = await openPglite();
  const server = await startServer({
    PORT: 0,
    HOST: '127.0.0.1',
    EXECUTOR: 'on',
    SEED_DEMO: 'on',
    STATIC_DIR: process.env.BENCH_STATIC_DIR ?? 'dist',
    db,
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    console.log(reportOrdersInBrowser(await measureOrdersInBrowser(browser, server.url, sized(50, 5))));
  } finally {
    await browser.close();
    await server.close();
    await db.close();
  }
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runAlone().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
