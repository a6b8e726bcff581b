import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CDPSession } from '@playwright/test';
import type { BrowserDevice } from './browser-devices.ts';

/**
 * BENCH_PROFILE=<dir>: a CPU profile of each measured phase, for every page (CDP `Profiler` on the page:
 * <dir>/browser-<phase>-<device>.cpuprofile) and for this process (the sync server and the bench:
 * <dir>/browser-<phase>-node.cpuprofile); open them in Chrome DevTools or speedscope. The bench prints
 * where the time went: self time by source module, and inclusive time by the project's own functions.
 * dist/ is minified and has no source maps: add BENCH_PLAIN=1 to serve an unminified build with source
 * maps (module names resolve; the figures are then not the shipped ones).
 */
const dir = process.env.BENCH_PROFILE;
const ROOT = process.cwd();

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
  endTime: number;
}

/** Where a frame's code comes from: a repository path (client/sync/views.ts:42) or a package. */
interface Origin {
  module: string;
  line: number;
}
type Resolver = (frame: CallFrame) => Origin | undefined;

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Decodes a source map's mappings: per generated line, [column, source index, source line] sorted by
 * column (source columns and names are not needed here).
 */
const decodeMappings = (mappings: string): [number, number, number][][] => {
  const lines: [number, number, number][][] = [];
  let source = 0;
  let sourceLine = 0;
  for (const text of mappings.split(';')) {
    const segments: [number, number, number][] = [];
    let column = 0;
    for (const segment of text.split(',')) {
      if (!segment) continue;
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = B64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0] ?? 0;
      if (values.length >= 4) {
        source += values[1]!;
        sourceLine += values[2]!;
        segments.push([column, source, sourceLine]);
      }
    }
    lines.push(segments);
  }
  return lines;
};

/** A repository-relative module name; packages as node_modules/<name> unless `full`. */
const moduleName = (path: string, full = false): string => {
  const rel = relative(ROOT, path).replaceAll('\\', '/');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(rel);
  return pkg && !full ? `node_modules/${pkg[1]}` : rel;
};

/** Page frames through the source maps of the served build (BENCH_PLAIN=1 writes them); Node frames by file URL. */
export const makeResolver = (staticDir: string, fullPaths = false): Resolver => {
  const maps = new Map<string, { sources: string[]; lines: [number, number, number][][] }>();
  const assets = join(staticDir, 'assets');
  if (existsSync(assets)) {
    for (const file of readdirSync(assets).filter((f) => f.endsWith('.js.map'))) {
      const map = JSON.parse(readFileSync(join(assets, file), 'utf8')) as { sources: string[]; mappings: string };
      maps.set(file.slice(0, -4), {
        sources: map.sources.map((s) => moduleName(resolve(assets, s), fullPaths)),
        lines: decodeMappings(map.mappings),
      });
    }
  }
  return ({ url, lineNumber, columnNumber }) => {
    if (url.startsWith('file://')) return { module: moduleName(fileURLToPath(url)), line: lineNumber + 1 };
    // The only WebAssembly in these processes is PGlite's Postgres.
    if (url.startsWith('wasm://')) return { module: 'wasm (PGlite)', line: 0 };
    const map = maps.get(url.split('/').pop() ?? '');
    const segments = map?.lines[lineNumber];
    if (!map || !segments?.length) return undefined;
    let found = segments[0]!;
    for (const segment of segments) {
      if (segment[0] > columnNumber) break;
      found = segment;
    }
    return { module: map.sources[found[1]] ?? '?', line: found[2] + 1 };
  };
};

const isProjectCode = (module: string): boolean => /^(client|schema|sync-server)\//.test(module);

/**
 * Self time by module, and inclusive time by the project's own functions (module:line name; a recursive
 * function counted once per sample). Without source maps, frames fall back to file:line:column names.
 */
export const summarizeProfile = (
  profile: CpuProfile,
  resolveFrame: Resolver,
  limit = 10,
): { modules: string[]; functions: string[]; busyMs: number; totalMs: number } => {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const origin = new Map<number, Origin | undefined>();
  const originOf = (node: ProfileNode) => {
    if (!origin.has(node.id)) origin.set(node.id, resolveFrame(node.callFrame));
    return origin.get(node.id);
  };
  const label = (node: ProfileNode): string => {
    const o = originOf(node);
    const name = node.callFrame.functionName || '(anonymous)';
    if (o) return `${o.module}:${o.line} ${name}`;
    const file = node.callFrame.url.split('/').pop();
    return file ? `${file}:${node.callFrame.lineNumber + 1} ${name}` : name;
  };
  const modules = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    // timeDeltas[i] is the time before sample i; attribute it to the sample that follows.
    const ms = (deltas[i + 1] ?? 0) / 1000;
    let node = byNode.get(samples[i]!);
    if (!node) continue;
    const fn = node.callFrame.functionName;
    const module = originOf(node)?.module ?? (node.callFrame.url ? node.callFrame.url.split('/').pop()! : fn);
    if (fn !== '(idle)') busy += ms;
    modules.set(module, (modules.get(module) ?? 0) + ms);
    const counted = new Set<string>();
    while (node) {
      const o = originOf(node);
      if (o && isProjectCode(o.module)) {
        const key = label(node);
        if (!counted.has(key)) functions.set(key, (functions.get(key) ?? 0) + ms);
        counted.add(key);
      }
      const up = parent.get(node.id);
      node = up === undefined ? undefined : byNode.get(up);
    }
  }
  const top = (map: Map<string, number>) =>
    [...map]
      .filter(([key]) => key !== '(idle)')
      .sort((x, y) => y[1] - x[1])
      .slice(0, limit)
      .map(([key, ms]) => `${ms.toFixed(0)} ms ${key}`);
  return {
    modules: top(modules),
    functions: top(functions),
    busyMs: busy,
    totalMs: (profile.endTime - profile.startTime) / 1000,
  };
};

const printSummary = (file: string, what: string, profile: CpuProfile, resolveFrame: Resolver, per: number): void => {
  const { modules, functions, busyMs, totalMs } = summarizeProfile(profile, resolveFrame);
  console.log(
    `[profile] ${file}: ${what}, busy ${busyMs.toFixed(0)} of ${totalMs.toFixed(0)} ms` +
      (per > 1 ? ` (${(busyMs / per).toFixed(1)} ms per round)` : ''),
  );
  console.log(`  self time by module: ${modules.join('; ')}`);
  console.log(`  inclusive, project functions: ${functions.join('; ')}`);
};

/** Profiles the pages of `devices` and this process while `work` runs (BENCH_PROFILE only). */
export const profiledPhase = async <T>(
  phase: string,
  devices: BrowserDevice[],
  staticDir: string,
  rounds: number,
  work: () => Promise<T>,
): Promise<T> => {
  if (!dir) return work();
  mkdirSync(dir, { recursive: true });
  const sessions: { device: BrowserDevice; session: CDPSession }[] = [];
  for (const device of devices) {
    const session = await device.context.newCDPSession(device.page);
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 250 });
    await session.send('Profiler.start');
    sessions.push({ device, session });
  }
  const node = new Session();
  node.connect();
  await node.post('Profiler.enable');
  await node.post('Profiler.setSamplingInterval', { interval: 250 });
  await node.post('Profiler.start');
  try {
    return await work();
  } finally {
    const resolveFrame = makeResolver(staticDir);
    const { profile: nodeProfile } = await node.post('Profiler.stop');
    node.disconnect();
    const nodeFile = join(dir, `browser-${phase}-node.cpuprofile`);
    writeFileSync(nodeFile, JSON.stringify(nodeProfile));
    printSummary(nodeFile, 'the sync server and the bench (Node)', nodeProfile as CpuProfile, resolveFrame, rounds);
    for (const { device, session } of sessions) {
      const { profile } = (await session.send('Profiler.stop')) as unknown as { profile: CpuProfile };
      await session.detach();
      const file = join(dir, `browser-${phase}-${device.name}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      printSummary(file, `${device.name}'s page`, profile, resolveFrame, rounds);
    }
  }
};
