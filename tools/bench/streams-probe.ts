/**
 * What `npm run bench:streams` reads from inside the server's process: loaded into it with `--import` (the bench
 * only; nothing of the server changes), it answers on a port of its own (STREAMS_PROBE_PORT, loopback) with the
 * event loop's delay, the process's CPU time and its garbage collections since the last reset, and starts or stops a
 * CPU profile (node:inspector). Its listener is one more socket in the same event loop, so what it reports is the
 * loop that serves the pushes and holds the streams.
 *
 *   GET /reset                 starts a measuring window
 *   GET /window                the window so far (JSON: loop delay p50/p99/max ms, CPU ms, GC count/ms/max)
 *   GET /profile/start         a CPU profile from now on
 *   GET /profile/stop?file=... the profile written to that file (a .cpuprofile: Chrome DevTools, streams-profile.ts)
 *   GET /heap/start            sampling of what is allocated from now on
 *   GET /heap/stop?file=...    what of it is still alive, by allocation site (a .heapprofile: streams-profile.ts)
 *   GET /heap/live             the heap in use after a full collection (bytes): what the held streams keep alive,
 *                              without the garbage that heapUsed counts until the next collection
 */
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Session } from 'node:inspector';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';

const port = Number(process.env.STREAMS_PROBE_PORT);
if (Number.isInteger(port) && port > 0) {
  // 1 ms: a stall shorter than the resolution can fall between two samples and be missed.
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const gcs: number[] = [];
  /** Collections of 5 ms or more: when (performance.now()) and how long, to tell a stall that was one. */
  const longGcs: { at: number; ms: number }[] = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcs.push(entry.duration);
      if (entry.duration >= 5) longGcs.push({ at: entry.startTime, ms: entry.duration });
    }
  }).observe({ entryTypes: ['gc'] });
  /**
   * The loop's longest stalls, when they ended (ms into the window) and how long, with the collections' share of
   * them: a 10 ms timer that fires late by that much was held by one turn of the loop (issue 15: stalls of 90 ms
   * at 19,000 streams that no single collection explains).
   */
  const STALL_MS = 30;
  const stalls: { atMs: number; ms: number; gcMs: number }[] = [];
  let tick = performance.now();
  setInterval(() => {
    const now = performance.now();
    const late = now - tick - 10;
    tick = now;
    if (late < STALL_MS) return;
    const gcMs = longGcs.filter((g) => g.at >= now - late - 10).reduce((sum, g) => sum + g.ms, 0);
    stalls.push({ atMs: Math.round(now - wallFrom), ms: Math.round(late), gcMs: Math.round(gcMs) });
  }, 10).unref();
  let cpuFrom = process.cpuUsage();
  let eluFrom = performance.eventLoopUtilization();
  let wallFrom = performance.now();

  const session = new Session();
  session.connect();
  const post = (method: string, params: object = {}): Promise<unknown> =>
    new Promise((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );

  const ms = (ns: number): number => Math.round(ns / 1e4) / 100;
  const window = () => {
    const cpu = process.cpuUsage(cpuFrom);
    const wall = performance.now() - wallFrom;
    return {
      wallMs: Math.round(wall),
      loopDelayMs: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
      /** Busy share of the event loop over the window (0..1). */
      loopUtilization: Math.round(performance.eventLoopUtilization(eluFrom).utilization * 1000) / 1000,
      /** CPU time of the whole process (all threads: GC helpers, PGlite's WASM, libuv) as a share of one core. */
      cpuShare: Math.round(((cpu.user + cpu.system) / 1000 / wall) * 1000) / 1000,
      gc: {
        count: gcs.length,
        totalMs: Math.round(gcs.reduce((a, b) => a + b, 0) * 10) / 10,
        maxMs: Math.round(Math.max(0, ...gcs) * 10) / 10,
      },
      heapMb: Math.round(process.memoryUsage().heapUsed / 1e6),
      /** Stalls of STALL_MS or more, the longest first (at most 10). */
      stalls: [...stalls].sort((a, b) => b.ms - a.ms).slice(0, 10),
    };
  };

  createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://probe');
      let body: unknown = {};
      if (url.pathname === '/reset') {
        delay.reset();
        gcs.length = 0;
        longGcs.length = 0;
        stalls.length = 0;
        cpuFrom = process.cpuUsage();
        eluFrom = performance.eventLoopUtilization();
        wallFrom = performance.now();
      } else if (url.pathname === '/window') {
        body = window();
      } else if (url.pathname === '/profile/start') {
        await post('Profiler.enable');
        await post('Profiler.setSamplingInterval', { interval: 200 });
        await post('Profiler.start');
      } else if (url.pathname === '/profile/stop') {
        const { profile } = (await post('Profiler.stop')) as { profile: unknown };
        writeFileSync(url.searchParams.get('file') ?? 'streams.cpuprofile', JSON.stringify(profile));
      } else if (url.pathname === '/heap/live') {
        await post('HeapProfiler.collectGarbage');
        body = { heapUsed: process.memoryUsage().heapUsed };
      } else if (url.pathname === '/heap/start') {
        await post('HeapProfiler.enable');
        await post('HeapProfiler.startSampling', { samplingInterval: 4096 });
      } else if (url.pathname === '/heap/stop') {
        const { profile } = (await post('HeapProfiler.stopSampling')) as { profile: unknown };
        writeFileSync(url.searchParams.get('file') ?? 'streams.heapprofile', JSON.stringify(profile));
      } else {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    })().catch((error: unknown) => res.writeHead(500).end(String(error)));
  })
    .listen(port, '127.0.0.1')
    .unref();
}
