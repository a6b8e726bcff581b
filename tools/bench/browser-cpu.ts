import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time from /proc (Linux): this process (sync server, echo server, Playwright) and every Chromium
 * process it started, by kind, plus what the rest of the machine used meanwhile. On 2 cores the figures are
 * CPU-bound as soon as the sum approaches the wall time, and other programs' load shows up in them.
 */
let tick = 100;
try {
  tick = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
} catch {
  // keep 100 Hz
}

interface Proc {
  ppid: number;
  ticks: number;
  kind: string;
}

const kindOf = (pid: number): string => {
  try {
    // Chromium rewrites its title: the arguments may be one space-separated string.
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
    if (pid === process.pid) return 'node (server+bench)';
    if (!args[0]?.includes('chrom')) return 'other child';
    const type = args.find((a) => a.startsWith('--type='))?.slice(7);
    const service = args.find((a) => a.startsWith('--utility-sub-type='))?.slice(19);
    if (!type) return 'chromium browser';
    return `chromium ${type === 'utility' && service ? service.replace(/\.mojom\..*$/, '').replace(/^.*\./, '') : type}`;
  } catch {
    return 'gone';
  }
};

const readProcs = (): Map<number, Proc> => {
  const procs = new Map<number, Proc>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) in parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.set(pid, { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), kind: '' });
    } catch {
      // exited meanwhile
    }
  }
  return procs;
};

/** Busy jiffies of the whole machine (all CPUs). */
const machineTicks = (): number => {
  const [cpu] = readFileSync('/proc/stat', 'utf8').split('\n');
  const values = (cpu ?? '').trim().split(/\s+/).slice(1).map(Number);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return values.reduce((s, v) => s + v, 0) - idle;
};

export interface CpuSnapshot {
  at: number;
  mine: Map<number, { kind: string; ticks: number }>;
  machine: number;
}

export const cpuSnapshot = (): CpuSnapshot => {
  const procs = readProcs();
  const mine = new Map<number, { kind: string; ticks: number }>();
  const isMine = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 20; hops++) {
      if (p === process.pid) return true;
      p = procs.get(p)?.ppid ?? 0;
    }
    return false;
  };
  for (const [pid, proc] of procs) if (isMine(pid)) mine.set(pid, { kind: kindOf(pid), ticks: proc.ticks });
  return { at: performance.now(), mine, machine: machineTicks() };
};

export interface CpuUse {
  wallMs: number;
  /** CPU ms by process kind (ours), heaviest first. */
  byKind: [string, number][];
  oursMs: number;
  /** CPU ms the rest of the machine used meanwhile. */
  othersMs: number;
}

export const cpuSince = (before: CpuSnapshot): CpuUse => {
  const after = cpuSnapshot();
  const toMs = (ticks: number) => (ticks * 1000) / tick;
  const byKind = new Map<string, number>();
  for (const [pid, proc] of after.mine) {
    const used = proc.ticks - (before.mine.get(pid)?.ticks ?? 0);
    byKind.set(proc.kind, (byKind.get(proc.kind) ?? 0) + toMs(used));
  }
  const oursMs = [...byKind.values()].reduce((s, v) => s + v, 0);
  return {
    wallMs: after.at - before.at,
    byKind: [...byKind].filter(([, ms]) => ms > 0).sort((x, y) => y[1] - x[1]),
    oursMs,
    othersMs: Math.max(0, toMs(after.machine - before.machine) - oursMs),
  };
};

export const describeCpu = (use: CpuUse, per?: { n: number; what: string }): string => {
  const scale = per ? 1 / per.n : 1;
  const unit = per ? ` per ${per.what}` : '';
  return (
    `CPU${unit}: ${use.byKind.map(([k, ms]) => `${k} ${(ms * scale).toFixed(1)}`).join(', ')} ms ` +
    `(ours ${(use.oursMs * scale).toFixed(1)} ms${unit}; other programs on the machine ` +
    `${Math.round((use.othersMs / use.wallMs) * 100)}% of one core over the ${(use.wallMs / 1000).toFixed(1)} s)`
  );
};
