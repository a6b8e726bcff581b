import type { ServerOptions } from 'node:http';

/**
 * How long node:http lets a connection take to say what it wants (issue 31). A half-open socket, one that sends
 * nothing or stops inside its headers, holds a file descriptor: Node 20's defaults (headers within 60 s, checked
 * every 30 s) kept 19,960 of them for about 67 s, long enough for an attacker to open them again.
 *
 * - `headersTimeout` (HEADERS_TIMEOUT_MS, 10 s): a connection whose request headers are not complete this long after
 *   it opened (on a kept-alive connection: after the next request's first byte) is answered 408 and closed. It covers a socket that never sends
 *   a byte: node:http starts the clock when it accepts the socket (tests/integration/connection-guard.test.ts).
 * - `connectionsCheckingInterval`: how often that is checked, so a socket goes within about a quarter of the
 *   timeout past it (it costs a walk over the connections still reading a request; held streams are not among them).
 * - `requestTimeout` (Node's 300 s, kept): the whole request, body included, must arrive within it. A push may carry
 *   4 MB, and a phone on a slow link needs minutes for that; a caller dribbling a body is bounded by the cap per
 *   address (connection-guard.ts). It ends when the request has arrived, so a live stream (a long response to a
 *   short request) is never cut by it.
 *
 * Idle kept-alive connections (a request answered, no next one yet) are closed after `keepAliveTimeout`, set in
 * server.ts above a balancer's idle timeout.
 */

export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;

const REQUEST_TIMEOUT_MS = 300_000;

export const socketTimeouts = (
  headersTimeoutMs = DEFAULT_HEADERS_TIMEOUT_MS,
): Pick<ServerOptions, 'headersTimeout' | 'requestTimeout' | 'connectionsCheckingInterval'> => ({
  headersTimeout: headersTimeoutMs,
  // node:http refuses a headersTimeout above the requestTimeout.
  requestTimeout: Math.max(REQUEST_TIMEOUT_MS, headersTimeoutMs),
  connectionsCheckingInterval: Math.min(1_000, Math.max(25, Math.floor(headersTimeoutMs / 4))),
});
