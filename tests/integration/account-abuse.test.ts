import { inspect } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useMailTransport, type DeliveredMail } from '../../sync-server/accounts/mail-transport.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { createGuest, pendingCommand } from '../support/protocol-client.ts';
import { postJson, type JsonAnswer } from '../support/post-json.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';

/**
 * Issue 15, the account defects: limits on logins (per account with a backoff lockout, and per address), on reset
 * mails, sign-ups and guests, shared through the store; the refresh grace; the guest token retired at login; the
 * reset secret kept as a hash; sign-up not telling who has an account; database errors without their values.
 * The server runs with the configuration's real limits.
 */
let server: RunningServer;
const PASSWORD = 'correct horse battery';

const post = (path: string, body: unknown, token?: string) => postJson(server.url, path, body, token);

const postWithHeaders = async (path: string, body: unknown, token?: string) => {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as JsonAnswer['body'],
  };
};

let users = 0;
const register = async (email = `abuse${++users}-${Date.now()}@example.bg`) => {
  const created = await post('/api/user/create', {
    customer: { email, firstname: 'Мария', lastname: 'Петрова' },
    password: PASSWORD,
  });
  expect(created.status).toBe(200);
  return { email, owner: created.body.result.id as string };
};

const login = (username: string, password: string, bearer?: string) =>
  postWithHeaders('/api/user/login', { username, password }, bearer);

/** Every limit counts from 127.0.0.1 here: each test starts with the shared table empty. */
const forgetLimits = () => server.db.query('DELETE FROM rate_limits');

/** Moves a key's lockout and window into the past, as if the time had passed. */
const timePasses = () =>
  server.db.query(
    `UPDATE rate_limits SET blocked_until = blocked_until - interval '1 day', window_start = window_start - interval '1 hour'`,
  );

beforeAll(async () => {
  server = await startTestServer(undefined, 'on', undefined, { limits: 'real' });
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  await forgetLimits();
});

describe(`login limits (${storeKind})`, () => {
  it('locks an account after 5 wrong passwords, for 30 s doubling, even for the right one; success resets', async () => {
    const { email } = await register();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await login(email, `wrong ${i}`));
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);

    const locked = await login(email, PASSWORD);
    expect(locked.status).toBe(429);
    expect(Number(locked.retryAfter)).toBeGreaterThan(20);
    expect(Number(locked.retryAfter)).toBeLessThanOrEqual(30);
    expect(locked.body).toMatchObject({ code: 429, result: { field: 'username' } });

    // The lock ends; one more wrong password locks again for twice as long.
    await timePasses();
    expect((await login(email, 'wrong again')).status).toBe(401);
    const longer = await login(email, PASSWORD);
    expect(longer.status).toBe(429);
    expect(Number(longer.retryAfter)).toBeGreaterThan(45);
    expect(Number(longer.retryAfter)).toBeLessThanOrEqual(60);

    await timePasses();
    expect((await login(email, PASSWORD)).status).toBe(200);
    // The success forgot the failures: four wrong ones are free again.
    for (let i = 0; i < 4; i++) expect((await login(email, `wrong ${i}`)).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it('an unknown e-mail is limited alike, so the lock tells nothing', async () => {
    for (let i = 0; i < 5; i++) expect((await login('nobody-here@example.bg', `wrong ${i}`)).status).toBe(401);
    expect((await login('nobody-here@example.bg', 'wrong')).status).toBe(429);
  });

  it('counts the same account on two instances through the store', async () => {
    const { email } = await register();
    const second = await startTestServer(server.db, 'off', undefined, { limits: 'real' });
    try {
      for (let i = 0; i < 5; i++) {
        const url = i % 2 === 0 ? server.url : second.url;
        expect((await postJson(url, '/api/user/login', { username: email, password: 'wrong' })).status).toBe(401);
      }
      expect((await postJson(second.url, '/api/user/login', { username: email, password: PASSWORD })).status).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('allows 50 login attempts from one address per 10 minutes, over any accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) statuses.push((await login(`someone${i}@example.bg`, 'wrong')).status);
    expect(statuses.filter((s) => s === 401).length).toBe(50);
    const refused = await login('someone-else@example.bg', 'wrong');
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(500);

    // The figures the issue asks for, as measured: attempts allowed in one minute.
    await forgetLimits();
    const { email } = await register();
    let perAccount = 0;
    while ((await login(email, 'wrong')).status === 401) perAccount += 1;
    await timePasses();
    perAccount += (await login(email, 'wrong')).status === 401 ? 1 : 0; // the lock of 30 s ends within the minute
    console.log(
      `[limits] login attempts allowed per minute: per account ${perAccount} (then 1 per 60, 120, ... 900 s), ` +
        `per address 50 (50 per 10 minutes)`,
    );
    expect(perAccount).toBe(6);
  });
});

describe(`limits of mail, sign-up and guests (${storeKind})`, () => {
  it('sends at most 3 reset mails an hour to one address, and answers 429 alike for an unknown address', async () => {
    const { email } = await register();
    const before = await server.db.query('SELECT id FROM mail_outbox');
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await postWithHeaders('/api/user/reset-password', { email })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await server.db.query('SELECT id FROM mail_outbox')).length - before.length).toBe(3);
    const unknown = [];
    for (let i = 0; i < 4; i++) {
      unknown.push((await postWithHeaders('/api/user/reset-password', { email: 'no-one@example.bg' })).status);
    }
    expect(unknown).toEqual([200, 200, 200, 429]);
  });

  it('takes at most 10 reset requests an hour from one address', async () => {
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await postWithHeaders('/api/user/reset-password', { email: `x${i}@example.bg` })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    const last = await postWithHeaders('/api/user/reset-password', { email: 'y@example.bg' });
    expect(last.status).toBe(429);
    expect(Number(last.retryAfter)).toBeGreaterThan(3000);
  });

  it('takes at most 10 sign-ups an hour from one address', async () => {
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (
          await postWithHeaders('/api/user/create', {
            customer: { email: `signup${i}-${Date.now()}@example.bg`, firstname: 'Иван', lastname: 'Иванов' },
            password: PASSWORD,
          })
        ).status,
      );
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
  });

  it('creates at most 100 guests per 10 minutes from one address', async () => {
    const statuses = [];
    for (let i = 0; i < 101; i++) statuses.push((await postWithHeaders('/api/cart/create', {})).status);
    expect(statuses.filter((s) => s === 200).length).toBe(100);
    const refused = await postWithHeaders('/api/cart/create', {});
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(refused.body.code).toBe(429);
  });
});

describe(`refresh grace (${storeKind})`, () => {
  const session = async () => {
    const { email } = await register();
    const answer = await login(email, PASSWORD);
    expect(answer.status).toBe(200);
    return { token: answer.body.result as string, refresh: answer.body.meta.refreshToken as string };
  };
  const me = async (token: string) =>
    (await fetch(`${server.url}/api/user/me`, { headers: { authorization: `Bearer ${token}` } })).status;

  it('two refreshes of one token at once both succeed with the same new pair', async () => {
    const { refresh } = await session();
    const [a, b] = await Promise.all([
      post('/api/user/refresh', { refreshToken: refresh }),
      post('/api/user/refresh', { refreshToken: refresh }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.result).toBe(a.body.result);
    expect(b.body.meta.refreshToken).toBe(a.body.meta.refreshToken);
    expect(b.body.meta.expiresAt).toBe(a.body.meta.expiresAt);
    expect(await me(a.body.result)).toBe(200);
    // A retry a moment later (the answer was lost) gets the same pair too, and the session goes on.
    const retry = await post('/api/user/refresh', { refreshToken: refresh });
    expect(retry.body.meta.refreshToken).toBe(a.body.meta.refreshToken);
    const next = await post('/api/user/refresh', { refreshToken: a.body.meta.refreshToken });
    expect(next.status).toBe(200);
    expect(await me(next.body.result)).toBe(200);
  });

  it('a reuse after the grace window ends the whole session', async () => {
    const { refresh } = await session();
    const first = await post('/api/user/refresh', { refreshToken: refresh });
    expect(first.status).toBe(200);
    await server.db.query(
      `UPDATE refresh_tokens SET used_at = used_at - interval '31 seconds' WHERE used_at IS NOT NULL`,
    );
    const stolen = await post('/api/user/refresh', { refreshToken: refresh });
    expect(stolen.status).toBe(401);
    expect(await me(first.body.result)).toBe(401);
    expect((await post('/api/user/refresh', { refreshToken: first.body.meta.refreshToken })).status).toBe(401);
  });

  it('a reuse after the new token was used ends the whole session, even within the window', async () => {
    const { refresh } = await session();
    const first = await post('/api/user/refresh', { refreshToken: refresh });
    const second = await post('/api/user/refresh', { refreshToken: first.body.meta.refreshToken });
    expect(second.status).toBe(200);
    expect((await post('/api/user/refresh', { refreshToken: refresh })).status).toBe(401);
    expect(await me(second.body.result)).toBe(401);
  });
});

describe(`the guest token's life at login (${storeKind})`, () => {
  const cartLines = async (token: string) => {
    const res = await fetch(`${server.url}/sync/carts/pull?after=0&limit=100`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { documents: { items: { sku: string; qty: number }[] }[] };
    return (body.documents.at(-1)?.items ?? []).map(({ sku, qty }) => ({ sku, qty }));
  };

  it('the guest token sent at login authenticates nothing afterwards, from a known device or a new one', async () => {
    const { email } = await register();
    const phone = await createGuest(server.url);
    const add = phone.command('cart.addItem', { sku: 'APP3', qty: 1 });
    await phone.push([add]);
    await phone.settled([add.id]);
    const loggedIn = await login(email, PASSWORD, phone.token);
    expect(loggedIn.status).toBe(200);
    const userToken = loggedIn.body.result as string;

    // The steps: clear, then add 7 with the old guest token and a device id used before the login.
    const clear = pendingCommand({ owner: phone.owner, clientId: phone.clientId, seq: 2 }, 'cart.clear', {});
    expect((await phone.pushRaw({ rows: [{ newDocumentState: clear }] })).status).toBe(401);
    const seven = pendingCommand({ owner: phone.owner, clientId: phone.clientId, seq: 3 }, 'cart.addItem', {
      sku: 'APP3',
      qty: 7,
    });
    expect((await phone.pushRaw({ rows: [{ newDocumentState: seven }] })).status).toBe(401);
    // A device never seen before the login.
    const fresh = pendingCommand({ owner: phone.owner, clientId: 'never-seen', seq: 1 }, 'cart.addItem', {
      sku: 'APP3',
      qty: 7,
    });
    expect((await phone.pushRaw({ rows: [{ newDocumentState: fresh }] })).status).toBe(401);
    // Nor does it read, nor log in a second time as that guest.
    const pull = await fetch(`${server.url}/sync/carts/pull?after=0&limit=10`, {
      headers: { authorization: `Bearer ${phone.token}` },
    });
    expect(pull.status).toBe(401);
    expect(await cartLines(userToken)).toEqual([{ sku: 'APP3', qty: 1 }]);

    // After a logout and a password change it stays dead; the user's own device goes on.
    expect((await post('/api/user/logout', {}, userToken)).status).toBe(200);
    expect((await phone.pushRaw({ rows: [{ newDocumentState: seven }] })).status).toBe(401);
    const again = await login(email, PASSWORD);
    expect(await cartLines(again.body.result as string)).toEqual([{ sku: 'APP3', qty: 1 }]);
  });

  it('a guest token not sent at any login stays a guest', async () => {
    const guest = await createGuest(server.url);
    const add = guest.command('cart.addItem', { sku: 'APP3', qty: 2 });
    await guest.push([add]);
    await guest.settled([add.id]);
    expect(await cartLines(guest.token)).toEqual([{ sku: 'APP3', qty: 2 }]);
  });
});

describe(`what the store keeps and tells (${storeKind})`, () => {
  it('keeps the reset secret only as a hash: the outbox row has no secret, the mailer gets it once', async () => {
    const { email } = await register();
    const sent: DeliveredMail[] = [];
    const restore = useMailTransport((mail) => void sent.push(mail));
    expect((await post('/api/user/reset-password', { email })).status).toBe(200);
    restore();
    expect(sent.length).toBe(1);
    const secret = /token=([A-Za-z0-9_-]+)/.exec(sent[0]!.body)![1]!;
    const [row] = await server.db.query<{ body: string; secret_hash: string | null }>(
      'SELECT body, secret_hash FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
      [email],
    );
    const [reset] = await server.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM password_resets ORDER BY created_at DESC LIMIT 1',
    );
    expect(row!.body).not.toMatch(/token=[A-Za-z0-9_-]{20,}/);
    expect(row!.secret_hash).toBe(reset!.token_hash);
    expect(row!.body).not.toContain(secret);
    expect(
      (await post('/api/user/reset-password/confirm', { token: secret, newPassword: 'a brand new one' })).status,
    ).toBe(200);
  });

  it('a sign-up with a taken e-mail answers as for a new one and mails the owner instead', async () => {
    const { email } = await register();
    const fresh = await post('/api/user/create', {
      customer: { email: `new-${Date.now()}@example.bg`, firstname: 'Иван', lastname: 'Иванов' },
      password: PASSWORD,
    });
    const taken = await post('/api/user/create', {
      customer: { email: email.toUpperCase(), firstname: 'Иван', lastname: 'Иванов' },
      password: 'another password',
    });
    expect(taken.status).toBe(fresh.status);
    expect(Object.keys(taken.body.result).sort()).toEqual(Object.keys(fresh.body.result).sort());
    expect(taken.body.result.id).toMatch(/^user-/);
    const mails = await server.db.query<{ kind: string }>('SELECT kind FROM mail_outbox WHERE to_address = $1', [
      email,
    ]);
    expect(mails.map((m) => m.kind)).toContain('register-attempt');
    // The account is unchanged: the owner's password still works, the other one does not.
    expect((await login(email, 'another password')).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it('a database error carries no statement values (what the error handler would log)', async () => {
    const personal = 'Ябълка ООД 0543151230';
    const failures: unknown[] = [];
    await server.db.query('SELECT $1::int AS n', [personal]).catch((e: unknown) => failures.push(e));
    await server.db
      .transaction((tx) =>
        tx.query(
          `INSERT INTO users (owner, email, email_key, password_hash, firstname, lastname)
           SELECT 'user-x', $1, email_key, 'h', 'a', 'b' FROM users LIMIT 1`,
          [personal],
        ),
      )
      .catch((e: unknown) => failures.push(e));
    expect(failures.length).toBe(2);
    for (const failure of failures) {
      const logged = inspect(failure, { depth: 5 });
      expect(logged).not.toContain('0543151230');
      expect(logged).not.toContain('@example.bg');
      expect((failure as { code?: string }).code).toMatch(/^[0-9A-Z]{5}$/);
    }
  });
});
