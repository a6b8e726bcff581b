import type { OpsDevice } from '../../../schema/ops/timeline.ts';
import { useT } from '../../i18n/use-t.tsx';
import { formatTime, shortId } from '../format.ts';

/** The shopper's devices (tabs) as the server last saw them: pushes, pulls, what waits on each, app version. */
export function DevicesTable({ devices }: { devices: readonly OpsDevice[] }) {
  const { t, locale } = useT();
  return (
    <table className="ops-table ops-table--static" data-testid="ops-devices">
      <thead>
        <tr>
          <th scope="col">{t('ops.command.device')}</th>
          <th scope="col">{t('ops.shoppers.lastPush')}</th>
          <th scope="col">{t('ops.shoppers.lastPull')}</th>
          <th scope="col">{t('ops.shoppers.waiting')}</th>
          <th scope="col">{t('ops.shoppers.version')}</th>
        </tr>
      </thead>
      <tbody>
        {devices.map((device) => (
          <tr key={device.clientId}>
            <td title={device.clientId}>
              <code>{shortId(device.clientId)}</code>
            </td>
            <td>{formatTime(device.lastPushAt, locale)}</td>
            <td>{formatTime(Math.max(device.lastPullAt ?? 0, device.lastStreamAt ?? 0) || null, locale)}</td>
            <td>{device.waitingCount}</td>
            <td>{device.appVersion ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
