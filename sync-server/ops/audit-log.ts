import type { AuditLine, AuditQuery } from '../../schema/ops/audit.ts';
import type { Sql, SqlParam } from '../store/database.ts';

interface AuditRow {
  id: number;
  at: Date | string;
  actor_owner: string;
  actor_email: string;
  actor_role: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

/** A LIKE pattern that matches `prefix` literally at the start. */
const prefixPattern = (prefix: string): string => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of the audit log, newest first, after the filters (schema/ops/audit.ts): keyset by id, so a page costs
 * the same deep in the log as at its top, and lines written while an operator pages never shift the next page.
 * `next` is the `before` of the next page, null at the end.
 */
export const auditPage = async (sql: Sql, query: AuditQuery): Promise<{ items: AuditLine[]; next: number | null }> => {
  const params: SqlParam[] = [];
  const where: string[] = [];
  const param = (value: SqlParam): string => {
    params.push(value);
    return `$${params.length}`;
  };
  if (query.before !== undefined) where.push(`id < ${param(query.before)}`);
  if (query.actor !== undefined) {
    const actor = param(query.actor);
    where.push(`(actor_owner = ${actor} OR lower(actor_email) = lower(${actor}))`);
  }
  if (query.action !== undefined) {
    where.push(
      query.action.endsWith('.')
        ? `action LIKE ${param(prefixPattern(query.action))} ESCAPE '\\'`
        : `action = ${param(query.action)}`,
    );
  }
  if (query.target !== undefined) where.push(`target = ${param(query.target)}`);
  if (query.from !== undefined) where.push(`at >= to_timestamp(${param(query.from)}::double precision / 1000)`);
  if (query.to !== undefined) where.push(`at < to_timestamp(${param(query.to)}::double precision / 1000)`);
  const rows = await sql.query<AuditRow>(
    `SELECT id, at, actor_owner, actor_email, actor_role, action, target, before, after FROM ops_audit
     ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY id DESC LIMIT ${param(query.limit + 1)}`,
    params,
  );
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((row) => ({
      id: row.id,
      at: new Date(row.at).toISOString(),
      actorOwner: row.actor_owner,
      actorEmail: row.actor_email,
      actorRole: row.actor_role,
      action: row.action,
      target: row.target,
      before: row.before,
      after: row.after,
    })),
    next: rows.length > query.limit ? page.at(-1)!.id : null,
  };
};
