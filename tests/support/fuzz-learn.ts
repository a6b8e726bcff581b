import fc from 'fast-check';
import { send } from './fuzz-http.ts';
import { routeKey, type RouteEntry } from './route-table.ts';

/**
 * What a route reads, learned from the route itself: the API answers a malformed request with a 400 naming the
 * field (README: "HTTP 4xx ... names the field"), so sending `{}` and filling each named field in turn until the
 * answer names no other yields the fields of its body (or query) and a request that passes validation. The fuzz
 * suite then mutates that request one or two fields at a time, which reaches the code behind the validation far
 * more often than random keys would. Nobody lists a route's fields; a new route's are learned the same way.
 */
export interface LearnedInput {
  /** Where the route takes its input: the body (POST...) or the query (GET). */
  where: 'body' | 'query';
  /** A value that passed validation (or the last one tried), JSON-shaped. */
  base: Record<string, unknown>;
  /** Every field the route named, as paths. */
  fields: string[][];
}

/** Values tried for a named field, in order, until the route stops naming it. */
const CANDIDATES: unknown[] = [
  'a',
  'APP3',
  'Петров',
  'fuzz-learn@example.bg',
  'correct horse battery',
  1,
  2,
  true,
  ['APP3'],
  {},
  [],
  'iphone',
  '0888123456',
  'user-00000000-0000-7000-8000-000000000000',
];
const QUERY_CANDIDATES = ['a', 'APP3', '1', 'iphone', 'BGN', 'fuzz-learn@example.bg'];

const setAt = (target: Record<string, unknown>, path: string[], value: unknown): void => {
  let node: Record<string, unknown> = target;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  Object.defineProperty(node, path.at(-1)!, { value, enumerable: true, writable: true, configurable: true });
};

const fieldOf = (text: string): string | undefined => {
  try {
    const body = JSON.parse(text) as { result?: { field?: unknown } };
    return typeof body.result?.field === 'string' ? body.result.field : undefined;
  } catch {
    return undefined;
  }
};

/** Learns one route's input; `token` is a user's who is also an operator (a learner of its own). */
export const learnInput = async (
  baseUrl: string,
  route: RouteEntry,
  path: string,
  token: string,
): Promise<LearnedInput> => {
  const where = route.method === 'GET' || route.method === 'HEAD' ? 'query' : 'body';
  const base: Record<string, unknown> = {};
  const fields: string[][] = [];
  const tried = new Map<string, number>();
  for (let step = 0; step < 40; step += 1) {
    const query =
      where === 'query'
        ? `?${Object.entries(base)
            .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
            .join('&')}`
        : '';
    const response = await send(baseUrl, {
      method: route.method === 'ALL' ? 'GET' : route.method,
      path: `${path}${query}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(where === 'body' ? { body: JSON.stringify(base) } : {}),
    });
    if (response.status !== 400) break;
    const field = fieldOf(response.text);
    if (!field || field === '(document)') break;
    const fieldPath = field
      .replace(/^(body|query)\.?/, '')
      .split('.')
      .filter((k) => k !== '');
    if (fieldPath.length === 0) break;
    const key = fieldPath.join('.');
    if (!fields.some((f) => f.join('.') === key)) fields.push(fieldPath);
    const attempt = tried.get(key) ?? 0;
    const candidates = where === 'query' ? QUERY_CANDIDATES : CANDIDATES;
    if (attempt >= candidates.length) break;
    tried.set(key, attempt + 1);
    // A copy: the object and array candidates are shared, and a nested field is set inside them.
    setAt(base, fieldPath, structuredClone(candidates[attempt]));
  }
  return { where, base, fields };
};

export const learnInputs = async (
  baseUrl: string,
  routes: readonly RouteEntry[],
  pathOf: (route: RouteEntry) => string | undefined,
  token: string,
): Promise<Map<string, LearnedInput>> => {
  const learned = new Map<string, LearnedInput>();
  for (const route of routes) {
    const path = pathOf(route);
    if (path === undefined || /\/(push|stream|logout)$/.test(route.path)) continue;
    learned.set(routeKey(route), await learnInput(baseUrl, route, path, token));
  }
  return learned;
};

/** Every path into a JSON value's objects (the keys that exist), for mutation. */
export const pathsIn = (value: unknown, prefix: string[] = []): string[][] => {
  if (typeof value !== 'object' || value === null) return [];
  return Object.keys(value).flatMap((key) => [
    [...prefix, key],
    ...pathsIn((value as Record<string, unknown>)[key], [...prefix, key]),
  ]);
};

export type Mutation =
  | { op: 'set'; path: string[]; json: string }
  | { op: 'delete'; path: string[] }
  | { op: 'add'; path: string[]; key: string; json: string };

/** A JSON value's text with mutations applied; values are JSON text, so a key may be `__proto__` and a value deep. */
export const applyMutations = (base: unknown, mutations: Mutation[]): string => {
  const marks = new Map<string, string>();
  const clone = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
  mutations.forEach((m, i) => {
    const mark = `\u0001mutation${i}\u0001`;
    if (m.op === 'delete') {
      const parent = m.path.slice(0, -1).reduce<unknown>((n, k) => (n as Record<string, unknown>)?.[k], clone);
      if (typeof parent === 'object' && parent !== null) delete (parent as Record<string, unknown>)[m.path.at(-1)!];
      return;
    }
    marks.set(JSON.stringify(mark), m.json);
    if (m.op === 'set') setAt(clone, m.path, mark);
    else setAt(clone, [...m.path, m.key], mark);
  });
  let text = JSON.stringify(clone);
  for (const [mark, json] of marks) text = text.split(mark).join(json);
  return text;
};

const valueAt = (base: unknown, path: string[]): unknown =>
  path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], base);

/**
 * One mutation (sometimes two) of `base` at these paths: a field set to a hostile value (a string field mostly to a
 * hostile string, or its own value with one appended, since that passes every schema but the store's), left out,
 * or a key added.
 */
export const mutationsArb = (
  base: unknown,
  paths: string[][],
  valueJson: fc.Arbitrary<string>,
  stringArb: fc.Arbitrary<string>,
  keyArb: fc.Arbitrary<string>,
): fc.Arbitrary<Mutation[]> => {
  const somePath = paths.length > 0 ? fc.constantFrom(...paths) : fc.constant<string[]>([]);
  const set = somePath.chain((path) => {
    const current = valueAt(base, path);
    const json =
      typeof current === 'string'
        ? fc.oneof(
            { weight: 4, arbitrary: stringArb.map((v) => JSON.stringify(v)) },
            { weight: 3, arbitrary: stringArb.map((v) => JSON.stringify(current + v)) },
            { weight: 2, arbitrary: valueJson },
          )
        : valueJson;
    return json.map((value): Mutation => ({ op: 'set', path, json: value }));
  });
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    { weight: 12, arbitrary: set },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), path: somePath }) },
    {
      weight: 1,
      arbitrary: fc.record({
        op: fc.constant('add' as const),
        path: fc.oneof(fc.constant<string[]>([]), somePath),
        key: keyArb,
        json: valueJson,
      }),
    },
  );
  return fc
    .oneof({ weight: 3, arbitrary: mutation.map((m) => [m]) }, fc.tuple(mutation, mutation))
    .map((ms) => ms.filter((m) => m.op === 'add' || m.path.length > 0));
};
