import type { OpsDevice } from '../../../schema/ops/timeline.ts';
import { useT } from '../../i18n/use-t.tsx';
import { formatTime, shortId } from '../format.ts';

/**
 * The shopper's devices (browser profiles, each over all its page loads) as the server last saw them: pushes, pulls,
 * what waits on each, app version. The device's id is shown, its client ids in the title.
 */
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
          <tr key={device.deviceId}>
            <td title={device.clientIds.join('\n')}>
              <code>{shortId(device.deviceId)}</code>
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
