import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleAllows, type OperatorRole } from '../../schema/ops/roles.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { OPS_PREFIXES, opsRouteCases } from '../support/ops-route-list.ts';
import { registerOperator } from '../support/operators.ts';
import { createGuest } from '../support/protocol-client.ts';
import { routeKey, routeTableOf } from '../support/route-table.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';
import { registerLoggedInUser } from '../support/users.ts';

/**
 * Issue 30, "who is an operator": every operator call against a guest's token, a customer's, and each role's. Below
 * the role a call needs the answer is 403; at or above it, anything but 403 (404 for the unknown ids the cases
 * send, 200 for reads). The calls come from the route list, checked against the app's own route table.
 */
describe(`the operators' role matrix (${storeKind})`, () => {
  let server: RunningServer;
  const tokens = new Map<string, string>();
  let customerEmail: string;
  const PRINCIPALS = ['guest', 'customer', 'viewer', 'support', 'moderator', 'admin'] as const;

  beforeAll(async () => {
    server = await startTestServer();
    tokens.set('guest', (await createGuest(server.url)).token);
    const customer = await registerLoggedInUser(server.url, 'ops-matrix-customer');
    customerEmail = customer.email;
    tokens.set('customer', customer.token);
    for (const role of ['viewer', 'support', 'moderator', 'admin'] as const) {
      tokens.set(role, (await registerOperator(server.url, server.db, role)).token);
    }
  });
  afterAll(() => server.close());

  it('lists every operator route the app has, and no route it lacks', () => {
    const actual = routeTableOf(server)
      .filter((route) => OPS_PREFIXES.some((prefix) => route.path === prefix || route.path.startsWith(`${prefix}/`)))
      .map(routeKey)
      .sort();
    const listed = opsRouteCases(customerEmail)
      .map((c) => c.route)
      .sort();
    expect(listed, 'tests/support/ops-route-list.ts against the app').toEqual(actual);
  });

  it('answers 403 below the role a call needs, and never 403 at or above it', async () => {
    const wrong: string[] = [];
    for (const entry of opsRouteCases(customerEmail)) {
      const method = entry.route.split(' ')[0]!;
      for (const principal of PRINCIPALS) {
        const response = await fetch(`${server.url}${entry.path}`, {
          method,
          headers: {
            authorization: `Bearer ${tokens.get(principal)}`,
            ...(entry.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(entry.body === undefined ? {} : { body: JSON.stringify(entry.body) }),
        });
        const allowed = roleAllows(principal, entry.needs as OperatorRole);
        const refused = response.status === 403;
        if (allowed === refused || response.status >= 500) {
          wrong.push(
            `${principal} ${entry.route} (needs ${entry.needs}) -> ${response.status} ${await response.text()}`,
          );
        } else if (entry.stream) await response.body?.cancel();
        else await response.arrayBuffer();
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a call without a token is refused before any role is looked at', async () => {
    for (const entry of opsRouteCases(customerEmail)) {
      const response = await fetch(`${server.url}${entry.path}`, { method: entry.route.split(' ')[0]! });
      expect([401, 403], entry.route).toContain(response.status);
    }
  });
});
