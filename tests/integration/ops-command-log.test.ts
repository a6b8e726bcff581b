import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandDocument, CommandType, PayloadInputOf } from '../../schema/index.ts';
import type { CommandDetail, CommandLogPage, CommandTailEvent, ShopperView } from '../../schema/ops/command-log.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { ORDER_SKU, guestUnitPriceEur, setStock } from '../support/order-world.ts';
import { placePayload, validDetails } from '../support/orders.ts';
import { createGuest, pendingCommand } from '../support/protocol-client.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';
import { registerLoggedInUser } from '../support/users.ts';

/** A valid ЕГН (born 1 January 1970): it must never leave the server unmasked. */
const EGN = '7001010006';

/**
 * Issue 30: the command log as an operator reads it. Commands are pushed and pulled over the sync protocol by
 * devices that say who they are (x-client-id, x-app-version), as the app does; the operator reads /api/ops.
 */
describe(`the operator's command log (${storeKind})`, () => {
  let server: RunningServer;
  let viewer: string;
  let unit: number;

  beforeAll(async () => {
    server = await startTestServer();
    const user = await registerLoggedInUser(server.url, 'log-viewer');
    await server.db.query(`UPDATE users SET role = 'viewer' WHERE owner = $1`, [user.owner]);
    viewer = user.token;
    unit = await guestUnitPriceEur(server.url, ORDER_SKU);
  });
  afterAll(() => server.close());

  const get = async <T>(path: string, token = viewer): Promise<{ status: number; body: T }> => {
    const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: (await response.json()) as T };
  };
  const result = async <T>(path: string): Promise<T> => {
    const answer = await get<{ result: T }>(path);
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body.result;
  };
  /** Asks until `done` holds: what the server records about devices is written after each push and pull answers. */
  const eventually = async <T>(ask: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> => {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const value = await ask();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  /**
   * A device (browser profile) of an owner, speaking the sync protocol as the app does: one page load of its tab (a
   * client id of its own), saying its profile's `deviceId` when given.
   */
  const device = (token: string, owner: string, name: string, deviceId?: string) => {
    const clientId = `${name}-${uuidv7()}`;
    const headers = {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'x-client-id': clientId,
      'x-app-version': '1.4.0',
      ...(deviceId ? { 'x-device-id': deviceId } : {}),
    };
    let seq = 0;
    return {
      clientId,
      command<T extends CommandType>(type: T, payload: PayloadInputOf<T>): CommandDocument {
        seq += 1;
        return pendingCommand({ owner, clientId, seq }, type, payload);
      },
      async push(docs: CommandDocument[]) {
        const response = await fetch(`${server.url}/sync/commands/push`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ rows: docs.map((d) => ({ newDocumentState: d })) }),
        });
        expect(response.status).toBe(200);
        return (await response.json()) as { conflicts: CommandDocument[] };
      },
      async pullOutcomes(after = 0) {
        const response = await fetch(`${server.url}/sync/outcomes/pull?after=${after}&limit=1000`, { headers });
        expect(response.status).toBe(200);
        return (await response.json()) as { documents: CommandDocument[]; checkpoint: { serverSeq: number } };
      },
    };
  };

  const allPages = async (query: string, limit = 25): Promise<CommandLogPage['rows']> => {
    const rows: CommandLogPage['rows'] = [];
    let next: string | null = null;
    do {
      const cursor: string = next === null ? '' : `&cursor=${encodeURIComponent(next)}`;
      const page: CommandLogPage = await result<CommandLogPage>(`/api/ops/commands?${query}&limit=${limit}${cursor}`);
      rows.push(...page.rows);
      next = page.next;
    } while (next !== null);
    return rows;
  };

  it('one command in full: a repeat push absorbed, the outcome reaching both of the shopper’s devices, the ЕГН masked', async () => {
    await setStock(server.db, ORDER_SKU, 50);
    const shopper = await registerLoggedInUser(server.url, 'log-shopper');
    const phone = device(shopper.token, shopper.owner, 'phone');
    const laptop = device(shopper.token, shopper.owner, 'laptop');
    const payload = placePayload([{ sku: ORDER_SKU, qty: 1, unitPriceInclTaxEur: unit }], {
      details: { ...validDetails, personal: { ...validDetails.personal, egn: EGN } },
    });
    const place = phone.command('order.place', payload);

    await phone.push([place]);
    // The answer was lost on the way: the phone sends the same command again, and the server absorbs it.
    const again = await phone.push([place]);
    expect(again.conflicts.map((c) => c.id)).toEqual([place.id]);
    const outcome = (await phone.pullOutcomes()).documents.find((d) => d.id === place.id)!;
    expect(outcome.status).toBe('succeeded');
    await laptop.pullOutcomes();

    const detail = await eventually(
      () => result<CommandDetail>(`/api/ops/commands/${place.id}`),
      (d) => d.attempts.length === 2 && d.deliveries.length === 2,
      'two attempts and two deliveries',
    );
    expect(detail.command).toMatchObject({ id: place.id, status: 'succeeded', owner: shopper.owner });
    expect(detail.attempts.map((a) => [a.clientId, a.duplicate, a.appVersion])).toEqual([
      [phone.clientId, false, '1.4.0'],
      [phone.clientId, true, '1.4.0'],
    ]);
    expect((detail.command.payload.details as { personal: { egn: string } }).personal.egn).toBe('**********');
    expect(JSON.stringify(detail)).not.toContain(EGN);
    expect(detail.stateHistory.map((s) => s.state)).toEqual(['on-device', 'pending', 'succeeded']);

    const kinds = detail.timeline.map((e) => e.kind);
    expect(kinds.slice(0, 3)).toEqual(['created', 'pushed', 'received']);
    expect(kinds).toContain('executed');
    const delivered = detail.timeline.flatMap((e) => (e.kind === 'delivered' ? [e] : []));
    expect(delivered.map((d) => [d.clientId, d.origin, d.via]).sort()).toEqual(
      [
        [laptop.clientId, false, 'pull'],
        [phone.clientId, true, 'pull'],
      ].sort(),
    );
    expect(delivered.every((d) => d.lagMs >= 0)).toBe(true);

    // Found by its order number and by the shopper's e-mail.
    const orderNumber = outcome.result?.orderNumber as string;
    const byNumber = await result<CommandLogPage>(`/api/ops/commands?q=${orderNumber}`);
    expect(byNumber.rows.map((r) => r.id)).toEqual([place.id]);
    const byFilter = await result<CommandLogPage>(`/api/ops/commands?orderNumber=${orderNumber}`);
    expect(byFilter.rows.map((r) => r.id)).toEqual([place.id]);
    const byEmail = await result<CommandLogPage>(`/api/ops/commands?q=${encodeURIComponent(shopper.email)}`);
    expect(byEmail.rows.map((r) => r.id)).toContain(place.id);
    expect(new Set(byEmail.rows.map((r) => r.owner))).toEqual(new Set([shopper.owner]));

    // The shopper's page: both devices with their version and last pull, the order, and the log.
    const view = await result<ShopperView>(`/api/ops/shoppers/${encodeURIComponent(shopper.email)}`);
    expect(view.owner).toBe(shopper.owner);
    expect(view.devices.map((d) => d.clientId).sort()).toEqual([laptop.clientId, phone.clientId].sort());
    const phoneRow = view.devices.find((d) => d.clientId === phone.clientId)!;
    expect(phoneRow).toMatchObject({ appVersion: '1.4.0', waitingCount: 1 });
    expect(phoneRow.lastPushAt).not.toBeNull();
    expect(phoneRow.lastPullAt).not.toBeNull();
    expect(view.orders.map((o) => o.orderNumber)).toEqual([orderNumber]);
    expect(JSON.stringify(view)).not.toContain(EGN);
    expect(view.commands.rows.map((r) => r.id)).toContain(place.id);
  });

  it('an outcome that reaches a device on its live stream is recorded as delivered there, with its lag', async () => {
    const shopper = await registerLoggedInUser(server.url, 'log-streamer');
    const phone = device(shopper.token, shopper.owner, 'phone');
    const tabletId = `tablet-${uuidv7()}`;
    const controller = new AbortController();
    const stream = await fetch(`${server.url}/sync/stream`, {
      headers: { authorization: `Bearer ${shopper.token}`, 'x-client-id': tabletId, 'x-app-version': '1.5.0' },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes('event: resync')) text += (await reader.read()).value ?? '';

    const add = phone.command('cart.addItem', { sku: ORDER_SKU, qty: 1 });
    await phone.push([add]);
    while (!text.includes(add.id)) text += (await reader.read()).value ?? '';

    const detail = await eventually(
      () => result<CommandDetail>(`/api/ops/commands/${add.id}`),
      (d) => d.deliveries.some((x) => x.clientId === tabletId),
      'the delivery on the tablet’s stream',
    );
    controller.abort();
    const delivered = detail.timeline.find((e) => e.kind === 'delivered' && e.clientId === tabletId);
    expect(delivered).toMatchObject({ via: 'stream', origin: false });
    // The phone never pulled: it is listed as not yet holding the outcome.
    expect(detail.timeline.at(-1)).toMatchObject({ kind: 'not-delivered', clientId: phone.clientId });
    const tablet = detail.devices.find((d) => d.clientId === tabletId)!;
    expect(tablet.lastStreamAt).not.toBeNull();
    expect(tablet.deliveredSeq).toBeGreaterThanOrEqual(detail.command.serverSeq);
  });

  it('a phone whose tab was reloaded is one device: the outcome reached it, and its earlier page load does not wait', async () => {
    const shopper = await registerLoggedInUser(server.url, 'log-reloader');
    const [phoneId, laptopId] = [`phone-device-${uuidv7()}`, `laptop-device-${uuidv7()}`];
    const beforeReload = device(shopper.token, shopper.owner, 'phone', phoneId);
    const add = beforeReload.command('cart.addItem', { sku: ORDER_SKU, qty: 1 });
    await beforeReload.push([add]);
    // The phone's tab is reloaded before the answer came: the new page load has a client id of its own.
    const afterReload = device(shopper.token, shopper.owner, 'phone', phoneId);
    const laptop = device(shopper.token, shopper.owner, 'laptop', laptopId);
    expect((await afterReload.pullOutcomes()).documents.map((d) => d.id)).toContain(add.id);
    await laptop.pullOutcomes();

    const detail = await eventually(
      () => result<CommandDetail>(`/api/ops/commands/${add.id}`),
      (d) => d.deliveries.length === 2,
      'the deliveries to the phone’s new page load and the laptop',
    );
    expect(detail.devices.map((d) => d.deviceId).sort()).toEqual([laptopId, phoneId].sort());
    const phone = detail.devices.find((d) => d.deviceId === phoneId)!;
    expect(phone.clientIds.sort()).toEqual([afterReload.clientId, beforeReload.clientId].sort());
    expect(phone.clientId).toBe(afterReload.clientId);
    expect(phone.lastPushAt).not.toBeNull();
    expect(phone.lastPullAt).not.toBeNull();

    const created = detail.timeline.find((e) => e.kind === 'created');
    expect(created).toMatchObject({ clientId: beforeReload.clientId, device: phoneId });
    const delivered = detail.timeline.flatMap((e) => (e.kind === 'delivered' ? [e] : []));
    expect(delivered.map((d) => [d.device, d.clientId, d.origin]).sort()).toEqual(
      [
        [laptopId, laptop.clientId, false],
        [phoneId, afterReload.clientId, true],
      ].sort(),
    );
    expect(detail.timeline.filter((e) => e.kind === 'not-delivered')).toEqual([]);

    // The shopper's page lists the two devices, not three page loads.
    const view = await result<ShopperView>(`/api/ops/shoppers/${encodeURIComponent(shopper.email)}`);
    expect(view.devices.map((d) => d.deviceId).sort()).toEqual([laptopId, phoneId].sort());
  });

  it('filters by type, status, owner and time range, each page newest first', async () => {
    const before = Date.now() - 1;
    const guest = await createGuest(server.url);
    const add = guest.command('cart.addItem', { sku: ORDER_SKU, qty: 1 });
    const clear = guest.command('cart.clear', {});
    await guest.push([add, clear]);
    await guest.settled([add.id, clear.id]);
    const after = Date.now() + 1;

    const ofOwner = await result<CommandLogPage>(`/api/ops/commands?owner=${guest.owner}`);
    expect(ofOwner.rows.map((r) => r.id)).toEqual([clear.id, add.id]);
    const ofType = await result<CommandLogPage>(`/api/ops/commands?owner=${guest.owner}&type=cart.clear`);
    expect(ofType.rows.map((r) => r.id)).toEqual([clear.id]);
    const succeeded = await result<CommandLogPage>(`/api/ops/commands?owner=${guest.owner}&status=succeeded`);
    expect(succeeded.rows).toHaveLength(2);
    const failed = await result<CommandLogPage>(`/api/ops/commands?owner=${guest.owner}&status=failed`);
    expect(failed.rows).toEqual([]);
    const inRange = await result<CommandLogPage>(
      `/api/ops/commands?type=cart.clear&from=${before}&to=${new Date(after).toISOString()}`,
    );
    expect(inRange.rows.map((r) => r.id)).toEqual([clear.id]);
    const beforeRange = await result<CommandLogPage>(`/api/ops/commands?owner=${guest.owner}&to=${before}`);
    expect(beforeRange.rows).toEqual([]);
    const byId = await result<CommandLogPage>(`/api/ops/commands?q=${add.id}`);
    expect(byId.rows.map((r) => r.id)).toEqual([add.id]);
  });

  it('paging is gap-free and duplicate-free while commands are written and executed', async () => {
    const guests = await Promise.all([1, 2, 3, 4].map(() => createGuest(server.url)));
    const existing: string[] = [];
    for (const guest of guests) {
      const docs = Array.from({ length: 40 }, () => guest.command('cart.addItem', { sku: ORDER_SKU, qty: 1 }));
      await guest.push(docs);
      existing.push(...docs.map((d) => d.id));
    }
    // Commands waiting behind a gap: executed (their serverSeq moves) while the pager walks.
    const late = await createGuest(server.url);
    const first = late.command('cart.addItem', { sku: ORDER_SKU, qty: 1 });
    const behind = Array.from({ length: 20 }, () => late.command('cart.addItem', { sku: ORDER_SKU, qty: 1 }));
    await late.push(behind);
    existing.push(...behind.map((d) => d.id));

    const writer = (async () => {
      await late.push([first]);
      for (let round = 0; round < 10; round += 1) {
        await Promise.all(guests.map((g) => g.push([g.command('cart.addItem', { sku: ORDER_SKU, qty: 1 })])));
      }
    })();
    const seen = await allPages('type=cart.addItem', 15);
    await writer;

    const ids = seen.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const missing = existing.filter((id) => !ids.includes(id));
    expect(missing).toEqual([]);
    // Newest first throughout.
    for (let i = 1; i < seen.length; i += 1)
      expect(seen[i - 1]!.receivedAt).toBeGreaterThanOrEqual(seen[i]!.receivedAt);
  });

  it('exports any filtered list as CSV and NDJSON, row for row, across the export’s pages', async () => {
    const guest = await createGuest(server.url);
    await guest.push(Array.from({ length: 320 }, () => guest.command('cart.addItem', { sku: ORDER_SKU, qty: 1 })));
    const [counted] = await server.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM commands WHERE type = 'cart.addItem'`,
    );
    const count = counted!.count;
    expect(count).toBeGreaterThan(500); // more than one of the export's pages

    const csv = await fetch(`${server.url}/api/ops/commands.csv?type=cart.addItem`, {
      headers: { authorization: `Bearer ${viewer}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).split('\r\n').filter((line) => line !== '');
    expect(lines[0]).toBe('id,type,status,resultCode,owner,clientId,seq,createdAt,receivedAt,processedAt,serverSeq');
    expect(lines.length - 1).toBe(count);

    const ndjson = await fetch(`${server.url}/api/ops/commands?format=ndjson&type=cart.addItem`, {
      headers: { authorization: `Bearer ${viewer}` },
    });
    const rows = (await ndjson.text())
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { id: string; type: string });
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((r) => r.id)).size).toBe(count);
    expect(rows.every((r) => r.type === 'cart.addItem')).toBe(true);
  });

  it('the live tail sends each new command and its outcome', async () => {
    const guest = await createGuest(server.url);
    const controller = new AbortController();
    const response = await fetch(`${server.url}/api/ops/tail?owner=${guest.owner}`, {
      headers: { authorization: `Bearer ${viewer}` },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const ready = async () => {
      while (!text.includes('event: ready')) text += (await reader.read()).value ?? '';
    };
    await ready();
    const add = guest.command('cart.addItem', { sku: ORDER_SKU, qty: 1 });
    await guest.push([add]);
    const events = (): CommandTailEvent[] =>
      [...text.matchAll(/event: command\ndata: (.*)\n/g)].map((m) => JSON.parse(m[1]!) as CommandTailEvent);
    const deadline = Date.now() + 5_000;
    while (!events().some((e) => e.row.id === add.id && e.kind === 'settled') && Date.now() < deadline) {
      text += (await reader.read()).value ?? '';
    }
    controller.abort();
    const mine = events().filter((e) => e.row.id === add.id);
    expect(mine.at(-1)).toMatchObject({ kind: 'settled', row: { status: 'succeeded', owner: guest.owner } });
    expect(events().every((e) => e.row.owner === guest.owner)).toBe(true);
  });

  it('refuses malformed filters with a 400 naming the field', async () => {
    const status = await get<{ result: { field: string } }>('/api/ops/commands?status=nope');
    expect([status.status, status.body.result.field]).toEqual([400, 'status']);
    const cursor = await get<{ result: { field: string } }>('/api/ops/commands?cursor=garbage');
    expect([cursor.status, cursor.body.result.field]).toEqual([400, 'cursor']);
    const range = await get<{ result: { field: string } }>('/api/ops/commands?from=2026-12-02&to=2026-12-01');
    expect([range.status, range.body.result.field]).toEqual([400, 'from']);
    const id = await get<{ result: { field: string } }>('/api/ops/commands/not-a-command');
    expect([id.status, id.body.result.field]).toEqual([400, 'id']);
    expect((await get(`/api/ops/commands/${uuidv7()}`)).status).toBe(404);
    expect((await get('/api/ops/shoppers/nobody@example.bg')).status).toBe(404);
  });

  it('a shopper’s or a guest’s token gets 403 on every call of the log, and no token 401', async () => {
    const shopper = await registerLoggedInUser(server.url, 'log-nosy');
    const guest = await createGuest(server.url);
    const paths = [
      '/api/ops/commands',
      '/api/ops/commands?format=csv',
      '/api/ops/commands.csv',
      '/api/ops/commands.ndjson',
      `/api/ops/commands/${uuidv7()}`,
      `/api/ops/shoppers/${shopper.owner}`,
      `/api/ops/shoppers/${encodeURIComponent(shopper.email)}`,
      '/api/ops/tail',
    ];
    for (const path of paths) {
      expect([path, (await get(path, shopper.token)).status]).toEqual([path, 403]);
      expect([path, (await get(path, guest.token)).status]).toEqual([path, 403]);
      expect([path, (await fetch(`${server.url}${path}`)).status]).toEqual([path, 401]);
    }
  });
});
