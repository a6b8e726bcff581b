import { lookupKindOf, type CommandFilter } from '../../schema/ops/command-filter.ts';
import type { SqlParam } from '../store/database.ts';

/**
 * The command log's filters as a WHERE clause over `commands` (aliased `c`), its values as parameters numbered
 * after `offset`. Times are when the server received the command.
 */
export const commandFilterSql = (filter: CommandFilter, offset = 0): { where: string; params: SqlParam[] } => {
  const params: SqlParam[] = [];
  const parts: string[] = [];
  const param = (value: SqlParam): string => {
    params.push(value);
    return `$${offset + params.length}`;
  };
  if (filter.type !== undefined) parts.push(`c.type = ${param(filter.type)}`);
  if (filter.status !== undefined) parts.push(`c.status = ${param(filter.status)}`);
  if (filter.resultCode !== undefined) parts.push(`c.result_code = ${param(filter.resultCode)}`);
  if (filter.owner !== undefined) parts.push(`c.owner = ${param(filter.owner)}`);
  if (filter.clientId !== undefined) parts.push(`c.client_id = ${param(filter.clientId)}`);
  if (filter.from !== undefined)
    parts.push(`c.received_at >= to_timestamp(${param(filter.from)}::double precision / 1000)`);
  if (filter.to !== undefined) parts.push(`c.received_at < to_timestamp(${param(filter.to)}::double precision / 1000)`);
  if (filter.orderNumber !== undefined) {
    const number = param(filter.orderNumber);
    parts.push(`(c.result->>'orderNumber' = ${number} OR c.payload->>'orderNumber' = ${number})`);
  }
  if (filter.q !== undefined) {
    const q = filter.q.trim();
    const kind = lookupKindOf(q);
    if (kind === 'commandId') parts.push(`c.id = ${param(q.toLowerCase())}::uuid`);
    else if (kind === 'orderNumber') {
      const number = param(q.toUpperCase());
      parts.push(`(c.result->>'orderNumber' = ${number} OR c.payload->>'orderNumber' = ${number})`);
    } else if (kind === 'email')
      parts.push(`c.owner IN (SELECT owner FROM users WHERE lower(email) = lower(${param(q)}))`);
    else parts.push(`c.owner = ${param(q)}`);
  }
  return { where: parts.length > 0 ? parts.join(' AND ') : 'true', params };
};
