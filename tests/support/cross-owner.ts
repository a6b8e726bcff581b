import { v7 as uuidv7 } from 'uuid';
import {
  PARTY_NAMES,
  fingerprints,
  keepLoggedIn,
  type ActorName,
  type FuzzWorld,
  type Party,
  type PartyName,
} from './fuzz-world.ts';
import { encodeLoose, send, type RawRequest } from './fuzz-http.ts';
import { pendingCommand } from './protocol-client.ts';
import { routeKey, type RouteEntry } from './route-table.ts';
import { saving, snapshot } from './wishlist.ts';

/**
 * The cross-owner matrix (issue 15), generated from the route table. For every route that reads or writes an
 * owner's data, every ordered pair of principals among (user, other user, guest, operator, no token) — the actor
 * and the target — the actor sends the target's ids (owner, clientId, command ids, e-mail) in the path, the query,
 * the body, the headers and pushed documents, and opens the live stream with them. Routes that serve no owner's
 * data are crossed too, once (user against other user), to show they reveal none.
 *
 * A success is: the target's data changed (commands, read models, account, tokens, clients: fuzz-world.ts's
 * fingerprint, read after every batch of attempts), or a 2xx whose body holds a secret of the target that no probe
 * ever sends (its last name, the name of the product it saved), or, on the stream, the target's new command. Goal: 0.
 *
 * Which routes serve an owner's data, by rule: every route under OWNER_PREFIXES (sync, users, carts, operators),
 * and every other route that refuses a call without a token with 401 (it acts for someone).
 */
export const OWNER_PREFIXES = ['/sync', '/api/user', '/api/cart', '/api/operator', '/api/ops'];
/** The operators' calls: an operator reads and acts on others' data there by design (issue 30's roles). */
const OPERATOR_PREFIXES = ['/api/operator/', '/api/ops/'];
export const MATRIX_ACTORS = ['user', 'otherUser', 'guest', 'operator', 'none'] as const satisfies readonly ActorName[];
export const MATRIX_TARGETS = ['user', 'otherUser', 'guest', 'operator'] as const satisfies readonly PartyName[];
const ID_KINDS = ['owner', 'clientId', 'command', 'email'] as const;
type IdKind = (typeof ID_KINDS)[number];

export interface MatrixStats {
  routes: Set<string>;
  attempts: number;
  /** The operator's calls on users, by design allowed: sent, not counted. */
  privileged: number;
  successes: string[];
  histogram: Map<string, number>;
  /** Routes the matrix sent a request to. */
  exercised: Set<string>;
}

const idOf = (party: Party, kind: IdKind): string =>
  kind === 'owner'
    ? party.owner
    : kind === 'clientId'
      ? party.clientId
      : kind === 'command'
        ? party.commandIds[0]!
        : (party.email ?? party.owner);

/**
 * What no probe ever sends of a party (its last name, its saved product's name): ids are sent by the probes, and
 * a party's own data may hold another's id it sent itself (the fuzz suite pushes them), so an id in an answer
 * proves nothing; these do.
 */
const secretsOf = (party: Party): string[] => [party.secret, party.lastname].filter((s): s is string => !!s);

/** Each template's parameters filled: `:collection` with every collection, any other with `value`. */
const pathsFor = (world: FuzzWorld, route: RouteEntry, value: (param: string) => string): string[] => {
  const templates = route.templates.length > 0 ? route.templates : [];
  return templates.flatMap((template) => {
    let paths = [''];
    for (const part of template.split('/').slice(1)) {
      const param = /^:(\w+)$/.exec(part)?.[1];
      if (param === 'collection') {
        // A push goes to the collections that take pushes; every other call to every collection.
        const collections = /\/push$/.test(route.path) ? world.pushable : world.collections;
        paths = paths.flatMap((p) => collections.map((c) => `${p}/${c}`));
      } else paths = paths.map((p) => `${p}/${param ? value(param) : part}`);
    }
    return paths;
  });
};

const paramsOf = (route: RouteEntry): string[] =>
  [...new Set(route.templates.flatMap((t) => [...t.matchAll(/:(\w+)/g)].map((m) => m[1]!)))].filter(
    (p) => p !== 'collection',
  );

/** Keys under which a request may name whose data it means. */
const ID_KEYS = ['owner', 'clientId', 'id', 'user', 'userId', 'email', 'username', 'cartId', 'quote_id', 'commandId'];

/** The target's ids in every place of a request to `route`, as `actor`. */
const attemptsFor = (world: FuzzWorld, route: RouteEntry, actor: ActorName, target: Party): RawRequest[] => {
  const self = actor === 'none' ? undefined : world.parties[actor];
  const auth: Record<string, string> = self ? { authorization: `Bearer ${self.token}` } : {};
  const method = route.method === 'ALL' ? 'GET' : route.method;
  const json = { 'content-type': 'application/json' };
  const requests: RawRequest[] = [];
  const defaults = pathsFor(world, route, () => 'x');
  for (const kind of ID_KINDS) {
    const id = idOf(target, kind);
    // The path: each parameter (but the collection) holds the id.
    if (paramsOf(route).length > 0) {
      for (const path of pathsFor(world, route, () => encodeLoose(id))) {
        requests.push({ method, path, headers: { ...auth, ...json }, body: method === 'GET' ? undefined : '{}' });
      }
    }
    const query = ID_KEYS.map((k) => `${k}=${encodeLoose(id)}`).join('&');
    const body = JSON.stringify({
      ...Object.fromEntries(ID_KEYS.map((k) => [k, id])),
      customer: { email: id },
      rows: [],
    });
    for (const path of defaults) {
      // The query.
      requests.push({ method, path: `${path}?${query}&after=0&limit=1000`, headers: auth });
      // The body.
      if (method !== 'GET') requests.push({ method, path, headers: { ...auth, ...json }, body });
    }
  }
  // The headers, all ids at once: the owner as the token, ids as owner and client headers and as cookies.
  for (const path of defaults) {
    const ids = {
      'x-owner': target.owner,
      'x-client-id': target.clientId,
      'x-user-id': target.owner,
      'x-command-id': target.commandIds[0]!,
      cookie: `token=${encodeLoose(target.owner)}; owner=${encodeLoose(target.owner)}`,
    };
    const body = method === 'GET' ? {} : { body: '{}' };
    requests.push({ method, path, headers: { ...json, ...ids, authorization: `Bearer ${target.owner}` }, ...body });
    if (self) requests.push({ method, path, headers: { ...auth, ...json, ...ids }, ...body });
  }
  // Pushed documents that name the target: its owner, its client (at its next seq), its command ids.
  if (/\/push$/.test(route.path)) {
    const ownClient = `client-${uuidv7()}`;
    const docs = [
      pendingCommand({ owner: target.owner, clientId: ownClient, seq: 1 }, 'cart.clear', {}),
      pendingCommand({ owner: self?.owner ?? target.owner, clientId: target.clientId, seq: 3 }, 'cart.clear', {}),
      pendingCommand({ owner: target.owner, clientId: target.clientId, seq: 3 }, 'wishlist.remove', { sku: 'APP3' }),
      pendingCommand(
        { owner: self?.owner ?? target.owner, clientId: `client-${uuidv7()}`, seq: 1 },
        'cart.clear',
        {},
        {
          id: target.commandIds[0]!,
        },
      ),
      pendingCommand(
        { owner: target.owner, clientId: target.clientId, seq: 1 },
        'cart.addItem',
        { sku: 'APP3', qty: 1 },
        {
          id: target.commandIds[0]!,
        },
      ),
      pendingCommand({ owner: target.owner, clientId: target.clientId, seq: 2 }, 'wishlist.add', saving('APP3'), {
        id: target.commandIds[1]!,
      }),
    ];
    for (const path of defaults) {
      for (const doc of docs) {
        requests.push({
          method,
          path,
          headers: { ...auth, ...json },
          body: JSON.stringify({ rows: [{ newDocumentState: doc }] }),
        });
        requests.push({
          method,
          path,
          headers: { ...auth, ...json },
          body: JSON.stringify({ rows: [{ newDocumentState: { ...doc, id: uuidv7() }, assumedMasterState: doc }] }),
        });
      }
    }
  }
  return requests;
};

const secretRevealed = (target: Party, request: RawRequest, text: string): string | undefined => {
  const sent = `${decodeURIComponentSafe(request.path)} ${JSON.stringify(request.headers)} ${request.body ?? ''}`;
  return secretsOf(target).find((secret) => !sent.includes(secret) && text.includes(secret));
};

const decodeURIComponentSafe = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

/** Which routes serve an owner's data (see the rule above): the prefixes, or a 401 without a token. */
export const ownerRoutes = async (world: FuzzWorld): Promise<Set<string>> => {
  const owned = new Set<string>();
  for (const route of world.routes) {
    if (OWNER_PREFIXES.some((p) => route.path === p || route.path.startsWith(`${p}/`))) {
      owned.add(routeKey(route));
      continue;
    }
    const [path] = pathsFor(world, route, () => 'x');
    if (path === undefined) continue;
    const method = route.method === 'ALL' ? 'GET' : route.method;
    const response = await send(world.baseUrl, {
      method,
      path,
      headers: { 'content-type': 'application/json' },
      ...(method === 'GET' ? {} : { body: '{}' }),
    });
    if (response.status === 401) owned.add(routeKey(route));
  }
  return owned;
};

/**
 * The stream: each actor opens its stream with the target's ids in the query and the headers, and with a ticket
 * asked for in the target's name; each target then saves a product; no actor's stream may carry it.
 */
const crossStreams = async (world: FuzzWorld, stats: MatrixStats): Promise<void> => {
  const streamRoute = world.routes.find((r) => r.method === 'GET' && /\/stream$/.test(r.path));
  const ticketRoute = world.routes.find((r) => r.method === 'POST' && /\/stream-ticket$/.test(r.path));
  if (!streamRoute) return;
  const opened: {
    actor: ActorName;
    target: Party;
    request: RawRequest;
    response: Promise<{ status: number; text: string }>;
  }[] = [];
  for (const actor of MATRIX_ACTORS) {
    const self = actor === 'none' ? undefined : world.parties[actor];
    for (const targetName of MATRIX_TARGETS) {
      if (targetName === actor) continue;
      const target = world.parties[targetName];
      const auth: Record<string, string> = self ? { authorization: `Bearer ${self.token}` } : {};
      const ids = `owner=${target.owner}&clientId=${target.clientId}&id=${target.commandIds[0]}`;
      const requests: RawRequest[] = [
        { method: 'GET', path: `${streamRoute.path}?${ids}`, headers: { ...auth, 'x-owner': target.owner } },
        { method: 'GET', path: `${streamRoute.path}?token=${target.owner}`, headers: {} },
        {
          method: 'GET',
          path: `${streamRoute.path}?ticket=${encodeLoose(Buffer.from(JSON.stringify({ owner: target.owner, kind: target.kind, exp: Date.now() + 60_000, n: 'x' })).toString('base64url'))}.x`,
          headers: {},
        },
      ];
      if (ticketRoute && self) {
        const ticket = await send(world.baseUrl, {
          method: 'POST',
          path: `${ticketRoute.path}?${ids}`,
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ owner: target.owner, clientId: target.clientId, kind: target.kind }),
        });
        stats.exercised.add(routeKey(ticketRoute));
        const value = ticket.status === 200 ? (JSON.parse(ticket.text) as { result: string }).result : 'none';
        requests.push({
          method: 'GET',
          path: `${streamRoute.path}?ticket=${encodeURIComponent(value)}&${ids}`,
          headers: {},
        });
      }
      for (const request of requests) {
        opened.push({ actor, target, request, response: send(world.baseUrl, request, { streamMs: 2_500 }) });
      }
    }
  }
  stats.exercised.add(routeKey(streamRoute));
  await new Promise((resolve) => setTimeout(resolve, 500));
  // Each target changes its own data while the streams are open: a new saved product, a new command id.
  const changes = new Map<PartyName, string>();
  for (const name of MATRIX_TARGETS) {
    const party = world.parties[name];
    const doc = pendingCommand({ owner: party.owner, clientId: `client-${uuidv7()}`, seq: 1 }, 'wishlist.add', {
      sku: 'AW11-46-ALU',
      product: snapshot('AW11-46-ALU'),
    });
    changes.set(name, doc.id);
    await send(world.baseUrl, {
      method: 'POST',
      path: '/sync/commands/push',
      headers: { authorization: `Bearer ${party.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ rows: [{ newDocumentState: doc }] }),
    });
  }
  for (const { actor, target, request, response } of opened) {
    const answer = await response;
    stats.attempts += 1;
    bump(stats.histogram, `stream ${answer.status}`);
    const leaked = [changes.get(target.name as PartyName)!, ...secretsOf(target)].find(
      (secret) =>
        !`${request.path} ${JSON.stringify(request.headers)}`.includes(secret) && answer.text.includes(secret),
    );
    if (leaked) {
      stats.successes.push(`${actor} -> ${target.name}: GET ${request.path.slice(0, 200)} streamed ${leaked}`);
    }
  }
};

/** Attempts sent at once. */
const BATCH = 8;

const describeAttempt = (actor: ActorName, target: Party, request: RawRequest, status: number, what: string): string =>
  `${actor} -> ${target.name}: ${request.method} ${request.path.slice(0, 160)} ${request.body?.slice(0, 200) ?? ''} headers ${JSON.stringify(request.headers).slice(0, 160)} -> ${status} ${what}`;

export const runCrossOwnerMatrix = async (world: FuzzWorld): Promise<MatrixStats> => {
  const stats: MatrixStats = {
    routes: await ownerRoutes(world),
    attempts: 0,
    privileged: 0,
    successes: [],
    histogram: new Map(),
    exercised: new Set(),
  };
  let baseline = await fingerprints(world);
  for (const route of world.routes) {
    const key = routeKey(route);
    const owned = stats.routes.has(key);
    // A route that serves no owner's data is crossed once: a user against another user.
    const pairs: [ActorName, PartyName][] = owned
      ? MATRIX_ACTORS.flatMap((a) => MATRIX_TARGETS.filter((t) => t !== a).map((t): [ActorName, PartyName] => [a, t]))
      : [['user', 'otherUser']];
    for (const [actor, targetName] of pairs) {
      const target = world.parties[targetName];
      const privileged = actor === 'operator' && OPERATOR_PREFIXES.some((p) => `${route.path}/`.startsWith(p));
      const requests = attemptsFor(world, route, actor, target);
      // In batches sent at once, the store's fingerprints read after each batch: a change is reported with every
      // request of its batch (replay them one by one to pin it).
      for (let i = 0; i < requests.length; i += BATCH) {
        const batch = requests.slice(i, i + BATCH);
        const responses = await Promise.all(batch.map((request) => send(world.baseUrl, request)));
        stats.exercised.add(key);
        if (responses.some((r, j) => batch[j]!.method !== 'GET' && r.status >= 200 && r.status < 300)) {
          await keepLoggedIn(world, actor);
        }
        const after = await fingerprints(world);
        const changed = PARTY_NAMES.filter((p) => p !== actor && after[p] !== baseline[p]);
        baseline = after;
        if (privileged) {
          stats.privileged += batch.length;
          continue;
        }
        batch.forEach((request, j) => {
          const response = responses[j]!;
          stats.attempts += 1;
          bump(stats.histogram, String(response.status));
          const revealed =
            response.status >= 200 && response.status < 300
              ? secretRevealed(target, request, response.text)
              : undefined;
          if (revealed)
            stats.successes.push(describeAttempt(actor, target, request, response.status, `revealed ${revealed}`));
        });
        if (changed.length > 0) {
          stats.successes.push(
            ...batch.map((request, j) =>
              describeAttempt(
                actor,
                target,
                request,
                responses[j]!.status,
                `changed ${changed.join(', ')} (in a batch of ${batch.length})`,
              ),
            ),
          );
        }
      }
    }
  }
  await crossStreams(world, stats);
  return stats;
};
