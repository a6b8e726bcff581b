/**
 * Where a server's CPU went, from a .cpuprofile (streams-probe.ts, or `node --cpu-prof`): self time per function,
 * the largest first, with its share of the profile's busy time (idle excluded). From a .heapprofile (sampled by
 * streams-probe.ts): the bytes still alive per allocating function.
 *
 *   npx tsx tools/bench/streams-profile.ts <file.cpuprofile | file.heapprofile> [top] [function ...]
 *
 * Each function or file named after `top` (a regular expression: `beat`, `change-stream.ts`, `writev`) gets the time
 * of the samples it is on the stack of.
 *
 * `--stalls ms` lists instead each run of busy samples longer than `ms` (the event loop held that long: a push
 * arriving then waited for it), with the frames most of its time was under: what the tail of a round trip is.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A frame as the listings name it: the function, and where it is (file:line) when it has a file. */
const frameName = ({ functionName, url, lineNumber }: ProfileNode['callFrame']): string =>
  `${functionName || '(anonymous)'}${url ? ` ${path.basename(url)}:${lineNumber + 1}` : ''}`;

/** Each node's caller, by id. */
const callers = (profile: Profile): Map<number, number> => {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  return parent;
};

/** Self time (ms) per function of the profile, the largest first, and the idle and busy totals. */
export const selfTimes = (profile: Profile) => {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let idle = 0;
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (!node) return;
    if (node.callFrame.functionName === '(idle)') {
      idle += ms;
      return;
    }
    busy += ms;
    const key = frameName(node.callFrame);
    self.set(key, (self.get(key) ?? 0) + ms);
  });
  return { idle, busy, top: [...self].sort((a, b) => b[1] - a[1]) };
};

/**
 * Time (ms) of the samples with a function whose name, or whose file's name, matches `pattern` anywhere on their
 * stack: under tsx the server's own functions are mostly anonymous, their file says where they are.
 */
export const inclusiveTime = (profile: Profile, pattern: RegExp): number => {
  const parent = callers(profile);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const matches = new Map<number, boolean>();
  const under = (id: number | undefined): boolean => {
    if (id === undefined) return false;
    const known = matches.get(id);
    if (known !== undefined) return known;
    const frame = byId.get(id)?.callFrame;
    const result =
      pattern.test(frame?.functionName ?? '') || pattern.test(path.basename(frame?.url ?? '')) || under(parent.get(id));
    matches.set(id, result);
    return result;
  };
  return profile.samples.reduce((sum, id, i) => sum + (under(id) ? (profile.timeDeltas[i + 1] ?? 0) / 1000 : 0), 0);
};

/**
 * Each run of consecutive busy (not idle) samples longer than `minMs`: when it began (ms from the profile's start),
 * how long it was, and the frames with the most time under them in it (inclusive, the root and Node's plumbing left
 * out), so a stall reads as what held the loop.
 */
export const stalls = (profile: Profile, minMs: number, framesPerStall = 8) => {
  const parent = callers(profile);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const label = (id: number): string => frameName(byId.get(id)!.callFrame);
  const isIdle = (id: number) => byId.get(id)?.callFrame.functionName === '(idle)';
  const found: { atMs: number; ms: number; frames: [string, number][] }[] = [];
  let at = 0;
  let run: { start: number; samples: [number, number][] } | undefined;
  const close = (): void => {
    if (!run) return;
    const ms = run.samples.reduce((sum, [, d]) => sum + d, 0);
    if (ms >= minMs) {
      const under = new Map<string, number>();
      for (const [id, d] of run.samples) {
        const seen = new Set<string>();
        for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
          const name = label(n);
          if (name.startsWith('(root)') || seen.has(name)) continue;
          seen.add(name);
          under.set(name, (under.get(name) ?? 0) + d);
        }
      }
      const frames = [...under].sort((a, b) => b[1] - a[1]).slice(0, framesPerStall);
      found.push({ atMs: run.start, ms, frames });
    }
    run = undefined;
  };
  profile.samples.forEach((id, i) => {
    const d = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (isIdle(id)) close();
    else (run ??= { start: at, samples: [] }).samples.push([id, d]);
    at += d;
  });
  close();
  return found;
};

interface HeapNode {
  callFrame: ProfileNode['callFrame'];
  selfSize: number;
  children: HeapNode[];
}

/** Bytes alive per allocating function (with its caller, which says more for Node's internals), the largest first. */
export const liveBytes = (head: HeapNode) => {
  const sizes = new Map<string, number>();
  let total = 0;
  const walk = (node: HeapNode, caller: string): void => {
    const here = frameName(node.callFrame);
    if (node.selfSize > 0) {
      const key = `${here} <- ${caller}`;
      sizes.set(key, (sizes.get(key) ?? 0) + node.selfSize);
      total += node.selfSize;
    }
    for (const child of node.children) walk(child, here);
  };
  walk(head, '');
  return { total, top: [...sizes].sort((a, b) => b[1] - a[1]) };
};

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const args = process.argv.slice(2);
  const stallsAt = args.indexOf('--stalls');
  const stallMs = stallsAt >= 0 ? Number(args.splice(stallsAt, 2)[1] ?? 40) : undefined;
  const [file, topArg, ...inclusive] = args;
  if (!file) throw new Error('usage: streams-profile.ts <file.cpuprofile | file.heapprofile> [top]');
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Profile | { head: HeapNode };
  if ('head' in parsed) {
    const { total, top } = liveBytes(parsed.head);
    console.log(`alive: ${(total / 1e6).toFixed(1)} MB`);
    for (const [where, bytes] of top.slice(0, Number(topArg ?? 25))) {
      console.log(`${(bytes / 1e6).toFixed(2).padStart(8)} MB  ${where}`);
    }
    process.exit(0);
  }
  if (stallMs !== undefined) {
    for (const stall of stalls(parsed, stallMs, Number(topArg ?? 8))) {
      console.log(`at ${(stall.atMs / 1000).toFixed(2)} s: ${stall.ms.toFixed(0)} ms busy`);
      for (const [name, ms] of stall.frames) console.log(`${ms.toFixed(1).padStart(9)} ms  ${name}`);
    }
    process.exit(0);
  }
  const { idle, busy, top } = selfTimes(parsed);
  console.log(`busy ${Math.round(busy)} ms, idle ${Math.round(idle)} ms`);
  for (const name of inclusive) {
    const ms = inclusiveTime(parsed, new RegExp(`^(${name})$`));
    console.log(
      `${ms.toFixed(1).padStart(9)} ms ${((ms / busy) * 100).toFixed(1).padStart(5)}%  with ${name} on the stack`,
    );
  }
  for (const [name, ms] of top.slice(0, Number(topArg ?? 25))) {
    console.log(`${ms.toFixed(1).padStart(9)} ms ${((ms / busy) * 100).toFixed(1).padStart(5)}%  ${name}`);
  }
}
