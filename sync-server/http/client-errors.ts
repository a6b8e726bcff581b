import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** How long a refused connection is still read from before it is closed (what the client had already sent). */
const LINGER_MS = 2_000;

/** The answer to a request the parser refused: its head too big (a 100 KB address), too slow, or malformed. */
const statusOf = (code: string | undefined): number =>
  code === 'HPE_HEADER_OVERFLOW' ? 431 : code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;

/**
 * Answers what Node's HTTP parser refuses with a plain 4xx and closes the connection gently. Node's own answer closed
 * the socket at once, with the rest of the client's request still unread in it; the kernel then answers with a reset,
 * which can reach the client before the 4xx does, so a device saw "connection reset" instead of "431" (the route
 * fuzzer on Node 24: tests/integration/fuzz-routes.test.ts). Here the answer is written and the connection half
 * closed, and what the client still sends is read and dropped for up to LINGER_MS (nginx's lingering close).
 */
export const answerClientErrors = (server: Server): void => {
  const answered = new WeakSet<Duplex>();
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (answered.has(socket)) return;
    answered.add(socket);
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = statusOf(error.code);
    // No body: the request's method is unknown (the parser gave up), and a HEAD's answer must have none.
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
    );
    socket.on('data', () => {});
    socket.on('error', () => {});
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  });
};
