import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { statsResponseSchema } from '../../../schema/ops/stats.ts';
import { formatDuration } from '../format.ts';
import { useT } from '../../i18n/use-t.tsx';
import { OpsProblem } from '../ops-problem.tsx';
import { opsTo, useOpsSearch } from '../ops-link.ts';
import { useOpsQuery } from '../use-ops-query.ts';
import { Chart } from './chart.tsx';
import { chartsOf } from './health-charts.ts';
import { SyncLagSection } from './sync-lag.tsx';
import '../add-texts.ts';

const RANGES = ['hour', 'day', 'week'] as const;
type Range = (typeof RANGES)[number];

/**
 * The store's vital signs: commands per second by outcome, execution times, device-to-device latency, failures and
 * the executor's backlog over the last hour, day or week, from buckets the server computes (one per pixel or so of
 * the chart's width); how long commands waited offline; and how far behind the devices seen in the period are.
 */
export function HealthPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const search = useOpsSearch();
  const range: Range = RANGES.find((r) => r === search.range) ?? 'hour';
  const buckets = Math.min(
    1000,
    Math.max(60, Math.round((typeof window === 'undefined' ? 800 : window.innerWidth) - 320)),
  );
  const { answer, reload } = useOpsQuery(`/api/ops/stats?range=${range}&buckets=${buckets}`, statsResponseSchema);
  const charts = useMemo(() => ('state' in answer || !answer.ok ? null : chartsOf(answer.value)), [answer]);
  return (
    <section className="ops-page" aria-labelledby="ops-health-h">
      <h1 id="ops-health-h" tabIndex={-1} data-page-heading>
        {t('ops.health.heading')}
      </h1>
      <div className="ops-tabs" role="group" aria-label={t('ops.health.range')}>
        {RANGES.map((r) => (
          <button
            key={r}
            type="button"
            aria-pressed={r === range}
            onClick={() => void navigate(opsTo('health', { range: r }))}
          >
            {t(`ops.health.${r}`)}
          </button>
        ))}
      </div>
      {'state' in answer ? (
        <p role="status">{t('ops.loading')}</p>
      ) : !answer.ok ? (
        <OpsProblem answer={answer} retry={reload} />
      ) : (
        charts && (
          <>
            <p data-testid="ops-backlog">
              {t('ops.health.backlog')}: <strong>{answer.value.backlog}</strong>
            </p>
            <div className="ops-charts">
              <Chart title={t('ops.health.rate')} times={answer.value.starts} series={charts.rate} />
              <Chart title={t('ops.health.latency')} times={answer.value.starts} series={charts.latency} />
              <Chart
                title={t('ops.health.deviceToDevice')}
                times={answer.value.starts}
                series={charts.deviceToDevice}
              />
              <Chart title={t('ops.health.failures')} times={answer.value.starts} series={charts.failures} />
            </div>
            {answer.value.deviceToDeviceSampleEvery > 1 && (
              <p>{t('ops.health.sampled', { every: answer.value.deviceToDeviceSampleEvery })}</p>
            )}
            <h2>{t('ops.health.offline')}</h2>
            <table className="ops-table ops-table--static">
              <thead>
                <tr>
                  <th scope="col">{t('ops.health.upTo')}</th>
                  <th scope="col">{t('ops.failures.count')}</th>
                </tr>
              </thead>
              <tbody>
                {answer.value.offline.map((slot) => (
                  <tr key={slot.upToSeconds ?? 'more'}>
                    <td>{slot.upToSeconds === null ? '∞' : formatDuration(slot.upToSeconds * 1000)}</td>
                    <td>{slot.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <SyncLagSection lag={answer.value.syncLag} />
          </>
        )
      )}
    </section>
  );
}
