import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../sync-server/server.ts';
import { postJson } from '../support/post-json.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';

/** Issue 16: the spec's `POST /api/cart/shipping-cities`, answering `{code, result}`, its bad input a 400 naming the field. */
describe(`POST /api/cart/shipping-cities (${storeKind})`, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(undefined, 'off');
  });
  afterAll(async () => {
    await server.close();
  });
  const cities = (body: unknown) => postJson(server.url, '/api/cart/shipping-cities', body);

  it('finds cities by name in either script and by postcode, with no token', async () => {
    const byName = await cities({ query: 'Plovdiv' });
    expect(byName.status).toBe(200);
    expect(byName.body.code).toBe(200);
    expect(byName.body.result[0]).toMatchObject({ name: 'Пловдив', nameLatin: 'Plovdiv', region: 'Пловдив' });
    expect(byName.body.result[0].postcodes).toContain('4000');

    const byCode = await cities({ postcode: '9000' });
    expect(byCode.body.result.map((c: { name: string }) => c.name)).toEqual(['Варна']);
    const village = await cities({ query: 'Гостун' });
    expect(village.body.result).toEqual([expect.objectContaining({ name: 'Гостун', postcodes: ['2773'] })]);
  });

  it('answers at most 20 cities, the largest first when no query is given', async () => {
    expect((await cities({ query: 'с', limit: 20 })).body.result).toHaveLength(20);
    const largest = await cities({});
    expect(largest.body.result).toHaveLength(10);
    expect(largest.body.result[0].name).toBe('София');
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ postcode: '100' }, 'postcode'],
      [{ postcode: 1000 }, 'postcode'],
      [{ query: 'x'.repeat(61) }, 'query'],
      [{ query: 7 }, 'query'],
      [{ limit: 21 }, 'limit'],
      [{ city: 'Sofia' }, 'city'],
      [{ query: 'So\u0000fia' }, 'body.query'],
    ];
    for (const [body, field] of cases) {
      const answer = await cities(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.result.field, JSON.stringify(body)).toBe(field);
    }
  });
});
