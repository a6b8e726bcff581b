import { z } from 'zod';
import { useState } from 'react';
import { cancelResponseSchema, retryResponseSchema, type RetryPreview } from '../../../schema/ops/retry.ts';
import { useT } from '../../i18n/use-t.tsx';
import { notify } from '../../ui/notifications.tsx';
import { opsRequest } from '../ops-api.ts';
import { useOperator } from '../ops-context.tsx';
import { OpsProblem } from '../ops-problem.tsx';
import { RoleButton } from '../role-button.tsx';

/** Either answer of `/retry` (a dry run's preview, or the retry started), or a cancel's. */
const actionAnswerSchema = z.union([retryResponseSchema, cancelResponseSchema]);

/**
 * Retry after a dry run, and cancel, for support: the retry keeps the command's id (its idempotency key), and is
 * offered only once a dry run has said what it would do. A failed command only; a viewer sees why the buttons are off.
 */
export function CommandActions({ id, status, onDone }: { id: string; status: string; onDone: () => void }) {
  const { t } = useT();
  const { session } = useOperator();
  const [dryRun, setDryRun] = useState<RetryPreview | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ status: number; message: string } | null>(null);
  const path = `/api/ops/commands/${encodeURIComponent(id)}`;

  const run = async (action: 'retry' | 'cancel', dry: boolean) => {
    setBusy(true);
    setProblem(null);
    const answer = await opsRequest(session, `${path}/${action}`, actionAnswerSchema, {
      body: action === 'retry' ? { dryRun: dry } : {},
    });
    setBusy(false);
    if (!answer.ok) return setProblem(answer);
    if ('dryRun' in answer.value && answer.value.dryRun) return setDryRun(answer.value.preview);
    setDryRun(undefined);
    notify({ kind: 'success', message: { key: action === 'retry' ? 'ops.command.retried' : 'ops.command.cancelled' } });
    onDone();
  };
  const settledBadly = status === 'failed' || status === 'rejected';
  return (
    <div className="ops-actions">
      <div className="ops-toolbar">
        <RoleButton
          needs="support"
          variant="secondary"
          disabled={busy || !settledBadly}
          onClick={() => void run('retry', true)}
        >
          {t('ops.command.dryRun')}
        </RoleButton>
        <RoleButton
          needs="support"
          disabled={busy || dryRun === undefined}
          onClick={() => void run('retry', false)}
          data-testid="ops-retry"
        >
          {t('ops.command.retry')}
        </RoleButton>
        <RoleButton
          needs="support"
          variant="danger"
          disabled={busy || (status !== 'pending' && !settledBadly)}
          onClick={() => void run('cancel', false)}
        >
          {t('ops.command.cancel')}
        </RoleButton>
      </div>
      {dryRun !== undefined && (
        <div className="ops-dry-run" role="status" data-testid="ops-dry-run">
          <p>
            <strong>{t('ops.command.dryRunOutcome')}</strong>{' '}
            <span className={`ops-status ops-status--${dryRun.outcome.status}`}>
              {t(`ops.status.${dryRun.outcome.status}`)}
            </span>{' '}
            {dryRun.outcome.code} {dryRun.outcome.message ?? ''}
          </p>
          <ul className="ops-list">
            {dryRun.summary.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      {problem && <OpsProblem answer={problem} />}
    </div>
  );
}
