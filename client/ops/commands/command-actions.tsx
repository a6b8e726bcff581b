import { useState } from 'react';
import { z } from 'zod';
import { useT } from '../../i18n/use-t.tsx';
import { notify } from '../../ui/notifications.tsx';
import { opsRequest } from '../ops-api.ts';
import { useOperator } from '../ops-context.tsx';
import { OpsProblem } from '../ops-problem.tsx';
import { RoleButton } from '../role-button.tsx';

/** The dry run's and the retry's answer: shown as the server words it (price, stock, the mails and charges). */
const actionAnswerSchema = z.unknown();

/**
 * Retry after a dry run, and cancel, for support: the retry keeps the command's id (its idempotency key), and is
 * offered only once a dry run has said what it would do. A failed command only; a viewer sees why the buttons are off.
 */
export function CommandActions({ id, status, onDone }: { id: string; status: string; onDone: () => void }) {
  const { t } = useT();
  const { session } = useOperator();
  const [dryRun, setDryRun] = useState<unknown>(undefined);
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
    if (dry) return setDryRun(answer.value ?? {});
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
          <pre>{JSON.stringify(dryRun, null, 2)}</pre>
        </div>
      )}
      {problem && <OpsProblem answer={problem} />}
    </div>
  );
}
