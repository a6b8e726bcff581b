import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';

/**
 * BENCH_PROFILE=<dir>: each measured phase writes its own V8 CPU profile (<dir>/<phase>.cpuprofile,
 * open in Chrome DevTools or speedscope), so a slow figure can be traced to the code that spends it.
 */
const dir = process.env.BENCH_PROFILE;

export const profiled = async <T>(phase: string, work: () => Promise<T>): Promise<T> => {
  if (!dir) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(`${dir}/${phase}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  }
};

/**
 * A profile (BENCH_PROFILE) over a span that ends when the returned function is called, for a process or thread
 * told by messages when the measured rounds start and stop; the function resolves once the profile is written.
 */
export const startProfiledSpan = (phase: string): (() => Promise<void>) => {
  let end: () => void = () => undefined;
  const done = profiled(phase, () => new Promise<void>((resolve) => (end = resolve)));
  return async () => {
    end();
    await done;
  };
};
