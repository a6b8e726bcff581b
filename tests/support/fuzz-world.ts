import { v7 as uuidv7 } from 'uuid';
import { hashPassword } from '../../sync-server/accounts/password.ts';
import { ownerReadModels } from '../../sync-server/features/registered.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { pullSources } from '../../sync-server/sync/read-sources.ts';
import { pendingCommand } from './protocol-client.ts';
import { learnInputs, type LearnedInput } from './fuzz-learn.ts';
import { routeTableOf, type RouteEntry } from './route-table.ts';
import { snapshot } from './wishlist.ts';

/**
 * The principals the fuzz suite and the cross-owner matrix act as and act against, each with data of its own: a
 * cart line, a saved product and settled commands. Requests name them by placeholders (`@@otherUser.owner@@`),
 * resolved when a request is sent, so a generated case prints and replays by its seed whatever ids a run made.
 */
export const PARTY_NAMES = ['user', 'otherUser', 'guest', 'otherGuest', 'operator', 'subject'] as const;
export type PartyName = (typeof PARTY_NAMES)[number];
/** Who a request is sent as: a party's token, or none. */
export type ActorName = PartyName | 'none';

export interface Party {
  name: PartyName;
  kind: 'user' | 'guest';
  owner: string;
  token: string;
  clientId: string;
  commandIds: string[];
  email?: string;
  /** Never sent by a probe: a response that holds it revealed this party's data. */
  lastname?: string;
  /** The name of the product its wishlist holds, never sent by a probe either. */
  secret: string;
}

export interface FuzzWorld {
  server: RunningServer;
  baseUrl: string;
  db: Database;
  routes: RouteEntry[];
  parties: Record<PartyName, Party>;
  /** Every collection the sync routes serve (`:collection`), from the kernel's registry. */
  collections: string[];
  /** The collections that take pushes. */
  pushable: string[];
  /** What each route reads, learned from its 400s (fuzz-learn.ts), by route key. */
  learned: Map<string, LearnedInput>;
  /** Skus of the demo catalogue the cart and wishlist accept. */
  skus: string[];
}

export const PASSWORD = 'correct horse battery';
/** The sku every party's cart and wishlist hold. */
const SEED_SKU = 'APP3';

const json = async (res: Response): Promise<{ status: number; body: Record<string, unknown> }> => ({
  status: res.status,
  body: (await res.json()) as Record<string, unknown>,
});

const post = (baseUrl: string, path: string, body: unknown, token?: string) =>
  fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  }).then(json);

/** A letter word unique to this run, for names the account rules accept (letters only). */
const uniqueWord = (): string => {
  const letters = 'абвгдежзиклмнопрстуфхцчшщ';
  let n = Date.now() * 1000 + Math.floor(Math.random() * 1000);
  let word = '';
  while (n > 0) {
    word += letters[n % letters.length];
    n = Math.floor(n / letters.length);
  }
  return `Тайн${word}`;
};

export const logIn = async (baseUrl: string, email: string): Promise<string> => {
  const login = await post(baseUrl, '/api/user/login', { username: email, password: PASSWORD });
  if (login.status !== 200) throw new Error(`login of ${email}: ${login.status} ${JSON.stringify(login.body)}`);
  return login.body.result as string;
};

const newUser = async (baseUrl: string, name: PartyName) => {
  const email = `fuzz-${name.toLowerCase()}-${uuidv7().slice(-12)}@example.bg`;
  const lastname = uniqueWord();
  const created = await post(baseUrl, '/api/user/create', {
    customer: { email, firstname: 'Петя', lastname },
    password: PASSWORD,
  });
  if (created.status !== 200) throw new Error(`register ${name}: ${created.status} ${JSON.stringify(created.body)}`);
  const result = created.body.result as { id: string };
  return { owner: result.id, email, lastname, token: await logIn(baseUrl, email) };
};

const newGuest = async (baseUrl: string) => {
  const created = await post(baseUrl, '/api/cart/create', {});
  if (created.status !== 200) throw new Error(`guest: ${created.status} ${JSON.stringify(created.body)}`);
  return { owner: (created.body.meta as { cartId: string }).cartId, token: created.body.result as string };
};

/** Pushes the party's seed commands and waits until they are settled. */
const seedData = async (baseUrl: string, party: Omit<Party, 'commandIds'>): Promise<string[]> => {
  const at = { owner: party.owner, clientId: party.clientId };
  const docs = [
    pendingCommand({ ...at, seq: 1 }, 'cart.addItem', { sku: SEED_SKU, qty: 2 }),
    pendingCommand({ ...at, seq: 2 }, 'wishlist.add', { sku: SEED_SKU, product: snapshot(SEED_SKU, party.secret) }),
  ];
  const pushed = await post(
    baseUrl,
    '/sync/commands/push',
    { rows: docs.map((d) => ({ newDocumentState: d })) },
    party.token,
  );
  if (pushed.status !== 200) throw new Error(`seed ${party.name}: ${pushed.status} ${JSON.stringify(pushed.body)}`);
  const ids = docs.map((d) => d.id);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await fetch(`${baseUrl}/sync/outcomes/pull?after=0&limit=100`, {
      headers: { authorization: `Bearer ${party.token}` },
    });
    const { documents } = (await res.json()) as { documents: { id: string }[] };
    if (ids.every((id) => documents.some((d) => d.id === id))) return ids;
    if (Date.now() > deadline) throw new Error(`seed commands of ${party.name} not settled`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

/** The parties, each registered (users) or given a cart (guests), with data; the operator made one in the store. */
export const makeWorld = async (server: RunningServer): Promise<FuzzWorld> => {
  const baseUrl = server.url;
  const parties = {} as Record<PartyName, Party>;
  for (const name of PARTY_NAMES) {
    const kind = name === 'guest' || name === 'otherGuest' ? 'guest' : 'user';
    const made = kind === 'guest' ? await newGuest(baseUrl) : await newUser(baseUrl, name);
    const party = { name, kind, clientId: `client-${uuidv7()}`, secret: uniqueWord(), ...made } as const;
    parties[name] = { ...party, commandIds: await seedData(baseUrl, party) };
  }
  await server.db.query(`UPDATE users SET role = 'admin' WHERE owner = $1`, [parties.operator.owner]);
  // The learner: a user and operator of its own, so what learning writes is no party's data.
  const learner = await newUser(baseUrl, 'learner' as PartyName);
  await server.db.query(`UPDATE users SET role = 'admin' WHERE owner = $1`, [learner.owner]);
  const routes = routeTableOf(server);
  const learned = await learnInputs(
    baseUrl,
    routes,
    (route) =>
      route.templates[0]?.replace(/:(\w+)/g, (_whole, name: string) => (name === 'collection' ? 'commands' : 'x')),
    learner.token,
  );
  return {
    server,
    baseUrl,
    db: server.db,
    routes,
    learned,
    parties,
    collections: Object.keys(pullSources),
    pushable: Object.keys(pullSources).filter((name) => pullSources[name]!.pushable),
    skus: [SEED_SKU, 'IP17-256-BLK', 'IP17PM-512-ORG', 'AW11-46-ALU'],
  };
};

/** The placeholders a request may hold, for `actor` (`self.*` is the actor's own). */
export const refsOf = (world: FuzzWorld, actor: ActorName): Record<string, string> => {
  const refs: Record<string, string> = {};
  for (const party of Object.values(world.parties)) {
    refs[`${party.name}.owner`] = party.owner;
    refs[`${party.name}.clientId`] = party.clientId;
    refs[`${party.name}.command`] = party.commandIds[0]!;
    refs[`${party.name}.command2`] = party.commandIds[1]!;
    refs[`${party.name}.email`] = party.email ?? party.owner;
  }
  const self = actor === 'none' ? undefined : world.parties[actor];
  refs['self.owner'] = self?.owner ?? '';
  refs['self.clientId'] = self?.clientId ?? '';
  refs['self.token'] = self?.token ?? '';
  return refs;
};

export const PLACEHOLDER = /@@([\w.]+)@@/g;

export const resolvePlaceholders = (text: string, refs: Record<string, string>): string =>
  text.replace(PLACEHOLDER, (whole, name: string) => refs[name] ?? whole);

/**
 * What each party has that others can see change: its commands (id, status, serverSeq), each of its read models
 * (document and serverSeq), its account row, its live tokens and its clients' executed seqs. One statement for all.
 */
export const fingerprints = async (world: FuzzWorld): Promise<Record<PartyName, string>> => {
  const parties = Object.values(world.parties);
  const owners = parties.map((p) => p.owner);
  const clients = parties.map((p) => p.clientId);
  const models = ownerReadModels
    .map(
      (m, i) => `(SELECT json_build_array(server_seq, doc)::text FROM ${m.table} r WHERE r.owner = o.owner) AS m${i}`,
    )
    .join(', ');
  const rows = await world.db.query<Record<string, unknown> & { owner: string }>(
    `SELECT o.owner,
       (SELECT json_agg(json_build_array(c.id, c.status, c.server_seq) ORDER BY c.server_seq)::text
          FROM commands c WHERE c.owner = o.owner) AS commands,
       ${models},
       (SELECT json_build_array(u.email, u.firstname, u.lastname, u.group_id, u.role, u.newsletter, u.shipping,
          u.invoice, u.notification_token, u.password_hash, u.egn, u.phone)::text FROM users u WHERE u.owner = o.owner)
          AS account,
       (SELECT count(*)::int FROM auth_tokens t WHERE t.owner = o.owner) AS tokens,
       (SELECT json_agg(json_build_array(s.client_id, s.principal, s.last_seq) ORDER BY s.client_id)::text
          FROM sync_clients s WHERE s.principal = o.owner OR s.client_id = ANY($2::text[])) AS clients
     FROM unnest($1::text[]) AS o(owner)`,
    [owners, clients],
  );
  const byOwner = new Map(rows.map((row) => [row.owner, row]));
  const out = {} as Record<PartyName, string>;
  for (const party of parties) {
    const row = { ...byOwner.get(party.owner) };
    // Clients are keyed by id: keep only this party's own, so another party's new client does not count here.
    row.clients = JSON.stringify(
      (JSON.parse((row.clients as string | null) ?? '[]') as [string, string, number][]).filter(
        ([clientId, principal]) => clientId === party.clientId || principal === party.owner,
      ),
    );
    out[party.name] = JSON.stringify(row);
  }
  return out;
};

/** What a party itself pulls: every collection, its account and its cart, by API with its own token. */
export const apiSnapshot = async (world: FuzzWorld, party: Party): Promise<Record<string, unknown>> => {
  const get = async (path: string) => {
    const res = await fetch(`${world.baseUrl}${path}`, { headers: { authorization: `Bearer ${party.token}` } });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  const snapshot: Record<string, unknown> = {};
  for (const collection of world.collections) {
    snapshot[collection] = await get(`/sync/${collection}/pull?after=0&limit=1000`);
  }
  snapshot.cart = await get('/api/cart/pull');
  if (party.kind === 'user') snapshot.me = await get('/api/user/me');
  return snapshot;
};

/**
 * The actor's token still works: a probe may have logged it out, or changed its own e-mail or password (the
 * learned input of those calls is sound). Then it logs in again, with its password put back in the store.
 */
export const keepLoggedIn = async (world: FuzzWorld, name: ActorName): Promise<void> => {
  if (name === 'none') return;
  const party = world.parties[name];
  const res = await fetch(`${world.baseUrl}/sync/outcomes/pull?after=0&limit=1`, {
    headers: { authorization: `Bearer ${party.token}` },
  });
  await res.arrayBuffer();
  if (res.status !== 401) return;
  if (party.kind === 'guest') throw new Error(`the ${name}'s guest token stopped working`);
  const [row] = await world.db.query<{ email: string }>('SELECT email FROM users WHERE owner = $1', [party.owner]);
  await world.db.query('UPDATE users SET password_hash = $2 WHERE owner = $1', [
    party.owner,
    await hashPassword(PASSWORD),
  ]);
  party.email = row!.email;
  party.token = await logIn(world.baseUrl, party.email);
};
