import { describe, expect, it } from 'vitest';
import { postJson } from '../support/post-json.ts';
import { serverWithDevices } from '../support/server-with-devices.ts';
import { storeKind } from '../support/test-server.ts';
import { registerLoggedInUser } from '../support/users.ts';
import { waitFor } from '../support/wait.ts';

/**
 * Issue 18: an operator's approval reaches a device that is open, live: the review arrives in its replicated
 * catalogue (where the product page's offline reviews, rating and JSON-LD are read) without a reload.
 */
describe(`an approved review reaches open devices (${storeKind})`, () => {
  const test = serverWithDevices();

  it('a device with the store open gets the review in its catalogue once approved, not before', async () => {
    const device = await test.openDevice();
    const reviews$ = device.client.db.catalog.find({ selector: { kind: 'review' } }).$;
    // The device has the catalogue's approved reviews (the demo's), as a shopper's open page does.
    const before = await waitFor(reviews$, (docs) => docs.length > 0, 'the demo reviews on the device');
    const known = new Set(before.map((d) => d.key));

    const reviewer = await registerLoggedInUser(test.server.url, 'live-reviewer');
    const operator = await registerLoggedInUser(test.server.url, 'live-operator');
    await test.server.db.query(`UPDATE users SET role = 'admin' WHERE owner = $1`, [operator.owner]);
    const push = await postJson(
      test.server.url,
      '/sync/commands/push',
      {
        rows: [
          {
            newDocumentState: {
              id: '0190a1b2-0000-7000-8000-00000000f00d',
              type: 'review.create',
              payload: { sku: 'APP3', rating: 5, text: 'Звучи чудесно.', nickname: 'Ива' },
              owner: reviewer.owner,
              clientId: 'client-live-review',
              seq: 1,
              createdAt: Date.now(),
              status: 'pending',
              serverSeq: 0,
            },
          },
        ],
      },
      reviewer.token,
    );
    expect(push.status).toBe(200);
    const [pending] = await test.server.db.query<{ id: number }>('SELECT id FROM reviews WHERE owner = $1', [
      reviewer.owner,
    ]);
    expect(pending).toBeDefined();
    const key = `review:${pending!.id}`;
    // Pending, it is in no catalogue: the server does not serve it.
    const served = await fetch(`${test.server.url}/sync/catalog/pull?after=0&limit=1000`, {
      headers: { authorization: `Bearer ${reviewer.token}` },
    });
    const { documents } = (await served.json()) as { documents: { key: string }[] };
    expect(documents.length).toBeGreaterThan(0);
    expect(documents.map((d) => d.key)).not.toContain(key);
    expect(known.has(key)).toBe(false);

    const approved = await postJson(
      test.server.url,
      `/api/operator/reviews/${pending!.id}/approve`,
      {},
      operator.token,
    );
    expect(approved.status).toBe(200);
    const after = await waitFor(reviews$, (docs) => docs.some((d) => d.key === key), 'the approved review, live');
    expect(after.find((d) => d.key === key)?.toJSON().doc).toMatchObject({ review_status: 1, rating: 5 });
  });
});
