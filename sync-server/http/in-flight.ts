import type { IncomingMessage, ServerResponse } from 'node:http';

/** How long a device is asked to wait when it reaches a server that is shutting down. */
const RETRY_AFTER_S = 2;

export interface RequestTracker {
  /** Counts the request in, or answers it 503 when the server is stopping (false: do not serve it). */
  admit(req: IncomingMessage, res: ServerResponse): boolean;
  /** The requests in flight close their connection once answered (a shutdown's first step). */
  closeAfterAnswer(): void;
  /** Requests being answered now. */
  readonly count: number;
  /** Resolves true when no request is in flight, false when `timeoutMs` passed first. */
  drained(timeoutMs: number): Promise<boolean>;
}

/**
 * The requests a server is answering, for a graceful shutdown. While stopping, every answer closes its
 * connection (`closeAfterAnswer`) (a kept-alive one would bring the next request to a server about to go), and a request that still
 * arrives on an open connection is refused with 503 and Retry-After: the device sends it again to an instance that
 * stays (a push carries its command ids, so nothing runs twice).
 */
export const trackRequests = (stopping: () => boolean): RequestTracker => {
  const open = new Set<ServerResponse>();
  let onEmpty: (() => void) | undefined;
  return {
    admit(_req, res) {
      if (stopping()) {
        res.writeHead(503, {
          'content-type': 'application/json; charset=utf-8',
          'retry-after': String(RETRY_AFTER_S),
          connection: 'close',
        });
        res.end(JSON.stringify({ code: 503, result: { error: 'The server is restarting: try again shortly' } }));
        return false;
      }
      open.add(res);
      res.once('close', () => {
        open.delete(res);
        if (open.size === 0) onEmpty?.();
      });
      return true;
    },
    closeAfterAnswer() {
      for (const res of open) if (!res.headersSent) res.setHeader('connection', 'close');
    },
    get count() {
      return open.size;
    },
    drained(timeoutMs) {
      if (open.size === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          onEmpty = undefined;
          resolve(false);
        }, timeoutMs);
        onEmpty = () => {
          clearTimeout(timer);
          onEmpty = undefined;
          resolve(true);
        };
      });
    },
  };
};
