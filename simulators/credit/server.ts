import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { z } from 'zod';
import { ApplicationBook, type Application } from './applications.ts';
import { operatorPage } from './pages.ts';

/**
 * The test creditor's HTTP API (the three providers behind one address; the store sends the provider's id):
 * - `POST /applications` (Authorization: Bearer <key>, Idempotency-Key required): a new application, decided at once
 *   (decide.ts); a repeated key answers the first application (200 instead of 201) and makes no second one.
 * - `GET /applications/:id`, `GET /applications?idempotencyKey=`: an application, 404 when there is none.
 * - `POST /applications/:id/cancel`: cancels an approved or waiting one (once; a repeat answers the same).
 * Test-only: `GET /__sim/stats`, `POST /__sim/decide {id, status}`, `POST /__sim/faults {dropNext?, delayNextMs?}`,
 * `GET|POST /__sim/operator` (the ТЕСТОВ КРЕДИТОР page).
 */

const applicationRequestSchema = z.object({
  providerId: z.union([z.literal(8), z.literal(10), z.literal(14)]),
  provider: z.enum(['jetcredit', 'unicredit', 'dsk']),
  orderNumber: z.string().min(1).max(50),
  amountEur: z.number().int().min(1),
  creditDetails: z.looseObject({
    fullName: z.string().min(1).max(100),
    egn: z.string().regex(/^\d{10}$/),
    creditAmount: z.number().int().min(1),
    monthsNumber: z.number().int().min(1).max(120),
    comment: z.string().max(1000).optional(),
  }),
});

const decideSchema = z.object({ id: z.string().min(1), status: z.enum(['approved', 'refused']) });
const faultsSchema = z.object({
  /** The next API answer is dropped after the work is done (the connection is closed without a reply). */
  dropNext: z.boolean().optional(),
  /** The next API answer waits this long. */
  delayNextMs: z.number().int().min(0).max(120_000).optional(),
});

const BODY_MAX = 64 * 1024;

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_MAX) {
        reject(new Error('body too large'));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const send = (res: ServerResponse, status: number, body: unknown): void => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};

const answerOf = (a: Application) => ({
  id: a.id,
  status: a.status,
  providerId: a.providerId,
  provider: a.provider,
  orderNumber: a.orderNumber,
  creditAmount: a.creditAmount,
  monthsNumber: a.monthsNumber,
  ...(a.reason ? { reason: a.reason } : {}),
  ...(a.documents ? { documents: a.documents } : {}),
  ...(a.cancellationId ? { cancellationId: a.cancellationId } : {}),
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
});

const jsonOf = (text: string): unknown => {
  try {
    return text === '' ? {} : JSON.parse(text);
  } catch {
    return undefined;
  }
};

export const createCreditSimulator = (apiKey: string, now: () => Date = () => new Date()): Server => {
  const book = new ApplicationBook();
  let faults: z.infer<typeof faultsSchema> = {};

  /** An API answer, with any armed fault applied once: after the work is done, as a lost answer would be. */
  const answer = async (res: ServerResponse, status: number, body: unknown): Promise<void> => {
    const armed = faults;
    faults = {};
    if (armed.delayNextMs) await new Promise((r) => setTimeout(r, armed.delayNextMs));
    if (armed.dropNext) {
      res.socket?.destroy();
      return;
    }
    send(res, status, body);
  };

  const api = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    if (req.headers.authorization !== `Bearer ${apiKey}`) return send(res, 401, { error: 'unauthorized' });
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    if (req.method === 'POST' && parts.length === 1) {
      const key = req.headers['idempotency-key'];
      if (typeof key !== 'string' || key.length < 8 || key.length > 200) {
        return send(res, 400, { error: 'Idempotency-Key header required', field: 'Idempotency-Key' });
      }
      const parsed = applicationRequestSchema.safeParse(jsonOf(await readBody(req)));
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        return send(res, 400, { error: issue.message, field: issue.path.join('.') });
      }
      const { creditDetails, ...rest } = parsed.data;
      const { application, repeated } = book.submit(
        key,
        {
          ...rest,
          fullName: creditDetails.fullName,
          egn: creditDetails.egn,
          comment: creditDetails.comment ?? '',
          creditAmount: creditDetails.creditAmount,
          monthsNumber: creditDetails.monthsNumber,
        },
        now(),
      );
      return answer(res, repeated ? 200 : 201, answerOf(application));
    }
    if (req.method === 'GET' && parts.length === 1) {
      const key = url.searchParams.get('idempotencyKey');
      const found = key ? book.findByKey(key) : undefined;
      return found ? answer(res, 200, answerOf(found)) : answer(res, 404, { error: 'not_found' });
    }
    if (req.method === 'GET' && parts.length === 2) {
      const found = book.find(parts[1]!);
      return found ? answer(res, 200, answerOf(found)) : answer(res, 404, { error: 'not_found' });
    }
    if (req.method === 'POST' && parts.length === 3 && parts[2] === 'cancel') {
      const result = book.cancel(parts[1]!, now());
      if (result === 'not_found') return answer(res, 404, { error: 'not_found' });
      if (result === 'not_cancellable') return answer(res, 409, { error: 'not_cancellable' });
      return answer(res, 200, { ...answerOf(result), cancellationId: result.cancellationId });
    }
    return send(res, 404, { error: 'not_found' });
  };

  const sim = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    if (req.method === 'GET' && url.pathname === '/__sim/stats') return send(res, 200, book.stats());
    if (req.method === 'POST' && url.pathname === '/__sim/decide') {
      const parsed = decideSchema.safeParse(jsonOf(await readBody(req)));
      if (!parsed.success) return send(res, 400, { error: parsed.error.issues[0]!.message });
      return book.settle(parsed.data.id, parsed.data.status, now())
        ? send(res, 200, answerOf(book.find(parsed.data.id)!))
        : send(res, 409, { error: 'not_waiting_for_documents' });
    }
    if (req.method === 'POST' && url.pathname === '/__sim/faults') {
      const parsed = faultsSchema.safeParse(jsonOf(await readBody(req)));
      if (!parsed.success) return send(res, 400, { error: parsed.error.issues[0]!.message });
      faults = parsed.data;
      return send(res, 200, faults);
    }
    if (url.pathname === '/__sim/operator') {
      if (req.method === 'POST') {
        const form = new URLSearchParams(await readBody(req));
        const parsed = decideSchema.safeParse({ id: form.get('id'), status: form.get('status') });
        if (parsed.success) book.settle(parsed.data.id, parsed.data.status, now());
        res.writeHead(303, { location: '/__sim/operator' });
        return void res.end();
      }
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "default-src 'none'; form-action 'self'",
      });
      return void res.end(operatorPage(book.all()));
    }
    return send(res, 404, { error: 'not_found' });
  };

  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const handler = url.pathname.startsWith('/__sim/')
      ? sim
      : url.pathname.startsWith('/applications')
        ? api
        : undefined;
    if (!handler) return send(res, 404, { error: 'not_found' });
    handler(req, res, url).catch((error: unknown) => {
      if (!res.headersSent) send(res, 400, { error: (error as Error).message });
    });
  });
};
