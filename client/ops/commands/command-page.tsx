import { Link } from '@tanstack/react-router';
import { commandDetailSchema } from '../../../schema/ops/command-log.ts';
import { useT } from '../../i18n/use-t.tsx';
import { formatDuration, formatTime, shortId } from '../format.ts';
import { OpsProblem } from '../ops-problem.tsx';
import { opsTo } from '../ops-link.ts';
import { useOpsQuery } from '../use-ops-query.ts';
import { CommandActions } from './command-actions.tsx';
import { noticeText } from './notice-text.ts';
import { TimelineList } from './timeline-list.tsx';

/**
 * One command: its envelope, payload (masked by the server), result, the time it spent in each state, every push
 * that carried it, and the shopper's-eye timeline across the owner's devices; support's retry and cancel.
 */
export function CommandPage({ id }: { id: string }) {
  const { t, locale } = useT();
  const { answer, reload } = useOpsQuery(`/api/ops/commands/${encodeURIComponent(id)}`, commandDetailSchema);

  if ('state' in answer) return <p role="status">{t('ops.loading')}</p>;
  if (!answer.ok) {
    return answer.status === 404 ? (
      <p role="alert">{t('ops.command.notFound')}</p>
    ) : (
      <OpsProblem answer={answer} retry={reload} />
    );
  }
  const detail = answer.value;
  const { command } = detail;
  const notice = noticeText(detail);
  return (
    <article className="ops-page" aria-labelledby="ops-command-h">
      <h1 id="ops-command-h" tabIndex={-1} data-page-heading className="ops-mono-heading">
        {t('ops.command.heading', { id: command.id })}
      </h1>
      <p className="ops-summary">
        <span className={`ops-status ops-status--${command.status}`} data-testid="ops-command-status">
          {t(`ops.status.${command.status}`)}
        </span>{' '}
        <strong>{command.type}</strong> {command.resultCode ?? command.error?.code ?? ''} · {t('ops.command.shopper')}{' '}
        <Link {...opsTo(`shoppers/${command.owner}`)}>{command.owner}</Link>
      </p>
      <CommandActions id={command.id} status={command.status} onDone={reload} />

      <section aria-labelledby="ops-timeline-h">
        <h2 id="ops-timeline-h">{t('ops.command.timeline')}</h2>
        <TimelineList events={detail.timeline} />
        <p>
          <strong>{t('ops.command.notice')}:</strong> {notice ?? t('ops.command.noNotice')}
        </p>
        <p>{t('ops.command.duplicates', { count: detail.attempts.filter((a) => a.duplicate).length })}</p>
      </section>

      <div className="ops-columns">
        <section aria-labelledby="ops-spans-h">
          <h2 id="ops-spans-h">{t('ops.command.spans')}</h2>
          <table className="ops-table ops-table--static">
            <thead>
              <tr>
                <th scope="col">{t('ops.command.state')}</th>
                <th scope="col">{t('ops.command.since')}</th>
                <th scope="col">{t('ops.command.duration')}</th>
              </tr>
            </thead>
            <tbody>
              {detail.stateHistory.map((span) => (
                <tr key={`${span.state}-${span.since}`}>
                  <td>{span.state}</td>
                  <td>{formatTime(span.since, locale)}</td>
                  <td>{formatDuration(span.durationMs)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section aria-labelledby="ops-attempts-h">
          <h2 id="ops-attempts-h">{t('ops.command.attempts')}</h2>
          <table className="ops-table ops-table--static">
            <thead>
              <tr>
                <th scope="col">{t('ops.time')}</th>
                <th scope="col">{t('ops.command.device')}</th>
                <th scope="col">{t('ops.command.batch')}</th>
                <th scope="col">{t('ops.command.duplicate')}</th>
                <th scope="col">{t('ops.command.appVersion')}</th>
              </tr>
            </thead>
            <tbody>
              {detail.attempts.map((attempt, index) => (
                <tr key={index}>
                  <td>{formatTime(attempt.at, locale)}</td>
                  <td title={attempt.clientId}>{shortId(attempt.clientId)}</td>
                  <td>{attempt.batchSize}</td>
                  <td>{attempt.duplicate ? t('ops.command.yes') : t('ops.command.no')}</td>
                  <td>{attempt.appVersion ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>

      <div className="ops-columns">
        <section aria-labelledby="ops-envelope-h">
          <h2 id="ops-envelope-h">{t('ops.command.envelope')}</h2>
          <pre className="ops-json">
            {JSON.stringify({ ...command, payload: undefined, result: undefined }, null, 2)}
          </pre>
        </section>
        <section aria-labelledby="ops-payload-h">
          <h2 id="ops-payload-h">{t('ops.command.payload')}</h2>
          <pre className="ops-json">{JSON.stringify(command.payload, null, 2)}</pre>
          <h2>{t('ops.command.result')}</h2>
          <pre className="ops-json">{JSON.stringify(command.result ?? command.error, null, 2)}</pre>
        </section>
      </div>
    </article>
  );
}
