import { BehaviorSubject, distinctUntilChanged, type Observable, type Subscription } from 'rxjs';

/**
 * Every tab shows the true state of the one connection (issue 19): only the leader tab holds the live stream
 * (store-client.ts), so the others learn its state from it over a BroadcastChannel of the database's name. The
 * leader says it on every change and answers a tab that asks (a tab asks when it opens, and when it stops being
 * sure: a leader that closed). Nothing is stored: a state from a past session can never be shown.
 */
type Message = { kind: 'ask' } | { kind: 'state'; connected: boolean };

export interface TabConnection {
  /** The connection as the leader tab last said it (false until one has). */
  readonly connected$: Observable<boolean>;
  /** This tab leads: from now on it says its own state. */
  lead(own$: Observable<boolean>): void;
  close(): void;
}

export const createTabConnection = (name: string): TabConnection => {
  const heard = new BehaviorSubject(false);
  // Where there is no BroadcastChannel (an old browser, a test runtime) a tab knows only its own state.
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(`store-connection:${name}`) : null;
  let leading: Subscription | undefined;
  let own = false;
  if (channel) {
    // Node's channel (tests, benches) would otherwise keep the process alive; browsers have no unref.
    (channel as { unref?: () => void }).unref?.();
    channel.onmessage = (event: MessageEvent<Message>) => {
      const message = event.data;
      if (leading && message.kind === 'ask') channel.postMessage({ kind: 'state', connected: own });
      if (!leading && message.kind === 'state') heard.next(message.connected);
    };
    channel.postMessage({ kind: 'ask' } satisfies Message);
  }
  return {
    connected$: heard.pipe(distinctUntilChanged()),
    lead(own$) {
      leading ??= own$.pipe(distinctUntilChanged()).subscribe((connected) => {
        own = connected;
        heard.next(connected);
        channel?.postMessage({ kind: 'state', connected } satisfies Message);
      });
    },
    close() {
      leading?.unsubscribe();
      channel?.close();
    },
  };
};
