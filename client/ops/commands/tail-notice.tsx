import { useT } from '../../i18n/use-t.tsx';
import { Button } from '../../ui/button.tsx';
import { LIVE_ROWS_CAP } from './tail-buffer.ts';

/** What the live tail left out of the list: rows it skipped (a gap), or old rows it let go (a cut list). */
export interface TailShortfall {
  skipped: number;
  /** The server's count stopped at its cap: "more than `skipped`". */
  more: boolean;
  trimmed: boolean;
}

/**
 * The log's calm notice that it is not the whole story: the tail skipped rows rather than flood the console, or let
 * the oldest rows go to stay small. Reloading reads the first page again, which is whole.
 */
export function TailNotice({ shortfall, onReload }: { shortfall: TailShortfall; onReload: () => void }) {
  const { t } = useT();
  if (shortfall.skipped === 0 && !shortfall.trimmed) return null;
  const text =
    shortfall.skipped === 0
      ? t('ops.commands.trimmed', { count: LIVE_ROWS_CAP })
      : shortfall.more
        ? t('ops.commands.gapMore', { count: shortfall.skipped })
        : t('ops.commands.gap', { count: shortfall.skipped });
  return (
    <div className="ops-notice" role="status">
      <p>{text}</p>
      <Button variant="secondary" size="sm" onClick={onReload}>
        {t('ops.commands.reload')}
      </Button>
    </div>
  );
}
