import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import type { CommandDocument, CommandType, PayloadInputOf } from '../../schema/index.ts';
import { lastingNoticeOf } from '../../client/notices/lasting-notice-of.ts';
import type { Device } from '../support/node-client.ts';
import { pendingCommand } from '../support/protocol-client.ts';
import { serverWithDevices } from '../support/server-with-devices.ts';
import { storeKind } from '../support/test-server.ts';
import { registerLoggedInUser, TEST_PASSWORD } from '../support/users.ts';
import { waitFor } from '../support/wait.ts';

/**
 * Issue 16: nothing the server decides is lost on its way to the shopper. A refusal decided while none of the
 * user's devices is open is shown when one opens, on each of them, until acknowledged on one; with the real client
 * sync core on each device (RxDB on fake-indexeddb).
 */
describe(`lasting notices on every device (${storeKind})`, () => {
  const test = serverWithDevices();

  /** Another device of the user speaking the raw protocol: it pushes and goes away, no store of its own. */
  const rawDevice = (owner: string, token: string) => {
    const clientId = `client-${uuidv7()}`;
    let seq = 0;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    return {
      async push<T extends CommandType>(type: T, payload: PayloadInputOf<T>): Promise<CommandDocument> {
        const command = pendingCommand({ owner, clientId, seq: ++seq }, type, payload);
        const response = await fetch(`${test.server.url}/sync/commands/push`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ rows: [{ newDocumentState: command }] }),
        });
        expect(response.status).toBe(200);
        return command;
      },
      async pushStatus(body: unknown) {
        const response = await fetch(`${test.server.url}/sync/commands/push`, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
        });
        return { status: response.status, body: await response.text() };
      },
      async outcomes(): Promise<CommandDocument[]> {
        const answer = await fetch(`${test.server.url}/sync/outcomes/pull?after=0&limit=1000`, { headers });
        return ((await answer.json()) as { documents: CommandDocument[] }).documents;
      },
      async settled(id: string): Promise<CommandDocument> {
        for (let i = 0; i < 500; i++) {
          const answer = await fetch(`${test.server.url}/sync/outcomes/pull?after=0&limit=1000`, { headers });
          const { documents } = (await answer.json()) as { documents: CommandDocument[] };
          const found = documents.find((d) => d.id === id);
          if (found) return found;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        throw new Error(`${id} not settled`);
      },
    };
  };

  const loggedIn = async (d: Device, email: string) => {
    expect(await d.client.account.login(email, TEST_PASSWORD)).toMatchObject({ ok: true });
    return (await waitFor(d.client.account.user$, (u) => u?.email === email, `${email} on ${d.name}`))!;
  };
  const showsNotices = (d: Device, ids: string[]) =>
    waitFor(
      d.client.unacknowledged$,
      (list) => {
        const shown = list.filter((n) => lastingNoticeOf(n.message)).map((n) => n.id);
        return shown.length === ids.length && ids.every((id) => shown.includes(id));
      },
      `${d.name} shows ${ids.length} lasting notices`,
    );

  it('a refusal decided while no device is open is shown when one opens, on each, until one acknowledges it', async () => {
    const { owner, email, token } = await registerLoggedInUser(test.server.url, 'notices');
    const gone = rawDevice(owner, token);
    const refused = await gone.push('cart.addItem', { sku: 'NO-SUCH-SKU', qty: 1 });
    const added = await gone.push('cart.addItem', { sku: 'APP3', qty: 1 });
    expect(await gone.settled(refused.id)).toMatchObject({ status: 'rejected', resultCode: 'product_not_found' });
    expect(await gone.settled(added.id)).toMatchObject({ status: 'succeeded' });

    const [phone, laptop] = [await test.openDevice(), await test.openDevice()];
    await loggedIn(phone, email);
    await loggedIn(laptop, email);
    // Only the refusal is a lasting notice, in the words of its toast.
    const onPhone = (await showsNotices(phone, [refused.id])).find((n) => n.id === refused.id);
    expect(lastingNoticeOf(onPhone!.message)).toEqual({ key: 'refusal.product_not_found' });
    await showsNotices(laptop, [refused.id]);

    await phone.client.dispatch('notices.acknowledge', {
      notices: [{ id: refused.id, createdAt: refused.createdAt }],
    });
    // Gone at once on the device that acknowledged it, then on the other through the server.
    await showsNotices(phone, []);
    await showsNotices(laptop, []);
    // The acknowledgement is an outcome like any other, kept on the server for the user's next device.
    const acknowledgements = (await gone.outcomes()).filter((o) => o.type === 'notices.acknowledge');
    expect(acknowledgements).toMatchObject([{ status: 'succeeded', payload: { notices: [{ id: refused.id }] } }]);
  });

  it('a refusal arriving while a device is offline is shown when it comes back', async () => {
    const { owner, email, token } = await registerLoggedInUser(test.server.url, 'notices-offline');
    const phone = await test.openDevice();
    await loggedIn(phone, email);
    phone.network.setOnline(false);
    const other = rawDevice(owner, token);
    const refused = await other.push('cart.addItem', { sku: 'NO-SUCH-SKU-EITHER', qty: 1 });
    expect(await other.settled(refused.id)).toMatchObject({ status: 'rejected' });
    phone.network.setOnline(true);
    await showsNotices(phone, [refused.id]);
  });

  it('an acknowledgement that names no command is refused at the push, naming the field, and nothing is stored', async () => {
    const { owner, token } = await registerLoggedInUser(test.server.url, 'notices-bad');
    const device = rawDevice(owner, token);
    const bad = pendingCommand({ owner, clientId: `client-${uuidv7()}`, seq: 1 }, 'notices.acknowledge', {
      notices: [{ id: 'not-a-command', createdAt: Date.now() }],
    });
    const answer = await device.pushStatus({ rows: [{ newDocumentState: bad }] });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('payload.notices.0.id');
    expect(await device.outcomes()).toEqual([]);
  });
});
