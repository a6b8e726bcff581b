import type { Operator } from '../http/operator-guard.ts';
import type { Sql } from '../store/database.ts';

/** One operator action, as the audit log keeps it. */
export interface AuditEntry {
  /** What was done, as `area.verb`: 'ad.approve', 'order.status', 'command.retry', 'role.grant'… */
  action: string;
  /** What it was done to: 'ad:12', 'order:000000042', 'command:<uuid>', 'user:<owner>'. */
  target: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes the audit line of an operator action. Call it inside the action's transaction: a rolled-back action
 * leaves no line, and every action that happened has one.
 */
export const recordAudit = async (tx: Sql, operator: Operator, entry: AuditEntry): Promise<void> => {
  await tx.query(
    `INSERT INTO ops_audit (actor_owner, actor_email, actor_role, action, target, before, after)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      operator.owner,
      operator.email,
      operator.role,
      entry.action,
      entry.target,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
    ],
  );
};
