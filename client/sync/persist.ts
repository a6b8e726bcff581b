import { filter, firstValueFrom, fromEvent, race, skip, timer, type BehaviorSubject, type Observable } from 'rxjs';

/** Thrown by `persist` when its signal aborts: the caller was stopped, nothing failed. */
export class Stopped extends Error {
  constructor() {
    super('sync stopped');
  }
}

export interface PersistOptions {
  /** The device's network state: while offline a call waits for it instead of failing. */
  online: BehaviorSubject<boolean>;
  signal: AbortSignal;
  /** Retry now instead of at the end of the back-off (the live stream reconnected: the server is back). */
  nudge$: Observable<unknown>;
}

const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 8000;

/**
 * Runs a network call until it succeeds. While the device is offline the call waits, so a queue drains
 * the moment the network is back; after a failure it retries, backing off from 1 s to 8 s, sooner when
 * the network returns or the caller is nudged. Only the signal ends it (with Stopped).
 */
export const persist = async <T>(call: () => Promise<T>, { online, signal, nudge$ }: PersistOptions): Promise<T> => {
  const aborted$ = fromEvent(signal, 'abort');
  let wait = FIRST_RETRY_MS;
  for (;;) {
    if (signal.aborted) throw new Stopped();
    if (!online.value) {
      await firstValueFrom(race(online.pipe(filter(Boolean)), aborted$));
      continue;
    }
    try {
      return await call();
    } catch {
      if (signal.aborted) throw new Stopped();
      // Gone offline meanwhile: wait for the network, not for the timer.
      if (!online.value) continue;
      await firstValueFrom(race(timer(wait), online.pipe(skip(1), filter(Boolean)), nudge$, aborted$));
      wait = Math.min(wait * 2, LAST_RETRY_MS);
    }
  }
};
