import { Link } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { CommandLogRow } from '../../../schema/ops/command-log.ts';
import { useT } from '../../i18n/use-t.tsx';
import { formatTime, shortId } from '../format.ts';
import { opsTo } from '../ops-link.ts';

const ROW_HEIGHT = 34;
/** Rows left below the view when the next page is asked for: it has arrived before the operator gets there. */
const AHEAD = 40;

/**
 * The log as a dense table, virtualised (@tanstack/react-virtual): only the rows in view and a few around are in
 * the page, so a million rows scroll as fifty. It stays a real table (spacer rows above and below the drawn ones,
 * aria-rowcount and aria-rowindex), read by a screen reader as one; each row's time links to the command.
 */
export function CommandTable({
  rows,
  hasMore,
  loadingMore,
  onNeedMore,
  label,
}: {
  rows: readonly CommandLogRow[];
  hasMore: boolean;
  loadingMore: boolean;
  onNeedMore: () => void;
  label: string;
}) {
  const { t, locale } = useT();
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualizer's object changes as it measures; this table is not memoised by the React compiler for it.
  // eslint-disable-next-line react-hooks/incompatible-library -- see above
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    getItemKey: (index) => rows[index]?.id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (hasMore && !loadingMore && last >= rows.length - AHEAD) onNeedMore();
  }, [last, rows.length, hasMore, loadingMore, onNeedMore]);

  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <div className="ops-scroller" ref={scroller} tabIndex={0} aria-label={label} role="region">
      <table className="ops-table" aria-rowcount={rows.length + 1}>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">{t('ops.commands.columns.time')}</th>
            <th scope="col">{t('ops.commands.columns.type')}</th>
            <th scope="col">{t('ops.commands.columns.status')}</th>
            <th scope="col">{t('ops.commands.columns.code')}</th>
            <th scope="col">{t('ops.commands.columns.owner')}</th>
            <th scope="col">{t('ops.commands.columns.client')}</th>
          </tr>
        </thead>
        <tbody>
          {top > 0 && <tr aria-hidden="true" style={{ height: top }} />}
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <tr key={row.id} aria-rowindex={item.index + 2} style={{ height: ROW_HEIGHT }} data-testid="ops-row">
                <td>
                  <Link {...opsTo(`commands/${row.id}`)} title={row.id}>
                    {formatTime(row.receivedAt, locale)}
                  </Link>
                </td>
                <td>{row.type}</td>
                <td>
                  <span className={`ops-status ops-status--${row.status}`}>{t(`ops.status.${row.status}`)}</span>
                </td>
                <td>{row.resultCode ?? ''}</td>
                <td title={row.owner}>
                  <Link {...opsTo(`shoppers/${row.owner}`)}>{shortId(row.owner)}</Link>
                </td>
                <td title={row.clientId}>{shortId(row.clientId)}</td>
              </tr>
            );
          })}
          {bottom > 0 && <tr aria-hidden="true" style={{ height: bottom }} />}
        </tbody>
      </table>
      {rows.length === 0 && !loadingMore && <p className="ops-muted ops-pad">{t('ops.empty')}</p>}
      {loadingMore && (
        <p className="ops-muted ops-pad" role="status">
          {t('ops.loadingMore')}
        </p>
      )}
    </div>
  );
}
