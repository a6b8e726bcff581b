import { Router } from 'express';
import { z } from 'zod';
import {
  bulkBodySchema,
  bulkJobSchema,
  bulkParamsSchema,
  bulkPreviewSchema,
  bulkStartedSchema,
} from '../../schema/ops/bulk.ts';
import { failuresQuerySchema, failuresResponseSchema } from '../../schema/ops/failures.ts';
import {
  CANCELLED_CODE,
  cancelResponseSchema,
  commandParamsSchema,
  retryBodySchema,
  retryResponseSchema,
} from '../../schema/ops/retry.ts';
import { okAnswer, type ApiRoute } from '../http/api-description.ts';
import type { FeatureLookup } from '../executor/execute.ts';
import { featureOf as registeredFeatures } from '../features/registered.ts';
import { authenticate } from '../http/auth.ts';
import { operatorOf, requireRole } from '../http/operator-guard.ts';
import { HttpProblem } from '../http/problem.ts';
import { ok, parseInput } from '../http/respond.ts';
import type { Database } from '../store/database.ts';
import { abortBulk, bulkJob, previewBulk, startBulk } from './bulk-jobs.ts';
import { cancelCommand, previewRetry, retryCommand } from './command-actions.ts';
import { failureGroups } from './failure-groups.ts';

/**
 * The console's failures, under /api/ops: failure groups (viewer), retry with a dry run and cancel of one command,
 * bulk retry or cancel by filter with a preview, progress and abort (support). Each route checks its own role, so
 * this router lets through untouched every other /api/ops call.
 */
export const opsFailureRoutes = (db: Database, featureOf: FeatureLookup = registeredFeatures): Router => {
  const router = Router();
  const viewer = [authenticate(db), requireRole(db, 'viewer')];
  const support = [authenticate(db), requireRole(db, 'support')];

  /** GET /api/ops/failures?range=hour|day|week: failed and refused commands grouped by cause, with counts over time. */
  router.get('/failures', ...viewer, async (req, res) => {
    const { range } = parseInput(failuresQuerySchema, req.query, 'query');
    ok(res, await failureGroups(db, range));
  });

  /** POST /api/ops/commands/:id/retry `{ dryRun }`: run a failed command again (same id), or say what that would do. */
  router.post('/commands/:id/retry', ...support, async (req, res) => {
    const { id } = parseInput(commandParamsSchema, req.params, 'params');
    const { dryRun } = parseInput(retryBodySchema, req.body, 'body');
    if (dryRun) {
      ok(res, { dryRun: true, id, preview: await previewRetry(db, featureOf, id) });
      return;
    }
    await retryCommand(db, operatorOf(req), id);
    ok(res, { dryRun: false, id, status: 'pending' });
  });

  /** POST /api/ops/commands/:id/cancel: a failed or pending command is refused as cancelled; its device is told. */
  router.post('/commands/:id/cancel', ...support, async (req, res) => {
    const { id } = parseInput(commandParamsSchema, req.params, 'params');
    const operator = operatorOf(req);
    await cancelCommand(db, operator, id);
    ok(res, { id, status: 'rejected', resultCode: CANCELLED_CODE, cancelledBy: operator.email });
  });

  /** POST /api/ops/bulk `{ action, filter, dryRun }`: the count it would touch, or a started job. */
  router.post('/bulk', ...support, async (req, res) => {
    const { action, filter, dryRun } = parseInput(bulkBodySchema, req.body, 'body');
    if (dryRun) {
      ok(res, { dryRun: true, action, ...(await previewBulk(db, action, filter)) });
      return;
    }
    // Runs once: on the instance this request reached, and only there (no loop on any other instance takes jobs);
    // its progress and abort live in its row, so any instance shows or aborts it (ops/bulk-jobs.ts).
    const { job } = await startBulk(db, operatorOf(req), action, filter);
    res.status(202).json({ code: 202, result: { dryRun: false, job } });
  });

  /** GET /api/ops/bulk/:id: a job's progress (done, failed, total) and state. */
  router.get('/bulk/:id', ...viewer, async (req, res) => {
    const { id } = parseInput(bulkParamsSchema, req.params, 'params');
    const job = await bulkJob(db, id);
    if (!job) throw new HttpProblem(404, `No bulk job ${id}`, 'id');
    ok(res, job);
  });

  /** DELETE /api/ops/bulk/:id: aborts a running job before its next step. */
  router.delete('/bulk/:id', ...support, async (req, res) => {
    const { id } = parseInput(bulkParamsSchema, req.params, 'params');
    const aborted = await abortBulk(db, operatorOf(req), id);
    if (aborted) {
      ok(res, aborted);
      return;
    }
    const job = await bulkJob(db, id);
    if (!job) throw new HttpProblem(404, `No bulk job ${id}`, 'id');
    throw new HttpProblem(409, `The bulk job is ${job.state} already`, 'id');
  });
  return router;
};

export const failureApi: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/ops/failures',
    summary: 'Failed and refused commands grouped by cause, with counts over time',
    access: 'viewer',
    request: { query: failuresQuerySchema },
    responses: okAnswer('The groups', failuresResponseSchema),
  },
  {
    method: 'post',
    path: '/api/ops/commands/:id/retry',
    summary: 'Run a failed command again (same id), or with `dryRun` say what that would do; audited',
    access: 'support',
    request: { params: commandParamsSchema, body: retryBodySchema },
    responses: {
      ...okAnswer('The preview, or the command pending again', retryResponseSchema),
      404: { description: 'No such command' },
      409: { description: 'The command is not failed' },
    },
  },
  {
    method: 'post',
    path: '/api/ops/commands/:id/cancel',
    summary: 'Refuse a failed or pending command as cancelled; its device is told; audited',
    access: 'support',
    request: { params: commandParamsSchema },
    responses: {
      ...okAnswer('The command, refused', cancelResponseSchema),
      404: { description: 'No such command' },
      409: { description: 'The command has settled already' },
    },
  },
  {
    method: 'post',
    path: '/api/ops/bulk',
    summary: 'Retry or cancel every command a filter selects: with `dryRun` the count, else a started job',
    access: 'support',
    request: { body: bulkBodySchema },
    responses: {
      ...okAnswer('The count the job would touch', bulkPreviewSchema),
      202: { description: 'The job, started', schema: z.object({ code: z.literal(202), result: bulkStartedSchema }) },
    },
  },
  {
    method: 'get',
    path: '/api/ops/bulk/:id',
    summary: "A bulk job's progress (done, failed, total) and state",
    access: 'viewer',
    request: { params: bulkParamsSchema },
    responses: { ...okAnswer('The job', bulkJobSchema), 404: { description: 'No such job' } },
  },
  {
    method: 'delete',
    path: '/api/ops/bulk/:id',
    summary: 'Abort a running bulk job before its next step; audited',
    access: 'support',
    request: { params: bulkParamsSchema },
    responses: {
      ...okAnswer('The job, aborted', bulkJobSchema),
      404: { description: 'No such job' },
      409: { description: 'The job has finished or was aborted already' },
    },
  },
];
