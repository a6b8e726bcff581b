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
