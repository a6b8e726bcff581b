import { Router } from 'express';
import { z } from 'zod';
import { commandListQuerySchema } from '../../schema/ops/command-filter.ts';
import { storableString } from '../../schema/validation/storable.ts';
import { authenticate } from '../http/auth.ts';
import { requireRole } from '../http/operator-guard.ts';
import { HttpProblem } from '../http/problem.ts';
import { ok, parseInput } from '../http/respond.ts';
import type { Database } from '../store/database.ts';
import { readCommandDetail } from './command-detail.ts';
import { streamCommandExport } from './command-export.ts';
import { readCommandPage } from './command-log-query.ts';
import { openCommandTail, TAIL_MAX_BACKLOG } from './command-tail.ts';
import { readShopperView } from './shopper-view.ts';
import { okAnswer, type ApiRoute } from '../http/api-description.ts';
import {
  commandDetailSchema,
  commandLogPageSchema,
  commandTailEventSchema,
  shopperViewSchema,
} from '../../schema/ops/command-log.ts';

const commandIdParamSchema = z.object({
  id: z
    .string()
    .regex(
      /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
      'must be a command id (UUID)',
    )
    .transform((id) => id.toLowerCase()),
});
const shopperParamSchema = z.object({ key: storableString().trim().min(1).max(254) });

/**
 * The command log's API for the operator console, under /api/ops (any operator role: reading is a viewer's right).
 * - `GET /commands`: a page, newest first, with the filters of schema/ops/command-filter.ts; `?format=csv|ndjson`
 *   (or `/commands.csv`, `/commands.ndjson`) streams every matching command instead.
 * - `GET /commands/:id`: one command, its payload masked, with its attempts, deliveries and timeline.
 * - `GET /shoppers/:key`: a shopper by owner id or e-mail.
 * - `GET /tail`: the live tail (Server-Sent Events); far behind, it skips the backlog and says so (`gap`).
 */
export const commandLogRoutes = (db: Database): Router => {
  const router = Router();
  router.use(['/commands', '/commands.csv', '/commands.ndjson', '/shoppers', '/tail'], authenticate(db));
  router.use(['/commands', '/commands.csv', '/commands.ndjson', '/shoppers', '/tail'], requireRole(db, 'viewer'));

  router.get('/commands.csv', async (req, res) => {
    const { filter } = parseInput(commandListQuerySchema, req.query, 'query');
    await streamCommandExport(db, res, filter, 'csv');
  });
  router.get('/commands.ndjson', async (req, res) => {
    const { filter } = parseInput(commandListQuerySchema, req.query, 'query');
    await streamCommandExport(db, res, filter, 'ndjson');
  });

  router.get('/commands', async (req, res) => {
    const { filter, cursor, limit, format } = parseInput(commandListQuerySchema, req.query, 'query');
    if (format !== 'json') {
      await streamCommandExport(db, res, filter, format);
      return;
    }
    ok(res, await readCommandPage(db, filter, cursor, limit));
  });

  router.get('/commands/:id', async (req, res) => {
    const { id } = parseInput(commandIdParamSchema, req.params, 'params');
    const detail = await readCommandDetail(db, id);
    if (!detail) throw new HttpProblem(404, `No command ${id}`, 'id');
    ok(res, detail);
  });

  router.get('/shoppers/:key', async (req, res) => {
    const { key } = parseInput(shopperParamSchema, req.params, 'params');
    const view = await readShopperView(db, key);
    if (!view) throw new HttpProblem(404, `No shopper ${key}`, 'key');
    ok(res, view);
  });

  router.get('/tail', async (req, res) => {
    const { filter } = parseInput(commandListQuerySchema, req.query, 'query');
    await openCommandTail(db, req, res, filter);
  });

  return router;
};

const exportRoute = (format: 'csv' | 'ndjson'): ApiRoute => ({
  method: 'get',
  path: `/api/ops/commands.${format}`,
  summary: `Every command the filters select, streamed as ${format.toUpperCase()}`,
  access: 'viewer',
  request: { query: commandListQuerySchema },
  responses: {
    200: {
      description: 'The rows, newest first',
      mediaType: format === 'csv' ? 'text/csv' : 'application/x-ndjson',
    },
  },
});

export const commandLogApi: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/ops/commands',
    summary: 'The command log, newest first, keyset-paged, filtered (`?format=csv|ndjson` streams all instead)',
    access: 'viewer',
    request: { query: commandListQuerySchema },
    responses: okAnswer('A page and the cursor of the next', commandLogPageSchema),
  },
  exportRoute('csv'),
  exportRoute('ndjson'),
  {
    method: 'get',
    path: '/api/ops/commands/:id',
    summary: 'One command: masked payload, result, states, push attempts, deliveries and timeline',
    access: 'viewer',
    request: { params: commandIdParamSchema },
    responses: { ...okAnswer('The command', commandDetailSchema), 404: { description: 'No such command' } },
  },
  {
    method: 'get',
    path: '/api/ops/shoppers/:key',
    summary: 'A shopper by owner id or e-mail: devices, cart, orders, ads, reviews, messages, mails, commands',
    access: 'viewer',
    request: { params: shopperParamSchema },
    responses: { ...okAnswer('The shopper', shopperViewSchema), 404: { description: 'No such shopper' } },
  },
  {
    method: 'get',
    path: '/api/ops/tail',
    summary: 'The command log live (Server-Sent Events `command`, and `gap`), with the same filters',
    access: 'viewer',
    request: { query: commandListQuerySchema },
    responses: {
      200: {
        description:
          'Events `command`: a command received or settled (the schema). A tail more than ' +
          `${TAIL_MAX_BACKLOG} matching commands behind (Last-Event-ID) skips to the newest and sends \`gap\` ` +
          'instead: `{ skipped, more, after }`',
        schema: commandTailEventSchema,
        mediaType: 'text/event-stream',
      },
    },
  },
];
