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

/** A group of failures by cause: the command type and the result code or error. */
const groupSchema = z.looseObject({
  type: z.string(),
  code: z.string().nullable().optional(),
  resultCode: z.string().nullable().optional(),
  error: z.string().nullable().optional(),
  count: z.number().int(),
  lastAt: z.number().nullable().optional(),
});
const failuresSchema = z.union([
  z.array(groupSchema),
  z.looseObject({ groups: z.array(groupSchema) }).transform((answer) => answer.groups),
]);
type FailureGroup = z.infer<typeof groupSchema>;
const bulkPreviewSchema = z.looseObject({ count: z.number().int().optional(), id: z.string().optional() });
const bulkProgressSchema = z.looseObject({
  done: z.number().int().optional(),
  total: z.number().int().optional(),
  state: z.string().optional(),
});

const codeOf = (group: FailureGroup): string => group.code ?? group.resultCode ?? group.error ?? '';

/**
 * Failures grouped by cause, with "retry this group" and "cancel this group": a dry run first gives the count the
 * bulk action would touch, then it runs on the server with its progress shown, and can be aborted.
 */
export function FailuresPage() {
  const { t, locale } = useT();
  const { session } = useOperator();
  const { answer, reload } = useOpsQuery('/api/ops/failures', failuresSchema);
  const [preview, setPreview] = useState<{ group: FailureGroup; action: 'retry' | 'cancel'; count: number } | null>(
    null,
  );
  const [job, setJob] = useState<{ id: string; done: number; total: number; state: string } | null>(null);
  const [problem, setProblem] = useState<{ status: number; message: string } | null>(null);

  const filterOf = (group: FailureGroup) => ({
    type: group.type,
    status: 'failed',
    ...(codeOf(group) ? { resultCode: codeOf(group) } : {}),
  });
  const bulk = async (group: FailureGroup, action: 'retry' | 'cancel', dryRun: boolean) => {
    const answered = await opsRequest(session, '/api/ops/bulk', bulkPreviewSchema, {
      body: { action, filter: filterOf(group), dryRun },
    });
    if (!answered.ok) return setProblem(answered);
    setProblem(null);
    if (dryRun) return setPreview({ group, action, count: answered.value.count ?? 0 });
    setPreview(null);
    if (answered.value.id)
      setJob({ id: answered.value.id, done: 0, total: answered.value.count ?? 0, state: 'running' });
  };
  useEffect(() => {
    if (!job || job.state !== 'running') return;
    const timer = setTimeout(async () => {
      const progress = await opsRequest(session, `/api/ops/bulk/${encodeURIComponent(job.id)}`, bulkProgressSchema);
      if (!progress.ok) return setProblem(progress);
      setJob({
        id: job.id,
        done: progress.value.done ?? job.done,
        total: progress.value.total ?? job.total,
        state: progress.value.state ?? 'done',
      });
      if (progress.value.state !== 'running') reload();
    }, 700);
    return () => clearTimeout(timer);
  }, [job, session, reload]);
  const abort = async () => {
    if (!job) return;
    await opsRequest(session, `/api/ops/bulk/${encodeURIComponent(job.id)}`, z.unknown(), { method: 'DELETE' });
    setJob({ ...job, state: 'aborted' });
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
      ) : answer.value.length === 0 ? (
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
            {answer.value.map((group) => (
              <tr key={`${group.type}|${codeOf(group)}`}>
                <td>
                  <Link {...opsTo('', filterOf(group))}>
                    {group.type} · {codeOf(group) || '—'}
                  </Link>
                </td>
                <td>{group.count}</td>
                <td>{formatTime(group.lastAt, locale)}</td>
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
