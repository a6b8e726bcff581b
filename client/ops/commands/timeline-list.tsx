import type { TimelineEvent } from '../../../schema/ops/timeline.ts';
import { useT } from '../../i18n/use-t.tsx';
import { formatDuration, formatTime, shortId } from '../format.ts';

/**
 * The shopper's-eye timeline: from the tap on a device, through each push, to the outcome reaching each of the
 * owner's devices with its lag. Devices (browser profiles, however many page loads each had) are named by a short
 * id and a letter (A, B…) in order of appearance, so "the phone and the laptop" can be followed down the list.
 */
export function TimelineList({ events }: { events: readonly TimelineEvent[] }) {
  const { t, locale } = useT();
  const letters = new Map<string, string>();
  const device = (id: string): string => {
    if (!letters.has(id)) letters.set(id, String.fromCharCode(65 + letters.size));
    return `${letters.get(id)} (${shortId(id)})`;
  };
  const describe = (event: TimelineEvent): string => {
    switch (event.kind) {
      case 'created':
        return t('ops.command.events.created', {
          device: device(event.device),
          wait: formatDuration(event.offlineMs),
        });
      case 'pushed':
        return event.duplicate
          ? t('ops.command.events.pushedDuplicate', { device: device(event.device) })
          : t('ops.command.events.pushed', { device: device(event.device), size: event.batchSize });
      case 'received':
        return t('ops.command.events.received');
      case 'executed':
        return t('ops.command.events.executed', {
          status: t(`ops.status.${event.status}`),
          took: formatDuration(event.tookMs),
        });
      case 'result':
        return t('ops.command.events.result', {
          status: t(`ops.status.${event.status}`),
          code: event.resultCode ?? event.errorCode ?? '',
        });
      case 'delivered':
        return `${t('ops.command.events.delivered', {
          device: device(event.device),
          via: event.via,
          lag: formatDuration(event.lagMs),
        })}${event.origin ? ` — ${t('ops.command.origin')}` : ''}`;
      case 'not-delivered':
        return t('ops.command.events.notDelivered', {
          device: device(event.device),
          seen: formatTime(event.lastSeenAt, locale),
        });
    }
  };
  return (
    <ol className="ops-timeline" data-testid="ops-timeline">
      {events.map((event, index) => (
        <li key={index} className={`ops-timeline__event ops-timeline__event--${event.kind}`}>
          <span className="ops-timeline__at">{'at' in event ? formatTime(event.at, locale) : '—'}</span>
          <span>{describe(event)}</span>
        </li>
      ))}
    </ol>
  );
}
