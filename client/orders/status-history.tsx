import { useT } from '../i18n/use-t.tsx';
import type { ShownStatus } from './order-view.ts';
import { StatusText } from './status-text.tsx';

/** When an order was placed, and each status it went through, with its time: the order's page and tracking. */
export function StatusHistory({ history }: { history: readonly { status: ShownStatus; at: number }[] }) {
  const { t, locale } = useT();
  if (history.length === 0) return null;
  return (
    <>
      <h2>{t('checkout.orders.history')}</h2>
      <ol className="order-history" data-testid="order-history">
        {history.map((entry) => (
          <li key={`${entry.status}-${entry.at}`}>
            <time dateTime={new Date(entry.at).toISOString()}>{new Date(entry.at).toLocaleString(locale)}</time>{' '}
            <StatusText status={entry.status} />
          </li>
        ))}
      </ol>
    </>
  );
}
