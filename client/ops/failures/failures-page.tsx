import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { useT } from '../../i18n/use-t.tsx';
import { Button } from '../../ui/button.tsx';
import { formatTime } from '../format.ts';
import { opsTo } from '../ops-link.ts';
import { opsRequest } from '../ops-api.ts';
import { useOperator } from '../ops-context.tsx';
import { OpsProblem } from '../ops-problem.tsx';
import { RoleButton } from '../role-button.tsx';
import { useOpsQuery } from '../use-ops-query.ts';
import { bulkJobSchema, bulkPreviewSchema, bulkStartedSchema, type BulkJob } from '../../../schema/ops/bulk.ts';
import { failuresResponseSchema, type FailureGroup } from '../../../schema/ops/failures.ts';

/** A group's cause as the operator reads it: the refusal's code or the error's name. */
const codeOf = (group: FailureGroup): string => group.cause || group.resultCode;
const bulkAnswerSchema = z.union([bulkPreviewSchema, bulkStartedSchema]);

/**
 * Failures grouped by cause, with "retry this group" and "cancel this group": a dry run first gives the count the
 * bulk action would touch, then it runs on the server with its progress shown, and can be aborted.
 */
export function FailuresPage() {
  const { t, locale } = useT();
  const { session } = useOperator();
  const { answer, reload } = useOpsQuery('/api/ops/failures?range=day', failuresResponseSchema);
  const [preview, setPreview] = useState<{ group: FailureGroup; action: 'retry' | 'cancel'; count: number } | null>(
    null,
  );
  const [job, setJob] = useState<BulkJob | null>(null);
  const [problem, setProblem] = useState<{ status: number; message: string } | null>(null);

  const filterOf = (group: FailureGroup) => ({ type: group.type, status: group.status, resultCode: group.resultCode });
  const bulk = async (group: FailureGroup, action: 'retry' | 'cancel', dryRun: boolean) => {
    const answered = await opsRequest(session, '/api/ops/bulk', bulkAnswerSchema, {
      body: { action, filter: filterOf(group), dryRun },
    });
    if (!answered.ok) return setProblem(answered);
    setProblem(null);
    if (answered.value.dryRun) return setPreview({ group, action, count: answered.value.eligible });
    setPreview(null);
    setJob(answered.value.job);
  };
  useEffect(() => {
    if (!job || job.state !== 'running') return;
    const timer = setTimeout(() => {
      void opsRequest(session, `/api/ops/bulk/${job.id}`, bulkJobSchema).then((progress) => {
        if (!progress.ok) return setProblem(progress);
        setJob(progress.value);
        if (progress.value.state !== 'running') reload();
      });
    }, 700);
    return () => clearTimeout(timer);
  }, [job, session, reload]);
  const abort = async () => {
    if (!job) return;
    const aborted = await opsRequest(session, `/api/ops/bulk/${job.id}`, bulkJobSchema, { method: 'DELETE' });
    if (aborted.ok) setJob(aborted.value);
    reload();
  };

  return (
    <section className="ops-page" aria-labelledby="ops-failures-h">
      <h1 id="ops-failures-h" tabIndex={-1} data-page-heading>
        {t('ops.failures.heading')}
      </h1>
      {problem && <OpsProblem answer={problem} />}
      {job && (
        <div className="ops-progress" role="status">
          <progress max={job.total || 1} value={job.done} />{' '}
          {t('ops.failures.progress', { done: job.done, total: job.total })} · {job.state}
          {job.state === 'running' && (
            <Button size="sm" variant="danger" onClick={() => void abort()}>
              {t('ops.failures.abort')}
            </Button>
          )}
        </div>
      )}
      {preview && (
        <div className="ops-dry-run" role="status">
          <p>
            {preview.group.type} {codeOf(preview.group)}: {t('ops.failures.preview', { count: preview.count })}
          </p>
          <div className="ops-toolbar">
            <RoleButton needs="support" onClick={() => void bulk(preview.group, preview.action, false)}>
              {t('ops.failures.confirm')}
            </RoleButton>
            <Button size="sm" variant="quiet" onClick={() => setPreview(null)}>
              {t('ops.queues.reasonCancel')}
            </Button>
          </div>
        </div>
      )}
      {'state' in answer ? (
        <p role="status">{t('ops.loading')}</p>
      ) : !answer.ok ? (
        <OpsProblem answer={answer} retry={reload} />
      ) : answer.value.groups.length === 0 ? (
        <p className="ops-muted">{t('ops.empty')}</p>
      ) : (
        <table className="ops-table ops-table--static">
          <thead>
            <tr>
              <th scope="col">{t('ops.failures.cause')}</th>
              <th scope="col">{t('ops.failures.count')}</th>
              <th scope="col">{t('ops.failures.last')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('ops.commands.filters')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {answer.value.groups.map((group) => (
              <tr key={`${group.type}|${group.status}|${group.cause}`}>
                <td>
                  <Link {...opsTo('', filterOf(group))}>
                    {group.type} · {codeOf(group) || '—'}
                  </Link>
                </td>
                <td>{group.count}</td>
                <td>{formatTime(group.lastSeen, locale)}</td>
                <td className="ops-toolbar">
                  <RoleButton needs="support" variant="secondary" onClick={() => void bulk(group, 'retry', true)}>
                    {t('ops.failures.retryGroup')}
                  </RoleButton>
                  <RoleButton needs="support" variant="quiet" onClick={() => void bulk(group, 'cancel', true)}>
                    {t('ops.failures.cancelGroup')}
                  </RoleButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
