import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditOffers } from '../../schema/credit/index.ts';
import { creditRoutes } from '../../sync-server/credit/index.ts';
import { errorHandler } from '../../sync-server/http/problem.ts';

// The route as the app mounts it (`app.use('/api/order', creditRoutes())`), behind the app's JSON parser and error
// handler, over real HTTP.
let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(express.json());
  app.use('/api/order', creditRoutes());
  app.use(errorHandler);
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const calculate = async (body: unknown) => {
  const response = await fetch(`${base}/api/order/credit-calculator`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { code: number; result: Record<string, unknown> },
  };
};

describe('POST /api/order/credit-calculator', () => {
  it("given a price, then code 200 and every provider's offers, the figures the device computes", async () => {
    const { status, body } = await calculate({ price: 129_900 });
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    expect(body.result.offers).toEqual(JSON.parse(JSON.stringify(creditOffers(129_900, 0))));
  });

  it('given a provider by its spec id and a term, then only its offer for that term', async () => {
    const { body } = await calculate({ price: 100_000, downPayment: 20_000, provider: 8, months: 12 });
    const offers = body.result.offers as { provider: string; creditAmountEur: number; terms: { months: number }[] }[];
    expect(offers.map((o) => o.provider)).toEqual(['jetcredit']);
    expect(offers[0]!.creditAmountEur).toBe(80_000);
    expect(offers[0]!.terms.map((t) => t.months)).toEqual([12]);
  });

  it('given a down payment not below the price, then 400 naming downPayment', async () => {
    const { status, body } = await calculate({ price: 100_000, downPayment: 100_000 });
    expect(status).toBe(400);
    expect(body.result.field).toBe('downPayment');
  });

  it('given an unknown provider id, a price in leva with decimals, or no price, then 400 naming the field', async () => {
    expect((await calculate({ price: 100_000, provider: 9 })).body.result.field).toBe('provider');
    expect((await calculate({ price: 999.99 })).body.result.field).toBe('price');
    expect((await calculate({})).body.result.field).toBe('price');
  });
});
