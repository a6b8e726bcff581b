import fc from 'fast-check';
import { commandTypes } from '../../schema/commands/registry.ts';
import {
  fingerprints,
  keepLoggedIn,
  PARTY_NAMES,
  refsOf,
  resolvePlaceholders,
  type ActorName,
  type FuzzWorld,
  type PartyName,
} from './fuzz-world.ts';
import { encodeLoose, send, type RawRequest, type RawResponse } from './fuzz-http.ts';
import { applyMutations, mutationsArb, pathsIn, type LearnedInput } from './fuzz-learn.ts';
import { routeKey, type RouteEntry } from './route-table.ts';
import { validDetails } from './orders.ts';
import { snapshot } from './wishlist.ts';

/**
 * The fuzz suite's generators (issue 15): for a route of the generated table, a request as an attacker or a broken
 * client would send it. Every string a case holds is what goes on the wire, except placeholders
 * (`@@otherUser.owner@@`, `@@self.token@@`: fuzz-world.ts) resolved when it is sent, so a case prints as itself and
 * replays from its seed and path.
 */
export interface FuzzCase {
  /** The route of the table the case was made for ('(any path)' for the unrouted family). */
  route: string;
  actor: ActorName;
  method: string;
  /** Path and query, encoded. */
  path: string;
  headers: Record<string, string>;
  body?: string | undefined;
}

/** Mostly someone with a token: a request without one stops at the 401. */
const actorArb = fc.oneof(
  { weight: 7, arbitrary: fc.constantFrom('user', 'guest', 'operator') as fc.Arbitrary<ActorName> },
  { weight: 1, arbitrary: fc.constant('none' as const) },
);

/** The ones who act in the fuzz suite; `otherUser`, `otherGuest` and `subject` are only ever acted against. */
export const FUZZ_ACTORS = ['user', 'guest', 'operator', 'none'] as const satisfies readonly ActorName[];

export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'];

const NASTY = [
  '',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  ...PROTO_KEYS,
  '..',
  '.',
  '%',
  '%00',
  '%ZZ',
  "' OR '1'='1",
  '"; DROP TABLE carts; --',
  '<script>alert(1)</script>',
  '😀',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '9007199254740993',
  ' ',
  '\t\r\n',
  '\u202e',
  '\uffff',
  '\ufeff',
  'Ω'.repeat(300),
  '//x:99999',
  '\\',
  '*',
  '$1',
];

/** Any UTF-16 code unit, lone surrogates included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

/** Hostile strings by class, each class as likely as another. */
const NASTY_CLASSES: fc.Arbitrary<string>[] = [
  // NUL, which PostgreSQL's text and jsonb refuse.
  fc.constantFrom('\u0000', 'a\u0000b', 'APP3\u0000', '\u0000\u0000'),
  // Lone surrogates, which UTF-8 cannot encode.
  fc.constantFrom('\ud800', 'x\udfffy', '\ud83d', 'APP3\udc00'),
  fc.constantFrom(...PROTO_KEYS),
  fc.constantFrom(1_000, 100_000).map((n) => 'x'.repeat(n)),
  fc.constantFrom(...NASTY),
  fc.string({ unit: codeUnit, maxLength: 12 }),
  fc.string({ maxLength: 16 }),
];
export const nastyString: fc.Arbitrary<string> = fc.oneof(...NASTY_CLASSES);
/** The same for a URL, where a huge string only meets Node's header limit (431): rarely. */
const nastyInUrl: fc.Arbitrary<string> = fc.oneof(
  { weight: 30, arbitrary: fc.oneof(...NASTY_CLASSES.filter((_, i) => i !== 3)) },
  { weight: 1, arbitrary: fc.constant('x'.repeat(100_000)) },
);

/** Placeholders of every party's ids (the actor's own among them) and the actor's own. */
const REF_NAMES = [
  ...PARTY_NAMES.flatMap((p) => ['owner', 'clientId', 'command', 'command2', 'email'].map((f) => `${p}.${f}`)),
  'self.owner',
  'self.clientId',
];
const ref = (names: readonly string[] = REF_NAMES) => fc.constantFrom(...names).map((name) => `@@${name}@@`);

/** Keys a body or query may hold: the API's names (a value pool, not a route list), prototype keys, noise. */
const KEYS = [
  'customer',
  'email',
  'firstname',
  'lastname',
  'password',
  'username',
  'refreshToken',
  'newPassword',
  'currentPassword',
  'token',
  'resetToken',
  'group_id',
  'rows',
  'newDocumentState',
  'assumedMasterState',
  'query',
  'sku',
  'skus',
  'slug',
  'url_key',
  'identifier',
  'url',
  'storeId',
  'tag',
  'invoice',
  'company',
  'notificationToken',
  'id',
  'owner',
  'clientId',
  'after',
  'limit',
  'category',
  'keywords',
  'currencyCode',
  'product_id',
  'ticket',
  'page',
  'size',
  'sort',
  'filters',
  'from',
  'text',
  'egn',
  'phone',
  'newsletter',
];

const keyArb = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...KEYS) },
  { weight: 2, arbitrary: fc.constantFrom(...PROTO_KEYS) },
  { weight: 1, arbitrary: nastyString },
);

const NUMBERS = ['0', '-1', '1', '2', '1.5', '-0', '1e308', '1e400', '9007199254740993', '-9007199254740993', '32000'];

/** A string as JSON text: a nasty one, an id of a party, a known value. */
const stringJson = (known: readonly string[]) =>
  fc
    .oneof(
      { weight: 4, arbitrary: nastyString },
      { weight: 2, arbitrary: ref() },
      { weight: 2, arbitrary: fc.constantFrom(...(known.length > 0 ? known : ['1'])) },
    )
    .map((s) => JSON.stringify(s));

/** JSON text, possibly not an object, up to a few levels with the pool's keys. */
const jsonText = (known: readonly string[]): fc.Arbitrary<string> =>
  fc.letrec<{ value: string; array: string; object: string }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', maxDepth: 4 },
      stringJson(known),
      fc.constantFrom(...NUMBERS, 'true', 'false', 'null'),
      tie('array'),
      tie('object'),
    ),
    array: fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    object: fc
      .array(fc.tuple(keyArb, tie('value')), { maxLength: 6 })
      .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
  })).value;

/** Nesting n levels deep, as an array or an object, possibly under a known key. */
const deepJson = fc
  .tuple(fc.integer({ min: 500, max: 3_000 }), fc.boolean(), fc.option(fc.constantFrom(...KEYS), { nil: undefined }))
  .map(([depth, asArray, key]) => {
    const deep = asArray
      ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
      : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    return key ? `{${JSON.stringify(key)}:${deep}}` : deep;
  });

/** A hostile value as JSON text: a hostile string most often, else a wrong type, deep nesting, a huge string. */
const hostileJson: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: nastyString.map((v) => JSON.stringify(v)) },
  { weight: 2, arbitrary: ref().map((v) => JSON.stringify(v)) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(...NUMBERS, 'true', 'false', 'null', '[]', '{}', '[[]]', '{"__proto__":{"x":1}}'),
  },
  { weight: 2, arbitrary: jsonText([]) },
  { weight: 1, arbitrary: deepJson },
);

const MALFORMED = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  'nul',
  '[1,]',
  '\u0000',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"a":1,"a":2}',
  '1e999',
  '"just a string"',
  'null',
  'true',
  '[]',
  '',
  ' ',
  '\ufeff{}',
  '{"rows":null}',
  '{"rows":[null]}',
  '{"rows":[{"newDocumentState":null}]}',
];

/** JSON most of the time (else the body never reaches the route), else what a broken client sends. */
const contentTypeArb = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json; charset=latin1',
      'application/json; charset=utf-16',
      'multipart/form-data; boundary=x',
      'application/vnd.api+json',
      '',
    ),
  },
);

/** Header values Node sends: printable Latin-1, possibly long. */
const headerValue = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 40 }),
  fc.constantFrom('', '%00', '__proto__', 'x'.repeat(20_000), '127.0.0.1, 10.0.0.1', 'gzip', 'deflate', 'br'),
  ref(),
);

const EXTRA_HEADERS = [
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-owner',
  'x-client-id',
  'x-device-id',
  'cookie',
  'accept',
  'accept-encoding',
  'content-encoding',
  'if-none-match',
  'range',
  'origin',
  'x-http-method-override',
  'last-event-id',
];

/** A command document's JSON text: a sound envelope most of the time, its fields fuzzed, its payload fuzzed more. */
const commandJson = (world: Pick<FuzzWorld, 'skus'>): fc.Arbitrary<string> => {
  const types = Object.keys(commandTypes);
  const skuJson = fc.oneof(
    fc.constantFrom(...world.skus).map((s) => JSON.stringify(s)),
    stringJson(world.skus),
  );
  const numberJson = fc.oneof(
    fc.integer({ min: 1, max: 3 }).map(String),
    fc.constantFrom(...NUMBERS),
    stringJson(['1']),
  );
  const productJson = fc.oneof(
    fc.constantFrom(...world.skus).map((s) => JSON.stringify(snapshot(s))),
    fc.tuple(fc.constantFrom(...world.skus), nastyString).map(([s, n]) => JSON.stringify(snapshot(s, n))),
    jsonText(world.skus),
  );
  const payload = objectJson({
    sku: skuJson,
    qty: numberJson,
    options: fc.oneof(
      fc.constant('{}'),
      fc
        .array(fc.tuple(keyArb, stringJson(['1', '2'])), { maxLength: 3 })
        .map((e) => `{${e.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
      jsonText(world.skus),
    ),
    lineId: stringJson(['APP3', 'APP3|{}']),
    product: productJson,
  });
  return objectJson(
    {
      id: fc.oneof(
        { weight: 4, arbitrary: fc.uuid({ version: 7 }).map((s) => JSON.stringify(s)) },
        {
          weight: 1,
          arbitrary: ref(PARTY_NAMES.flatMap((p) => [`${p}.command`, `${p}.command2`])).map((s) => JSON.stringify(s)),
        },
        { weight: 1, arbitrary: stringJson([]) },
      ),
      type: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...types).map((t) => JSON.stringify(t)) },
        stringJson(types),
      ),
      payload: fc.oneof({ weight: 4, arbitrary: payload }, jsonText(world.skus), deepJson),
      owner: fc.oneof(
        { weight: 4, arbitrary: fc.constant('"@@self.owner@@"') },
        { weight: 2, arbitrary: ref(PARTY_NAMES.map((p) => `${p}.owner`)).map((s) => JSON.stringify(s)) },
        { weight: 1, arbitrary: stringJson([]) },
      ),
      clientId: fc.oneof(
        { weight: 3, arbitrary: fc.stringMatching(/^client-[0-9a-f]{12}$/).map((s) => JSON.stringify(s)) },
        { weight: 1, arbitrary: fc.constant('"@@self.clientId@@"') },
        { weight: 1, arbitrary: ref(PARTY_NAMES.map((p) => `${p}.clientId`)).map((s) => JSON.stringify(s)) },
        { weight: 1, arbitrary: stringJson([]) },
      ),
      seq: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 3 }).map(String) }, numberJson),
      createdAt: fc.oneof({ weight: 4, arbitrary: fc.constant('1764115200000') }, numberJson),
      status: fc.oneof(
        { weight: 6, arbitrary: fc.constant('"pending"') },
        fc.constantFrom('"succeeded"', '"rejected"', '"processing"'),
        stringJson([]),
      ),
      serverSeq: fc.oneof({ weight: 6, arbitrary: fc.constant('0') }, numberJson),
      error: fc.constantFrom('{"code":"invalid_payload","message":"x"}', 'null'),
      result: jsonText([]),
    },
    ['error', 'result'],
  );
};

/** An object's JSON text from field generators; each field may be left out, `rare` ones mostly are. */
const objectJson = (fields: Record<string, fc.Arbitrary<string>>, rare: string[] = []): fc.Arbitrary<string> =>
  fc
    .tuple(
      ...Object.entries(fields).map(([key, arbitrary]) =>
        fc.oneof(
          { weight: rare.includes(key) ? 1 : 8, arbitrary: arbitrary.map((v) => `${JSON.stringify(key)}:${v}`) },
          { weight: rare.includes(key) ? 8 : 1, arbitrary: fc.constant('') },
        ),
      ),
      fc.option(fc.tuple(keyArb, jsonText([])), { nil: undefined, freq: 8 }),
    )
    .map((parts) => {
      const extra = parts.pop() as [string, string] | undefined;
      const entries = (parts as string[]).filter((p) => p !== '');
      if (extra) entries.push(`${JSON.stringify(extra[0])}:${extra[1]}`);
      return `{${entries.join(',')}}`;
    });

/**
 * A sound payload of each command type, which the push family mutates. A type without one here is still pushed
 * (with `{}` and random payloads), and the fuzz test checks every registered type has one.
 */
export const SAMPLE_PAYLOADS: Record<string, Record<string, unknown>> = {
  'cart.addItem': { sku: 'APP3', qty: 1, options: { '1': '2' } },
  'ad.save': {
    ad: {
      id: '0190f3a0-0000-4000-8000-0000000000ad',
      title: 'iPhone 15 Pro, 256 GB',
      description: 'Запазен, с кутия и зарядно.',
      category: 'iphone',
      condition: 'good',
      price: { kind: 'fixed', cents: 65000 },
      city: 'София',
      photos: [],
      contact: { name: 'Петя Иванова', phone: '+359 888 123 456' },
    },
  },
  'ad.renew': { adId: '0190f3a0-0000-4000-8000-0000000000ad' },
  'review.create': { sku: 'APP3', rating: 5, text: 'Отличен звук и батерия за цял ден.', nickname: 'Иван' },
  'inquiry.send': { sku: 'APP3', name: 'Иван Петров', email: 'ivan@example.com', message: 'Кога ще има наличност?' },
  'contact.send': {
    name: 'Иван Петров',
    email: 'ivan@example.com',
    message: 'Работите ли в събота?',
    terms1: true,
    terms2: false,
    terms3: false,
  },
  'feedback.send': { message: 'Страницата се зарежда бързо.' },
  'alerts.set': { sku: 'APP3', notify_for_stock: true, notify_for_price: false },
  'mailings.sendCart': { language: 'bg' },
  'mailings.sendWishlist': { language: 'bg' },
  'ad.delete': { adId: '0190f3a0-0000-4000-8000-0000000000ad' },
  'cart.updateQty': { lineId: 'APP3', qty: 2 },
  'cart.removeItem': { lineId: 'APP3', qty: 1 },
  'cart.clear': {},
  'cart.applyCoupon': { code: 'NEWSLETTER10' },
  'cart.removeCoupon': {},
  'cart.configureLine': { lineId: 'APP3', options: { cvyat: '1' } },
  'cart.setShippingInformation': { method: 'courier', city: 'София', postcode: '1000' },
  'wishlist.add': { sku: 'APP3', product: snapshot('APP3') },
  'wishlist.remove': { sku: 'APP3' },
  'order.place': {
    orderId: '0190f3a0-0000-4000-8000-000000000001',
    details: validDetails,
    lines: [{ lineId: 'APP3', sku: 'APP3', name: 'APP3', qty: 1, unitPriceInclTaxEur: 100, options: {} }],
    reviewedTotalEur: 356,
  },
  'order.confirm': { orderId: '0190f3a0-0000-4000-8000-000000000001', acceptedTotalEur: 356 },
  'order.cancel': { orderId: '0190f3a0-0000-4000-8000-000000000001' },
  'payment.start': { orderId: '0190f3a0-0000-4000-8000-000000000001' },
  'payment.switchToOffline': { orderId: '0190f3a0-0000-4000-8000-000000000001', paymentMethod: 'cashondelivery' },
  'notices.acknowledge': { notices: [{ id: '0190f3a0-0000-7000-8000-000000000001', createdAt: 1_700_000_000_000 }] },
};

/** A sound command document of a new client at `seq`, one or two of its fields (mostly the payload's) hostile. */
const mutatedCommand = (clientId: string, seq: number): fc.Arbitrary<string> =>
  fc.constantFrom(...Object.keys(commandTypes)).chain((type) => {
    const doc = {
      id: '',
      type,
      payload: SAMPLE_PAYLOADS[type] ?? {},
      owner: '@@self.owner@@',
      clientId,
      seq,
      createdAt: 1_764_115_200_000,
      status: 'pending',
      serverSeq: 0,
    };
    // Mostly the payload's fields: an envelope with a bad field is a 400 the first check gives.
    const payloadPaths = pathsIn(doc).filter((p) => p[0] === 'payload');
    const paths = [...pathsIn(doc), ...Array.from({ length: 6 }, () => payloadPaths).flat()];
    return fc
      .tuple(fc.uuid({ version: 7 }), mutationsArb(doc, paths, hostileJson, nastyString, keyArb))
      .map(([id, mutations]) => applyMutations({ ...doc, id }, mutations));
  });

/** A push's body: rows of command documents of one new client (seq 1, 2...), sound but for a mutation, or random. */
const pushBody = (world: Pick<FuzzWorld, 'skus'>) =>
  fc
    .tuple(fc.stringMatching(/^client-[0-9a-f]{12}$/), fc.array(fc.nat(19), { minLength: 1, maxLength: 2 }))
    .chain(([clientId, kinds]) =>
      fc.tuple(
        ...kinds.map((kind, i) =>
          (kind < 18 ? mutatedCommand(clientId, i + 1) : commandJson(world)).chain((doc) =>
            fc
              .option(commandJson(world), { nil: undefined, freq: 20 })
              .map((assumed) => `{"newDocumentState":${doc}${assumed ? `,"assumedMasterState":${assumed}` : ''}}`),
          ),
        ),
      ),
    )
    .map((rows) => `{"rows":[${rows.join(',')}]}`);

/** The learned input of a route, one or two fields made hostile (fuzz-learn.ts). */
const mutatedBody = (learned: LearnedInput) => {
  const paths = [...learned.fields, ...pathsIn(learned.base)];
  return mutationsArb(learned.base, paths, hostileJson, nastyString, keyArb).map((mutations) =>
    applyMutations(learned.base, mutations),
  );
};

const mutatedQuery = (learned: LearnedInput) => {
  const keys = [...new Set([...learned.fields.map((f) => f[0]!), ...Object.keys(learned.base)])];
  const value = fc.oneof(
    { weight: 6, arbitrary: nastyInUrl.map(encodeLoose) },
    { weight: 1, arbitrary: ref() },
    { weight: 1, arbitrary: fc.constantFrom('%ZZ', '%', '', '%00', '%ED%A0%80') },
  );
  return fc
    .array(
      fc.oneof(
        fc.tuple(keys.length > 0 ? fc.constantFrom(...keys) : keyArb, value, fc.constantFrom('=', '=', '[]=', '[a]=')),
        fc.tuple(keyArb, value, fc.constant('=')),
      ),
      { minLength: 1, maxLength: 2 },
    )
    .map((changes) => {
      const entries = new Map(Object.entries(learned.base).map(([k, v]) => [encodeLoose(k), encodeLoose(String(v))]));
      const extra: string[] = [];
      for (const [key, v, op] of changes) {
        if (op === '=' && entries.has(encodeLoose(key))) entries.set(encodeLoose(key), v);
        else extra.push(`${encodeLoose(key)}${op}${v}`);
      }
      return [...[...entries].map(([k, v]) => `${k}=${v}`), ...extra].join('&');
    });
};

const bodyArb = (world: Pick<FuzzWorld, 'skus'>, route: RouteEntry, learned: LearnedInput | undefined) =>
  fc.oneof(
    { weight: learned?.where === 'body' ? 16 : 0, arbitrary: learned ? mutatedBody(learned) : fc.constant('{}') },
    { weight: 4, arbitrary: jsonText(world.skus) },
    { weight: 2, arbitrary: fc.constantFrom(...MALFORMED) },
    { weight: 1, arbitrary: deepJson },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...KEYS), fc.constantFrom(100_000, 1_000_000, 5_000_000))
        .map(([key, n]) => `{${JSON.stringify(key)}:${JSON.stringify('x'.repeat(n))}}`),
    },
    { weight: /\/push$/.test(route.path) ? 40 : 0, arbitrary: pushBody(world) },
  );

/** A path segment: a known value, an id of a party, a nasty string (encoded), or a raw odd escape. */
const segmentArb = (known: readonly string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known).map(encodeLoose) },
    { weight: 1, arbitrary: ref() },
    { weight: 6, arbitrary: nastyInUrl.map(encodeLoose) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('%ZZ', '%', '%00', '%E0%A4%A', '..', '.', '%2F', '%2e%2e', '%C0%AF', '%FF'),
    },
  );

/** A template's parameters filled in order; `:collection` mostly with a collection the route serves. */
const fillTemplate = (template: string, values: string[], collection: string): string => {
  let i = 0;
  return template.replace(/:(\w+)/g, (_whole, name: string) =>
    name === 'collection' ? collection : (values[i++] ?? 'x'),
  );
};

const queryArb = (known: readonly string[]) =>
  fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...KEYS), fc.constantFrom(...PROTO_KEYS), nastyInUrl).map(encodeLoose),
        fc.oneof(
          { weight: 2, arbitrary: fc.constantFrom(...known, '0', '10', '1000', '-1', '1.5').map(encodeLoose) },
          { weight: 1, arbitrary: ref() },
          { weight: 3, arbitrary: nastyInUrl.map(encodeLoose) },
          { weight: 1, arbitrary: fc.constantFrom('%ZZ', '%', '', '[]', '%00') },
        ),
        fc.constantFrom('=', '=', '[]=', '[a]=', ''),
      ),
      { maxLength: 4 },
    )
    .map((pairs) => pairs.map(([k, v, op]) => (op === '' ? k : `${k}${op}${v}`)).join('&'));

/** The values a route's parameters are most often filled with: collections, skus, slugs, parties' ids. */
const knownValues = (world: Pick<FuzzWorld, 'skus' | 'collections'>) => [
  ...world.collections,
  ...world.skus,
  'iphone',
  'airpods-pro-3',
  'about-us',
  '1',
  'default',
  `${world.skus[0]}.svg`,
];

/** Requests for one route of the table, as any of the fuzz actors. */
export const caseFor = (
  world: Pick<FuzzWorld, 'skus' | 'collections' | 'pushable' | 'learned'>,
  route: RouteEntry,
): fc.Arbitrary<FuzzCase> => {
  const known = knownValues(world);
  const learned = world.learned.get(routeKey(route));
  const isPush = /\/push$/.test(route.path);
  // A push's collection is mostly one that takes pushes, so the generated documents reach the command parser.
  const collection = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...(isPush ? world.pushable : world.collections)) },
    { weight: 1, arbitrary: segmentArb(known) },
  );
  const pathArb: fc.Arbitrary<string> =
    route.templates.length > 0
      ? fc
          .tuple(
            fc.constantFrom(...route.templates),
            fc.array(segmentArb(known), { minLength: 4, maxLength: 4 }),
            collection,
            fc.oneof({ weight: 12, arbitrary: fc.constant('') }, fc.constantFrom('/', '//')),
          )
          .map(([template, values, chosen, tail]) => fillTemplate(template, values, chosen) + tail)
      : fc
          .stringMatching(route.regexp!.source)
          .map((p) => route.regexp!.prefix + p.split('/').map(encodeLoose).join('/'));
  const method =
    route.method === 'ALL'
      ? fc.constantFrom('GET', 'POST')
      : fc.oneof(
          { weight: 12, arbitrary: fc.constant(route.method) },
          { weight: 1, arbitrary: fc.constantFrom('HEAD', 'OPTIONS', 'PUT', 'DELETE', 'PATCH', 'GET', 'POST') },
        );
  return fc
    .record({
      actor: actorArb,
      method,
      path: pathArb,
      query:
        learned?.where === 'query'
          ? fc.oneof({ weight: 3, arbitrary: mutatedQuery(learned) }, queryArb(known))
          : queryArb(known),
      tokenIn: fc.oneof(
        { weight: 12, arbitrary: fc.constant('header') },
        { weight: 1, arbitrary: fc.constantFrom('query', 'garbage', 'none') },
      ),
      garbage: headerValue,
      contentType: contentTypeArb,
      body: fc.option(bodyArb(world, route, learned), { nil: undefined, freq: route.method === 'GET' ? 2 : 12 }),
      extra: fc.option(fc.tuple(fc.constantFrom(...EXTRA_HEADERS), headerValue), { nil: undefined, freq: 4 }),
    })
    .map(({ actor, method, path, query, tokenIn, garbage, contentType, body, extra }) => {
      const headers: Record<string, string> = {};
      const params = [query];
      if (actor !== 'none') {
        if (tokenIn === 'header') headers.authorization = 'Bearer @@self.token@@';
        if (tokenIn === 'query') params.push('token=@@self.token@@');
        if (tokenIn === 'garbage') headers.authorization = `Bearer ${garbage}`;
      }
      if (extra) headers[extra[0]] = extra[1];
      if (body !== undefined && contentType) headers['content-type'] = contentType;
      const search = params.filter((p) => p !== '').join('&');
      return {
        route: routeKey(route),
        actor,
        method,
        path: search ? `${path}?${search}` : path,
        headers,
        body: method === 'GET' || method === 'HEAD' ? undefined : body,
      };
    });
};

/** Paths no route declares: odd URLs the app must still answer with a 4xx (`//x:99999`, `//%ZZ`, dot segments). */
export const UNROUTED = '(any path)';
const unroutedCase: fc.Arbitrary<FuzzCase> = fc
  .record({
    actor: fc.constantFrom(...FUZZ_ACTORS),
    method: fc.constantFrom('GET', 'POST', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'),
    path: fc.oneof(
      fc.constantFrom('//x:99999', '//%ZZ', '//', '/%ZZ', '/..%2F..%2Fetc%2Fpasswd', '/api', '/sync', '/api/', '/amp'),
      fc
        .tuple(fc.constantFrom('', '/', '//', '/api/', '/sync/', '/amp/', '/images/products/'), segmentArb(['x']))
        .map(([prefix, s]) => `${prefix}${s}`),
      fc
        .string({ unit: fc.constantFrom('/', ':', '%', 'x', '9', '.', '@', '?', '#', '&', '='), maxLength: 20 })
        .map((s) => `/${s}`),
    ),
  })
  .map(({ actor, method, path }): FuzzCase => ({
    route: UNROUTED,
    actor,
    method,
    path,
    headers: actor === 'none' ? {} : ({ authorization: 'Bearer @@self.token@@' } as Record<string, string>),
  }));

/** The operators' calls (/api/operator, and the console's /api/ops): an operator acts on others there by design. */
const isOperatorCall = (route: string): boolean => route.includes('/api/operator') || route.includes('/api/ops/');

/** A case made concrete for the world it runs in: placeholders resolved (an operator's calls on users act on `subject`). */
export const toRequest = (world: FuzzWorld, c: FuzzCase): RawRequest => {
  const refs = refsOf(world, c.actor);
  if (c.actor === 'operator' && isOperatorCall(c.route)) {
    // An operator acts on users by design: on its own calls every party's id stands for the subject's.
    for (const party of PARTY_NAMES) {
      for (const field of ['owner', 'clientId', 'command', 'command2', 'email']) {
        refs[`${party}.${field}`] = refs[`subject.${field}`]!;
      }
    }
  }
  const headers = Object.fromEntries(Object.entries(c.headers).map(([k, v]) => [k, resolvePlaceholders(v, refs)]));
  return {
    method: c.method,
    path: resolvePlaceholders(c.path, refs),
    headers,
    body: c.body === undefined ? undefined : resolvePlaceholders(c.body, refs),
  };
};

/** Whose data the case may change: the actor's own (and an operator's subject on the operator's calls). */
export const mayChange = (c: Pick<FuzzCase, 'actor' | 'route'>): PartyName[] => {
  if (c.actor === 'none') return [];
  if (c.actor === 'operator' && isOperatorCall(c.route)) return ['operator', 'subject'];
  return [c.actor];
};

export interface CaseFailure {
  index: number;
  case: FuzzCase;
  status: number;
  why: string;
  text: string;
}

export interface FuzzStats {
  cases: number;
  histogram: Map<string, number>;
  byRoute: Map<string, Map<number, number>>;
  failures: CaseFailure[];
  /** Routes the suite sent a request to (route keys). */
  exercised: Set<string>;
}

export const newStats = (): FuzzStats => ({
  cases: 0,
  histogram: new Map(),
  byRoute: new Map(),
  failures: [],
  exercised: new Set(),
});

const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

/**
 * Sends one case and applies the oracle: no 5xx, an answer (no hang-up, no hang), and no other party's data
 * changed. Returns the failure, if any; `stats` counts it.
 */
export const runCase = async (
  world: FuzzWorld,
  c: FuzzCase,
  index: number,
  stats: FuzzStats,
  baseline: { current: Record<PartyName, string> },
): Promise<CaseFailure | undefined> => {
  const response: RawResponse = await send(world.baseUrl, toRequest(world, c));
  stats.cases += 1;
  stats.exercised.add(c.route);
  bump(stats.histogram, response.status === -1 ? 'not sent' : String(response.status));
  const perRoute = stats.byRoute.get(c.route) ?? new Map<number, number>();
  bump(perRoute, response.status);
  stats.byRoute.set(c.route, perRoute);
  let why: string | undefined;
  if (response.status >= 500) why = `answered ${response.status}`;
  else if (response.status === 0) why = response.error ?? 'no answer';
  // A probe may log its actor out or change its password: it logs in again, as the shopper would.
  if (c.method !== 'GET' && response.status >= 200 && response.status < 300) await keepLoggedIn(world, c.actor);
  const after = await fingerprints(world);
  const allowed = new Set(mayChange(c));
  const changed = PARTY_NAMES.filter((p) => !allowed.has(p) && after[p] !== baseline.current[p]);
  baseline.current = after;
  if (changed.length > 0) why = `${why ? `${why}; ` : ''}changed the data of ${changed.join(', ')}`;
  if (!why) return undefined;
  const failure = { index, case: c, status: response.status, why, text: response.text.slice(0, 300) };
  stats.failures.push(failure);
  return failure;
};

export interface FuzzRun {
  seed: number;
  /** Cases in all, shared among the routes (see `sharesOf`). */
  runs: number;
  /** Only this route's cases (FUZZ_ROUTE: a route key as printed, or '(any path)'). */
  route?: string | undefined;
  /** fast-check's path to start from (FUZZ_PATH): with FUZZ_ROUTE, replays one case. */
  path?: string | undefined;
  /** Called after each case (progress). */
  onCase?: (stats: FuzzStats) => void;
}

/**
 * The seed, count and replay from FUZZ_SEED / FUZZ_RUNS / FUZZ_ROUTE / FUZZ_PATH, or the given defaults. The test
 * suite passes a fixed seed, so a run of `npm test` is the same cases every time (a red CI is a change's doing);
 * `npm run fuzz` draws a new one each run to explore.
 */
export const fuzzSettings = (
  defaultRuns: number,
  defaultSeed = Math.floor(Math.random() * 2 ** 31),
): Omit<FuzzRun, 'onCase'> => ({
  seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : defaultSeed,
  runs: process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : defaultRuns,
  route: process.env.FUZZ_ROUTE || undefined,
  path: process.env.FUZZ_PATH || undefined,
});

/** A route's own seed: the run's seed and its key, so adding a route changes no other route's cases. */
export const routeSeed = (seed: number, route: string): number => {
  let hash = seed | 0;
  for (let i = 0; i < route.length; i += 1) hash = Math.imul(hash ^ route.charCodeAt(i), 0x01000193);
  return hash >>> 0;
};

/**
 * How many of `runs` cases each route gets: every route of the table the same share, a push (the richest input:
 * generated command documents) PUSH_SHARE of them, and one share for paths no route declares. Each route gets
 * at least one case, so a run of any size covers the table.
 */
const PUSH_SHARE = 8;
export const sharesOf = (routes: readonly RouteEntry[], runs: number): [string, RouteEntry | undefined, number][] => {
  const weights: [string, RouteEntry | undefined, number][] = [
    ...routes.map((r): [string, RouteEntry, number] => [routeKey(r), r, /\/push$/.test(r.path) ? PUSH_SHARE : 1]),
    [UNROUTED, undefined, 1],
  ];
  const total = weights.reduce((n, [, , w]) => n + w, 0);
  return weights.map(([key, route, w]) => [key, route, Math.max(1, Math.round((runs * w) / total))]);
};

/**
 * Runs the generated cases against the world, route by route, collecting every failure (a run does not stop at the
 * first): case i of a route replays with FUZZ_SEED=S FUZZ_ROUTE='<route>' FUZZ_PATH=i.
 */
export const runFuzz = async (world: FuzzWorld, run: FuzzRun): Promise<FuzzStats> => {
  const stats = newStats();
  const baseline = { current: await fingerprints(world) };
  for (const [key, route, share] of sharesOf(world.routes, run.runs)) {
    if (run.route !== undefined && run.route !== key) continue;
    const arbitrary = route ? caseFor(world, route) : unroutedCase;
    let index = run.path ? Number(run.path.split(':')[0]) : 0;
    await fc.assert(
      fc.asyncProperty(arbitrary, async (c) => {
        await runCase(world, c, index, stats, baseline);
        index += 1;
        run.onCase?.(stats);
        return true;
      }),
      {
        seed: routeSeed(run.seed, key),
        numRuns: run.route !== undefined ? run.runs : share,
        ...(run.path ? { path: run.path } : {}),
      },
    );
  }
  return stats;
};

/** A failure as the report prints it: how to replay it, the route, the request, the answer. */
export const describeFailure = (seed: number, f: CaseFailure): string =>
  [
    `FUZZ_SEED=${seed} FUZZ_ROUTE='${f.case.route}' FUZZ_PATH=${f.index} FUZZ_RUNS=1  ${f.why}`,
    `  route ${f.case.route}  as ${f.case.actor}`,
    `  ${f.case.method} ${f.case.path.length > 300 ? `${f.case.path.slice(0, 300)}…(${f.case.path.length})` : f.case.path}`,
    `  headers ${JSON.stringify(f.case.headers).slice(0, 200)}`,
    ...(f.case.body !== undefined
      ? [`  body ${f.case.body.length > 300 ? `${f.case.body.slice(0, 300)}…(${f.case.body.length})` : f.case.body}`]
      : []),
    `  -> ${f.status} ${f.text.slice(0, 200)}`,
  ].join('\n');

/**
 * Failures grouped by route, status and reason (a NUL in any of a route's fields is one defect): the first case of
 * each and how many there were.
 */
export const distinctFailures = (stats: FuzzStats): [CaseFailure, number][] => {
  const groups = new Map<string, [CaseFailure, number]>();
  for (const f of stats.failures) {
    const key = `${f.case.route} ${f.status} ${f.why.replace(/\d+ ms/, '')}`;
    const group = groups.get(key);
    if (group) group[1] += 1;
    else groups.set(key, [f, 1]);
  }
  return [...groups.values()];
};

/** `status -> count`, in status order. */
export const formatHistogram = (histogram: Map<string, number>): string =>
  [...histogram.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');

export const count5xx = (stats: FuzzStats): number =>
  [...stats.histogram.entries()].filter(([s]) => Number(s) >= 500).reduce((n, [, c]) => n + c, 0);
