import { commandTypes } from '../../schema/commands/registry.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  count5xx,
  describeFailure,
  distinctFailures,
  formatHistogram,
  fuzzSettings,
  runFuzz,
  SAMPLE_PAYLOADS,
  UNROUTED,
  type FuzzStats,
} from '../support/fuzz-cases.ts';
import { closeSockets } from '../support/fuzz-http.ts';
import { apiSnapshot, makeWorld, type FuzzWorld } from '../support/fuzz-world.ts';
import { runCrossOwnerMatrix, type MatrixStats } from '../support/cross-owner.ts';
import { routeKey } from '../support/route-table.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';

/**
 * The probes of issue 15 as part of the project. The route table is read from the app (support/route-table.ts),
 * so a new route is fuzzed, crossed and covered without anyone listing it:
 *
 * - the fuzz suite: FUZZ_RUNS (1,000) seeded cases over every route and the push (malformed JSON, wrong types, NUL
 *   and lone surrogates, huge strings, deep nesting, prototype keys, other owners' ids), as a guest, a user, an
 *   operator and nobody. Oracle: no 5xx, no hang-up, /healthz still 200, and no other party's data changed (per case
 *   in the store, and in every party's own pulls at the end). A failure prints FUZZ_SEED and FUZZ_PATH to replay it.
 * - the cross-owner matrix (support/cross-owner.ts): every route that reads or writes an owner's data, every ordered
 *   pair of principals, the other's ids in the path, query, body, headers, pushed documents and the stream.
 *   Oracle: 0 successes.
 * - the coverage check: every route of the table was exercised by both, or is excused below with its reason.
 *
 * `npm run fuzz -- --runs 100000` runs the same generators for longer (tools/fuzz.ts).
 */

/** Routes the cross-owner matrix leaves out, each with its reason. (The fuzz suite excuses none.) */
const MATRIX_EXCLUDED: Record<string, string> = {};

describe(`fuzz and cross-owner matrix over the route table (${storeKind})`, () => {
  let world: FuzzWorld;
  let fuzz: FuzzStats | undefined;
  let matrix: MatrixStats | undefined;
  // A fixed seed in the suite (FUZZ_SEED to choose another); `npm run fuzz` explores with a new one each run.
  const settings = fuzzSettings(1_000, 20261126);

  beforeAll(async () => {
    world = await makeWorld(await startTestServer());
  }, 120_000);

  afterAll(async () => {
    closeSockets();
    await world?.server.close();
  });

  it('reads the route table from the app', () => {
    console.log(`route table (${world.routes.length} routes):\n${world.routes.map(routeKey).join('\n')}`);
    expect(world.routes.length).toBeGreaterThan(0);
    for (const route of world.routes) {
      // Each route can be requested: a template, or an expression the suite fills in.
      expect(route.templates.length > 0 || route.regexp !== undefined, routeKey(route)).toBe(true);
    }
  });

  it('learns what each route reads, and has a sound payload of every command type', () => {
    console.log(
      [...world.learned].map(([key, l]) => `${key}: ${l.where} ${JSON.stringify(l.base).slice(0, 160)}`).join('\n'),
    );
    expect(Object.keys(commandTypes).filter((type) => !(type in SAMPLE_PAYLOADS))).toEqual([]);
  });

  it("lets no principal read or change another owner's data", async () => {
    // The oracle can see a leak: each party's own pulls show its secrets.
    for (const party of Object.values(world.parties)) {
      const own = JSON.stringify(await apiSnapshot(world, party));
      expect(own, `${party.name}'s own pulls`).toContain(party.secret);
      if (party.lastname) expect(own).toContain(party.lastname);
    }
    const started = Date.now();
    matrix = await runCrossOwnerMatrix(world);
    console.log(`cross-owner matrix took ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log(
      [
        `cross-owner matrix: ${matrix.routes.size} owner routes, ${matrix.attempts} attempts, ${matrix.successes.length} successes, ${matrix.privileged} privileged (operator on its own calls, not counted)`,
        `status histogram: ${formatHistogram(matrix.histogram)}`,
        ...matrix.successes.slice(0, 40),
      ].join('\n'),
    );
    expect((await fetch(`${world.baseUrl}/healthz`)).status).toBe(200);
    expect(matrix.successes).toEqual([]);
  }, 300_000);

  it("answers every generated request without a 5xx and changes no one else's data", async () => {
    const before = Object.fromEntries(
      await Promise.all(Object.values(world.parties).map(async (p) => [p.name, await apiSnapshot(world, p)])),
    );
    const started = Date.now();
    fuzz = await runFuzz(world, settings);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      [
        `fuzz: ${fuzz.cases} cases in ${seconds} s, seed ${settings.seed} (replay: FUZZ_SEED=${settings.seed})`,
        `status histogram: ${formatHistogram(fuzz.histogram)}`,
        `5xx: ${count5xx(fuzz)}; failing cases: ${fuzz.failures.length}, distinct: ${distinctFailures(fuzz).length}`,
        'by route:',
        ...[...fuzz.byRoute].map(
          ([route, statuses]) =>
            `  ${route}: ${[...statuses]
              .sort(([a], [b]) => a - b)
              .map(([s, n]) => `${s}×${n}`)
              .join(' ')}`,
        ),
        ...distinctFailures(fuzz).map(([f, n]) => `${describeFailure(settings.seed, f)}\n  (${n} like it)`),
      ].join('\n'),
    );
    const health = await fetch(`${world.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    // Every party but the actors sees exactly what it saw before (the actors' own data may have changed).
    for (const victim of [world.parties.otherUser, world.parties.otherGuest]) {
      expect(await apiSnapshot(world, victim), `what ${victim.name} pulls`).toEqual(before[victim.name]);
    }
    expect(distinctFailures(fuzz).map(([f]) => describeFailure(settings.seed, f))).toEqual([]);
  }, 300_000);

  it('covers every route of the table with both suites', () => {
    const fuzzed = fuzz?.exercised ?? new Set<string>();
    const crossed = matrix?.exercised ?? new Set<string>();
    const uncovered = world.routes
      .map(routeKey)
      .filter((key) => !fuzzed.has(key) || (!crossed.has(key) && !(key in MATRIX_EXCLUDED)))
      .map((key) => `${key}: ${fuzzed.has(key) ? '' : 'not fuzzed '}${crossed.has(key) ? '' : 'not crossed'}`);
    console.log(
      `coverage: ${world.routes.length} routes; fuzzed ${[...fuzzed].filter((k) => k !== UNROUTED).length}, crossed ${crossed.size}, excluded from the matrix ${Object.keys(MATRIX_EXCLUDED).length}`,
    );
    expect(uncovered).toEqual([]);
  });
});
