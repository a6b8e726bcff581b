import { Router } from 'express';
import type { Database } from '../store/database.ts';
import { auditRoutes } from './audit-routes.ts';
import { operatorAccountRoutes } from './operator-account-routes.ts';
import { queueRoutes } from './queue-routes.ts';

/**
 * The operator console's API (issue 30), mounted at /api/ops: who the operators are and their roles, the audit log
 * and the moderation queues. Each route names the role it needs (http/operator-guard.ts), so a shopper's token
 * gets 403 everywhere here.
 */
export const opsRoutes = (db: Database): Router => {
  const router = Router();
  router.use(operatorAccountRoutes(db), auditRoutes(db), queueRoutes(db));
  return router;
};
