import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Measuring helpers for bench:search: a forced GC (for heap figures), wall and process CPU time per phase, and
 * timed sample loops (fixed count, or stopped by a time budget for the slow baselines).
 */

/** `global.gc` when node runs with --expose-gc, else the same function fetched after turning the flag on. */
const exposedGc = (): (() => void) => {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing) return existing;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
};
const gc = exposedGc();

/** Full collections until nothing is left to free (a second pass catches what finalizers released). */
export const collect = (): void => {
  gc();
  gc();
};

export interface HeapFigures {
  /** V8 heap in use, bytes. */
  heap: number;
  /** Typed-array backing stores (outside the V8 heap), bytes. */
  arrayBuffers: number;
}

/** Heap in use after a forced GC. */
export const heapAfterGc = (): HeapFigures => {
  collect();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return { heap: heapUsed, arrayBuffers };
};

export const heapDelta = (before: HeapFigures, after: HeapFigures): HeapFigures => ({
  heap: after.heap - before.heap,
  arrayBuffers: after.arrayBuffers - before.arrayBuffers,
});

export const mb = (bytes: number): number => bytes / (1024 * 1024);

export interface PhaseTime {
  name: string;
  wallMs: number;
  /** Process CPU (user + system, every thread: GC helpers included). */
  cpuMs: number;
}

/** Every phase timed so far, in order. */
export const phases: PhaseTime[] = [];

/** Runs `work` as a named phase, recording its wall and process CPU time. */
export const phase = async <T>(name: string, work: () => T | Promise<T>): Promise<T> => {
  const cpu = process.cpuUsage();
  const started = performance.now();
  try {
    return await work();
  } finally {
    const used = process.cpuUsage(cpu);
    phases.push({ name, wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 });
  }
};

export interface SampleOptions {
  warmup: number;
  samples: number;
  /** Stop once this much wall time (warmup included) is spent, keeping at least `minSamples`. */
  budgetMs?: number;
  minSamples?: number;
  /** Also record each run's process CPU time (two getrusage calls a run: leave off for µs-scale work). */
  cpu?: boolean;
}

export interface Samples {
  /** Wall time of each timed run, ms. */
  ms: number[];
  /** Process CPU time of each timed run, ms (empty unless asked for). */
  cpuMs: number[];
  /** The `i` of the first timed run: sample k ran as `run(offset + k)`. */
  offset: number;
}

/** Times `run(i)` (i counts from 0 through warmup and samples) after `warmup` untimed runs. */
export const sampleMs = (run: (i: number) => void, options: SampleOptions): Samples => {
  const started = performance.now();
  const budget = options.budgetMs ?? Infinity;
  const minSamples = options.minSamples ?? options.samples;
  let i = 0;
  for (; i < options.warmup; i++) {
    run(i);
    if (performance.now() - started > budget) break;
  }
  const offset = i;
  const out: number[] = [];
  const cpuMs: number[] = [];
  while (out.length < options.samples) {
    if (options.cpu) {
      const c = process.cpuUsage();
      const t = performance.now();
      run(i++);
      out.push(performance.now() - t);
      const used = process.cpuUsage(c);
      cpuMs.push((used.user + used.system) / 1000);
    } else {
      const t = performance.now();
      run(i++);
      out.push(performance.now() - t);
    }
    if (out.length >= minSamples && performance.now() - started > budget) break;
  }
  return { ms: out, cpuMs, offset };
};

/**
 * Two workloads sampled in alternation (a, b, a, b, ...), so the machine's other load and the collector's work
 * fall on both alike: the fair way to compare two engines answering the same queries.
 */
export const samplePairMs = (
  a: (i: number) => void,
  b: (i: number) => void,
  options: { warmup: number; samples: number },
): [Samples, Samples] => {
  for (let i = 0; i < options.warmup; i++) {
    a(i);
    b(i);
  }
  const first: number[] = [];
  const second: number[] = [];
  for (let k = 0; k < options.samples; k++) {
    const i = options.warmup + k;
    let t = performance.now();
    a(i);
    first.push(performance.now() - t);
    t = performance.now();
    b(i);
    second.push(performance.now() - t);
  }
  return [
    { ms: first, cpuMs: [], offset: options.warmup },
    { ms: second, cpuMs: [], offset: options.warmup },
  ];
};

/** Median of a list (ms); NaN when empty. */
export const median = (values: readonly number[]): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] as number;
};
