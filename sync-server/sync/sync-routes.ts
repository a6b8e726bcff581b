import { Router, type Response } from 'express';
import { checkpointSchema, pullQuerySchema, pushRequestSchema, type PushRequest } from '../../schema/index.ts';
import { authenticate, bearerToken, principalOf } from '../http/auth.ts';
import { HttpProblem } from '../http/problem.ts';
import type { Database } from '../store/database.ts';
import type { ChangeStreams } from './change-stream.ts';
import type { InlineExecutor } from '../executor/execute.ts';
import { deviceActivityOf } from '../ops/device-activity.ts';
import { deviceHeadersOf } from '../ops/device-headers.ts';
import { pushCommands } from './push-commands.ts';
import { pullSources } from './read-sources.ts';
import { StreamTickets, streamTicketRoute, ticketOf } from './stream-ticket.ts';
import { jsonObject, type ApiRoute } from '../http/api-description.ts';
import { z } from 'zod';
import { logSettled } from '../observability/command-log.ts';

/**
 * `inline`: this process's executor, which runs commands that are next in line inside their push. `tickets`: the
 * live stream's tickets (stream-ticket.ts).
 */
export const syncRoutes = (
  db: Database,
  streams: ChangeStreams,
  onPushed: () => void,
  inline?: InlineExecutor,
  tickets: StreamTickets = new StreamTickets(),
): Router => {
  // GET /sync/stream itself is served ahead of Express (stream-endpoint.ts), with the same answers: what reaches
  // these routes is the path's other spellings (`/sync/stream/`, another case) and HEAD.

  const router = Router();
  const activity = deviceActivityOf(db);

  /** Each pushed command's attempt, for the console (after the answer; never fails the push). */
  const recordPush = (
    at: number,
    owner: string,
    headers: Parameters<typeof deviceHeadersOf>[0],
    rows: PushRequest['rows'],
    conflicts: readonly { id: string }[],
  ): void => {
    const device = deviceHeadersOf(headers);
    void activity.pushed({
      at,
      owner,
      clientId: device.clientId,
      deviceId: device.deviceId,
      appVersion: device.appVersion,
      // The push was taken, so every row's envelope was sound.
      commands: rows.map(({ newDocumentState: doc }) => ({ id: String(doc.id), clientId: String(doc.clientId) })),
      duplicates: new Set(conflicts.map((c) => c.id)),
    });
  };

  /**
   * The live stream: with `?ticket=` (a browser's EventSource cannot send a header) or the bearer header. At the
   * process's limit a new stream is a 503 with Retry-After (the client waits, its queue kept, and pushes are still
   * served); the limit is checked before the ticket or token is looked at, so a full server spends nothing on it,
   * and again right before the stream opens (no await in between), so concurrent opens cannot overshoot it.
   */
  const refuseWhenFull = (res: Response): void => {
    const refusal = streams.refusal();
    if (!refusal) return;
    res.set('retry-after', String(refusal.retryAfterSeconds));
    throw new HttpProblem(refusal.status, refusal.message);
  };
  // A stream is GET only. Express answers HEAD with the GET route, and a HEAD answer's body is never written, so a
  // stream that never ends would never send its headers either: the caller hung and a stream stayed open (found by
  // the fuzz suite).
  router.head('/stream', (_req, res) => {
    res.set('allow', 'GET').status(405).end();
  });
  router.get('/stream', async (req, res, next) => {
    refuseWhenFull(res);
    if (req.query.token !== undefined) {
      throw new HttpProblem(
        401,
        'A token in the address is not accepted: use a stream ticket (not authorized)',
        'token',
      );
    }
    const ticket = ticketOf(req);
    if (ticket === undefined) {
      next();
      return;
    }
    await streams.open(tickets.redeem(ticket).owner, res, undefined, deviceHeadersOf(req.headers).clientId);
  });

  const pullPage = async (source: (typeof pullSources)[string], owner: string, query: unknown) => {
    const parsed = pullQuerySchema.safeParse(query);
    if (!parsed.success) throw HttpProblem.invalid(parsed.error, 'query');
    return source.pull(db, owner, parsed.data.after, parsed.data.limit);
  };
  // The catalogue's collections are the same for everyone: a device without a token yet (a first visit whose guest
  // has not come) pulls them too. With a token the request goes on, so a bad one is still refused.
  router.get('/:collection/pull', async (req, res, next) => {
    const source = pullSources[req.params.collection];
    if (!source?.public || bearerToken(req)) {
      next();
      return;
    }
    res.json(await pullPage(source, '', req.query));
  });

  router.use(authenticate(db));

  router.get('/stream', async (req, res) => {
    refuseWhenFull(res);
    await streams.open(principalOf(req).owner, res, undefined, deviceHeadersOf(req.headers).clientId);
  });
  router.use(streamTicketRoute(tickets, principalOf));

  router.get('/:collection/pull', async (req, res) => {
    const source = pullSources[req.params.collection];
    if (!source) throw new HttpProblem(404, `unknown collection "${req.params.collection}"`, 'collection');
    const owner = principalOf(req).owner;
    const page = await pullPage(source, owner, req.query);
    res.json(page);
    // The console's record of the device (ops/device-activity.ts): outcomes are what every device pulls each round.
    const device = deviceHeadersOf(req.headers);
    if (source.name === 'outcomes' && device.clientId) {
      const reached = page.documents.length > 0 ? page.checkpoint.serverSeq : undefined;
      void activity.pulled({
        owner,
        clientId: device.clientId,
        deviceId: device.deviceId,
        appVersion: device.appVersion,
        reached,
      });
    }
  });

  router.post('/:collection/push', async (req, res) => {
    const source = pullSources[req.params.collection];
    if (!source) throw new HttpProblem(404, `unknown collection "${req.params.collection}"`, 'collection');
    if (!source.pushable) throw new HttpProblem(405, `collection "${source.name}" is pull only`, 'collection');
    const principal = principalOf(req);
    const arrived = Date.now();
    const { response, changes, leftPending } = await pushCommands(db, principal, req.body, inline);
    const settled = changes.filter((change) => change.collection === 'outcomes').flatMap((c) => c.documents);
    logSettled(req.log, settled as unknown as Parameters<typeof logSettled>[1]);
    streams.publish(changes);
    if (leftPending) onPushed();
    res.json(response);
    recordPush(arrived, principal.owner, req.headers, (req.body as PushRequest).rows, response.conflicts);
  });

  return router;
};

const collectionParams = z.object({ collection: z.string().describe('A replicated collection: commands, carts...') });

export const syncApi: ApiRoute[] = [
  {
    method: 'get',
    path: '/sync/stream',
    summary: "The owner's live stream of changes (SSE), by `?ticket=` or the bearer header",
    access: 'token',
    description: 'Events carry `{ collection, documents, checkpoint }`; `RESYNC` asks for a pull. 503 at the limit.',
    request: { query: z.object({ ticket: z.string().optional() }) },
    responses: {
      200: { description: 'The event stream', mediaType: 'text/event-stream' },
      503: { description: 'Too many streams; Retry-After says when to try again' },
    },
  },
  {
    method: 'head',
    path: '/sync/stream',
    summary: 'Refused: a stream is GET only',
    access: 'public',
    responses: { 405: { description: 'Allow: GET' } },
  },
  {
    method: 'post',
    path: '/sync/stream-ticket',
    summary: 'A short-lived ticket to open the caller’s own stream (an EventSource cannot send a header)',
    access: 'token',
    responses: {
      200: {
        description: 'The ticket',
        schema: z.object({ result: z.string(), meta: z.object({ expiresInSeconds: z.number() }) }),
      },
    },
  },
  {
    method: 'get',
    path: '/sync/:collection/pull',
    summary: "A page of the owner's documents of a collection after a checkpoint (the catalogue's need no token)",
    access: 'token',
    request: { params: collectionParams, query: pullQuerySchema },
    responses: {
      200: {
        description: 'Documents and the next checkpoint',
        schema: z.object({ documents: z.array(jsonObject('A document')), checkpoint: checkpointSchema }),
      },
      404: { description: 'Unknown collection' },
    },
  },
  {
    method: 'post',
    path: '/sync/:collection/push',
    summary: 'Push new commands; each is stored once and executed once',
    access: 'token',
    request: { params: collectionParams, body: pushRequestSchema },
    responses: {
      200: {
        description: 'The server state of every document not taken as sent',
        schema: z.object({ conflicts: z.array(jsonObject('A command document')) }),
      },
      404: { description: 'Unknown collection' },
      405: { description: 'A pull-only collection' },
      409: { description: 'Too many commands waiting behind a gap in seq' },
    },
  },
];
