import { Router } from 'express';
import { z } from 'zod';
import { commandListQuerySchema } from '../../schema/ops/command-filter.ts';
import { authenticate } from '../http/auth.ts';
import { requireRole } from '../http/operator-guard.ts';
import { HttpProblem } from '../http/problem.ts';
import { ok, parseInput } from '../http/respond.ts';
import type { Database } from '../store/database.ts';
import { readCommandDetail } from './command-detail.ts';
import { streamCommandExport } from './command-export.ts';
import { readCommandPage } from './command-log-query.ts';
import { openCommandTail } from './command-tail.ts';
import { readShopperView } from './shopper-view.ts';

const commandIdParamSchema = z.object({
  id: z
    .string()
    .regex(
      /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
      'must be a command id (UUID)',
    )
    .transform((id) => id.toLowerCase()),
});
const shopperParamSchema = z.object({ key: z.string().trim().min(1).max(254) });

/**
 * The command log's API for the operator console, under /api/ops (any operator role: reading is a viewer's right).
 * - `GET /commands`: a page, newest first, with the filters of schema/ops/command-filter.ts; `?format=csv|ndjson`
 *   (or `/commands.csv`, `/commands.ndjson`) streams every matching command instead.
 * - `GET /commands/:id`: one command, its payload masked, with its attempts, deliveries and timeline.
 * - `GET /shoppers/:key`: a shopper by owner id or e-mail.
 * - `GET /tail`: the live tail (Server-Sent Events).
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
