import type { CommandType } from '../../schema/index.ts';
import { decideNotices, isNoticesCommand, noticesCommands } from '../../schema/notices/index.ts';
import { outcomeOf, type ServerFeature } from '../features/feature.ts';

/**
 * Lasting notices (issue 16): a server's decision a shopper has not seen stays on every device of the owner until
 * one acknowledges it. The notices are the owner's outcomes, and the changes of their orders they did not cause
 * (an operator's move, a payment settled or expired: read from the orders read model, which every move already
 * rewrites in its transaction); the acknowledgements are the outcomes of `notices.acknowledge`, which the kernel
 * already stores and replicates: this feature only accepts the command (schema/notices/notices-rules.ts says why it
 * keeps no read model, schema/notices/order-changes.ts which order changes are told).
 */
export const noticesFeature: ServerFeature = {
  name: 'notices',
  commands: Object.keys(noticesCommands) as CommandType[],
  readModels: [],
  // Its only record of a shopper: which notices they acknowledged, and when (the outcomes of its command).
  async exportOwnerData(sql, owner) {
    const rows = await sql.query<{ payload: Record<string, unknown>; processed_at: string | null }>(
      `SELECT payload, processed_at::text AS processed_at FROM commands
       WHERE owner = $1 AND type = ANY($2::text[]) AND status = 'succeeded' ORDER BY server_seq`,
      [owner, Object.keys(noticesCommands)],
    );
    return {
      acknowledged: rows.map((row) => ({
        ...row.payload,
        at: row.processed_at ? new Date(Number(row.processed_at)).toISOString() : null,
      })),
    };
  },

  open() {
    return Promise.resolve({
      handle(command) {
        if (!isNoticesCommand(command)) throw new Error(`not a notices command: ${command.type}`);
        return outcomeOf(decideNotices(command));
      },
      changed: () => [],
    });
  },
};
