import { Link } from '@tanstack/react-router';
import type { SyncLag } from '../../../schema/ops/stats.ts';
import { useT } from '../../i18n/use-t.tsx';
import { formatDuration, formatTime, shortId } from '../format.ts';
import { opsTo } from '../ops-link.ts';
import { behindCount, sharesOf } from './health-charts.ts';

/** A histogram slot's name: up to date, below an edge, or past the last edge. */
const slotName = (upToSeconds: number | null, edges: readonly (number | null)[], upToDate: string): string => {
  if (upToSeconds === 0) return upToDate;
  if (upToSeconds !== null) return `< ${formatDuration(upToSeconds * 1000)}`;
  const last = edges.filter((edge): edge is number => edge !== null).at(-1) ?? 0;
  return `≥ ${formatDuration(last * 1000)}`;
};

/**
 * How far behind the devices seen in the period are now: how many are up to date or behind for how long (a bar
 * per slot), then the devices behind the longest, each linked to its shopper's page.
 */
export function SyncLagSection({ lag }: { lag: SyncLag }) {
  const { t, locale } = useT();
  const shares = sharesOf(lag.histogram);
  const edges = lag.histogram.map((slot) => slot.upToSeconds);
  return (
    <section aria-labelledby="ops-sync-lag-h" data-testid="ops-sync-lag">
      <h2 id="ops-sync-lag-h">{t('ops.health.syncLag')}</h2>
      <p>
        {t('ops.health.devicesSeen')}: <strong>{lag.devices}</strong>
      </p>
      <table className="ops-table ops-table--static">
        <thead>
          <tr>
            <th scope="col">{t('ops.health.behindFor')}</th>
            <th scope="col">{t('ops.health.devices')}</th>
            <th scope="col">
              <span className="visually-hidden">%</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lag.histogram.map((slot, i) => (
            <tr key={slot.upToSeconds ?? 'more'}>
              <td>{slotName(slot.upToSeconds, edges, t('ops.health.upToDate'))}</td>
              <td>{slot.count}</td>
              <td>
                <meter min={0} max={1} value={shares[i] ?? 0} aria-label={`${Math.round((shares[i] ?? 0) * 100)}%`} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>{t('ops.health.mostBehind')}</h3>
      {lag.lagging.length === 0 ? (
        <p>{t('ops.health.noneBehind')}</p>
      ) : (
        <table className="ops-table ops-table--static" data-testid="ops-lagging">
          <thead>
            <tr>
              <th scope="col">{t('ops.commands.columns.client')}</th>
              <th scope="col">{t('ops.commands.columns.owner')}</th>
              <th scope="col">{t('ops.shoppers.version')}</th>
              <th scope="col">{t('ops.health.outcomesBehind')}</th>
              <th scope="col">{t('ops.health.behindFor')}</th>
              <th scope="col">{t('ops.health.lastSync')}</th>
            </tr>
          </thead>
          <tbody>
            {lag.lagging.map((device) => (
              <tr key={device.clientId}>
                <td title={device.clientId}>
                  <code>{shortId(device.clientId)}</code>
                </td>
                <td title={device.owner}>
                  <Link {...opsTo(`shoppers/${device.owner}`)}>{shortId(device.owner)}</Link>
                </td>
                <td>{device.appVersion ?? '—'}</td>
                <td>{behindCount(device.behindOutcomes)}</td>
                <td>{formatDuration(device.behindSeconds * 1000)}</td>
                <td>{formatTime(device.lastSyncAt, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
