import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession } from '@playwright/test';
import type { BrowserDevice } from './browser-devices.ts';

/**
 * BENCH_PROFILE=<dir>: each page writes a Chromium CPU profile of each measured phase
 * (<dir>/browser-<phase>-<device>.cpuprofile, for Chrome DevTools or speedscope; CDP `Profiler` on the
 * page), and the bench prints the functions with the most self and inclusive time. dist/ is minified:
 * add BENCH_PLAIN=1 to serve an unminified build instead (readable names; figures then not the shipped ones).
 */
const dir = process.env.BENCH_PROFILE;

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
  endTime: number;
}

/** Self and inclusive time (ms) by function, heaviest first (inclusive counts a recursive function once). */
export const summarizeProfile = (profile: CpuProfile, limit = 12): { self: string[]; inclusive: string[] } => {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const keyOf = ({ callFrame: { functionName, url, lineNumber, columnNumber } }: ProfileNode): string => {
    const file = url.split('/').pop() ?? '';
    return file ? `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}:${columnNumber + 1}` : functionName;
  };
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    // timeDeltas[i] is the time before sample i; attribute it to the sample that follows.
    const ms = (deltas[i + 1] ?? 0) / 1000;
    let node = byNode.get(samples[i]!);
    if (!node) continue;
    self.set(keyOf(node), (self.get(keyOf(node)) ?? 0) + ms);
    const counted = new Set<string>();
    while (node) {
      const key = keyOf(node);
      if (!counted.has(key)) inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
      counted.add(key);
      const up = parent.get(node.id);
      node = up === undefined ? undefined : byNode.get(up);
    }
  }
  const total = (profile.endTime - profile.startTime) / 1000;
  const top = (map: Map<string, number>, skip: (key: string) => boolean) =>
    [...map]
      .filter(([key]) => !skip(key))
      .sort((x, y) => y[1] - x[1])
      .slice(0, limit)
      .map(([key, ms]) => `${ms.toFixed(0)} ms (${((ms / total) * 100).toFixed(0)}%) ${key}`);
  return {
    self: top(self, () => false),
    // (root), (program) and (idle) say nothing inclusive.
    inclusive: top(inclusive, (key) => key.startsWith('(')),
  };
};

export const pageProfiled = async <T>(phase: string, devices: BrowserDevice[], work: () => Promise<T>): Promise<T> => {
  if (!dir) return work();
  mkdirSync(dir, { recursive: true });
  const sessions: { device: BrowserDevice; session: CDPSession }[] = [];
  for (const device of devices) {
    const session = await device.context.newCDPSession(device.page);
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 200 });
    await session.send('Profiler.start');
    sessions.push({ device, session });
  }
  try {
    return await work();
  } finally {
    for (const { device, session } of sessions) {
      const { profile } = (await session.send('Profiler.stop')) as unknown as { profile: CpuProfile };
      const file = join(dir, `browser-${phase}-${device.name}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      const { self, inclusive } = summarizeProfile(profile);
      console.log(`[profile] ${file}: ${device.name}'s page during ${phase}, self time:`);
      for (const line of self) console.log(`  ${line}`);
      console.log(`[profile] inclusive time:`);
      for (const line of inclusive) console.log(`  ${line}`);
      await session.detach();
    }
  }
};
