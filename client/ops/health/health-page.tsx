import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { z } from 'zod';
import { useT } from '../../i18n/use-t.tsx';
import { OpsProblem } from '../ops-problem.tsx';
import { opsTo, useOpsSearch } from '../ops-link.ts';
import { useOpsQuery } from '../use-ops-query.ts';
import { Chart } from './chart.tsx';
import '../add-texts.ts';

const RANGES = ['hour', 'day', 'week'] as const;
type Range = (typeof RANGES)[number];

/** The server's buckets: a time and numbers per bucket (rates, percentiles, counts), about one per pixel. */
const statsSchema = z.looseObject({ buckets: z.array(z.record(z.string(), z.unknown())) });
const TIME_KEYS = ['at', 'start', 't', 'time'];

/** The buckets as columns: the times, and one series per numeric field, for the charts. */
const columnsOf = (buckets: readonly Record<string, unknown>[]) => {
  const timeKey = TIME_KEYS.find((key) => typeof buckets[0]?.[key] === 'number') ?? 'at';
  const times = buckets.map((b) => Number(b[timeKey]));
  const keys = [...new Set(buckets.flatMap((b) => Object.keys(b)))].filter(
    (key) => key !== timeKey && buckets.some((b) => typeof b[key] === 'number'),
  );
  const series = keys.map((key) => ({
    label: key,
    values: buckets.map((b) => (typeof b[key] === 'number' ? (b[key] as number) : null)),
  }));
  return { times, series };
};

/**
 * The store's vital signs: commands per second by outcome, execution times, failures and the executor's backlog,
 * over the last hour, day or week, from buckets the server computes (one per pixel or so of the chart's width).
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
  const { answer, reload } = useOpsQuery(`/api/ops/stats?range=${range}&buckets=${buckets}`, statsSchema);
  const columns = useMemo(() => ('state' in answer || !answer.ok ? null : columnsOf(answer.value.buckets)), [answer]);
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
        columns && (
          <div className="ops-charts">
            {columns.series.map((s) => (
              <Chart key={s.label} title={s.label} times={columns.times} series={[s]} />
            ))}
          </div>
        )
      )}
    </section>
  );
}
