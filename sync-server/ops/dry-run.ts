import type { TypedCommand } from '../../schema/index.ts';
import { executeCommands, type FeatureLookup } from '../executor/execute.ts';
import type { Database, Sql } from '../store/database.ts';
import { describeRetry, type RetryEffects } from './describe-retry.ts';
import type { RetryPreview } from '../../schema/ops/retry.ts';

/** Thrown to roll the dry run's transaction back, carrying what it saw. */
class RolledBack extends Error {
  constructor(readonly effects: RetryEffects) {
    super('dry run rolled back');
  }
}

/**
 * Runs a command as a retry would, with today's prices and stock and the features' own decisions and writes, in a
 * transaction that is then rolled back: nothing it did stays (no order, no stock move, no e-mail, no charge), and
 * what it did is read before the rollback: the outcome, the e-mails put in the outbox, the payment attempts opened.
 */
export const dryRunRetry = async (
  db: Database,
  featureOf: FeatureLookup,
  command: TypedCommand,
): Promise<RetryPreview> => {
  try {
    await db.transaction(async (tx) => {
      const { settled } = await executeCommands(tx, featureOf, [command]);
      const outcome = settled[0]!.outcome;
      throw new RolledBack({
        outcome:
          outcome.status === 'succeeded'
            ? { status: 'succeeded', result: outcome.result }
            : { status: outcome.status, code: outcome.code, message: outcome.message },
        mails: await mailsWrittenHere(tx),
        charges: await chargesOpenedHere(tx),
      });
    });
  } catch (error) {
    if (error instanceof RolledBack) return describeRetry(error.effects);
    throw error;
  }
  throw new Error('the dry run committed');
};

/** Rows this transaction inserted: their xmin is its transaction id (the low 32 bits of txid_current). */
const WRITTEN_HERE = `xmin::text::bigint = txid_current() % 4294967296`;

const mailsWrittenHere = (tx: Sql): Promise<{ kind: string; to: string }[]> =>
  tx.query(`SELECT kind, to_address AS "to" FROM mail_outbox WHERE ${WRITTEN_HERE} ORDER BY id`);

const chargesOpenedHere = (
  tx: Sql,
): Promise<{ provider: string; amountEurCents: number | null; orderNumber: string | null }[]> =>
  tx.query(
    `SELECT a.provider, (o.doc->'totals'->>'grandTotalEur')::bigint AS "amountEurCents",
       o.order_number AS "orderNumber"
     FROM payment_attempts a LEFT JOIN orders o ON o.order_id = a.order_id
     WHERE a.${WRITTEN_HERE} ORDER BY a.created_at`,
  );
