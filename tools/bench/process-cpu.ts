import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time, for benches that print where a figure's time goes: this process's, and every local PostgreSQL
 * process's (read from /proc, Linux only; `undefined` when there is none here, e.g. a remote DATABASE_URL).
 */
export interface CpuSample {
  nodeMs: number;
  postgresMs: number | undefined;
}

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

const postgresCpuMs = (): number | undefined => {
  let ticks = 0;
  let found = false;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
    // After "pid (comm) ", utime and stime are the 12th and 13th fields.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
    found = true;
  }
  return found ? (ticks * 1000) / TICKS_PER_SECOND : undefined;
};

export const cpuNow = (): CpuSample => {
  const { user, system } = process.cpuUsage();
  return { nodeMs: (user + system) / 1000, postgresMs: postgresCpuMs() };
};

/** CPU used since `from`, per unit of work (e.g. per push). */
export const cpuPer = (from: CpuSample, units: number): CpuSample => {
  const now = cpuNow();
  return {
    nodeMs: (now.nodeMs - from.nodeMs) / units,
    postgresMs:
      now.postgresMs === undefined || from.postgresMs === undefined
        ? undefined
        : (now.postgresMs - from.postgresMs) / units,
  };
};
