import type { RetryPreview } from '../../schema/ops/retry.ts';

/** What a rolled-back run of a command left behind, read before the rollback (dry-run.ts). */
export interface RetryEffects {
  outcome:
    | { status: 'succeeded'; result?: Record<string, unknown> }
    | { status: 'rejected' | 'failed'; code: string; message: string };
  mails: readonly { kind: string; to: string }[];
  charges: readonly { provider: string; amountEurCents: number | null; orderNumber: string | null }[];
}

const euro = (cents: number): string => `€${(cents / 100).toFixed(2)}`;

/**
 * A dry run's answer, from the effects alone: the outcome the retry would get, the e-mails it would send and the
 * charges it would start, each also said in a sentence for the operator.
 */
export const describeRetry = ({ outcome, mails, charges }: RetryEffects): RetryPreview => {
  const totalChargedEurCents = charges.reduce((sum, charge) => sum + (charge.amountEurCents ?? 0), 0);
  const summary = [
    outcome.status === 'succeeded'
      ? 'The retry would succeed.'
      : `The retry would be ${outcome.status === 'rejected' ? 'refused' : 'failed'} again: ${outcome.code} (${outcome.message}).`,
    ...mails.map((mail) => `It would send a ${mail.kind} e-mail to ${mail.to}.`),
    ...charges.map(
      (charge) =>
        `It would start a charge of ${charge.amountEurCents === null ? 'an unknown amount' : euro(charge.amountEurCents)} through ${charge.provider}${charge.orderNumber ? ` for order ${charge.orderNumber}` : ''}.`,
    ),
  ];
  if (mails.length === 0) summary.push('It would send no e-mail.');
  if (charges.length === 0) summary.push('It would charge nothing.');
  return {
    outcome:
      outcome.status === 'succeeded'
        ? { status: 'succeeded', code: 'ok' }
        : { status: outcome.status, code: outcome.code, message: outcome.message },
    mails: mails.map(({ kind, to }) => ({ kind, to })),
    charges: charges.map(({ provider, amountEurCents, orderNumber }) => ({ provider, amountEurCents, orderNumber })),
    totalChargedEurCents,
    summary,
  };
};
