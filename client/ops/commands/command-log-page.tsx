import { useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { commandTypes } from '../../../schema/commands/registry.ts';
import type { CommandTailEvent, CommandTailGap } from '../../../schema/ops/command-log.ts';
import { useT } from '../../i18n/use-t.tsx';
import { Button } from '../../ui/button.tsx';
import { OpsProblem } from '../ops-problem.tsx';
import { opsTo, useOpsSearch } from '../ops-link.ts';
import { useOperator } from '../ops-context.tsx';
import { CommandTable } from './command-table.tsx';
import { downloadExport } from './export-file.ts';
import { FilterForm } from './filter-form.tsx';
import { filterOf, type LogFilter } from './log-filters.ts';
import { SavedViews } from './saved-views-panel.tsx';
import { NOTHING_HELD, withHeldEvent, withTailEvents, type Held } from './tail-buffer.ts';
import { TailNotice } from './tail-notice.tsx';
import { useCommandPages } from './use-command-pages.ts';
import { useTail } from './use-tail.ts';

const TYPES = Object.keys(commandTypes).sort();

/**
 * The command log: newest first, filtered by the URL's search parameters (so a view can be bookmarked, shared and
 * saved), keyset-paged and virtualised, with a live tail that can be paused: new commands then wait behind an
 * "N new" button instead of moving the rows under the operator's eyes. What the tail keeps is bounded (the rows, the
 * held events: tail-buffer.ts); what it skipped or let go is said in a notice with a reload (tail-notice.tsx).
 */
export function CommandLogPage() {
  const { t } = useT();
  const { session } = useOperator();
  const navigate = useNavigate();
  const search = useOpsSearch();
  const filter = useMemo(() => filterOf(search), [search]);
  const pages = useCommandPages(filter);
  const { setRows, reload } = pages;
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState<Held>(NOTHING_HELD);
  const [connected, setConnected] = useState(false);
  // Kept with the filter's query it was counted for: a new filter's tail starts whole.
  const [gaps, setGaps] = useState({ query: pages.query, count: 0, more: false });
  const skipped = gaps.query === pages.query ? gaps : { query: pages.query, count: 0, more: false };

  const apply = useCallback((next: LogFilter) => void navigate(opsTo('', next)), [navigate]);
  const onEvent = useCallback(
    (event: CommandTailEvent) => {
      if (paused) setHeld((h) => withHeldEvent(h, event));
      else setRows((rows) => withTailEvents(rows, [event]));
    },
    [paused, setRows],
  );
  const onGap = useCallback(
    (gap: CommandTailGap) =>
      setGaps((s) =>
        s.query === pages.query
          ? { ...s, count: s.count + gap.skipped, more: s.more || gap.more }
          : { query: pages.query, count: gap.skipped, more: gap.more },
      ),
    [pages.query],
  );
  useTail(session, pages.query, onEvent, setConnected, onGap);
  const showHeld = () => {
    setRows((rows) => withTailEvents(rows, held.events));
    // Held events let go while paused are rows the list now lacks: a gap like the server's.
    if (held.droppedReceived > 0) setGaps({ ...skipped, count: skipped.count + held.droppedReceived });
    setHeld(NOTHING_HELD);
  };
  const reloadAll = () => {
    setGaps({ query: pages.query, count: 0, more: false });
    setHeld(NOTHING_HELD);
    reload();
  };

  const exportAs = (format: 'csv' | 'ndjson') =>
    void downloadExport(session, `/api/ops/commands.${format}${pages.query}`, `commands.${format}`);

  return (
    <section className="ops-page ops-page--fill" aria-labelledby="ops-log-h">
      <div className="ops-page__head">
        <h1 id="ops-log-h" tabIndex={-1} data-page-heading>
          {t('ops.commands.heading')}
        </h1>
        <div className="ops-toolbar">
          <span className={`ops-live ${connected && !paused ? 'ops-live--on' : ''}`} role="status">
            {paused ? t('ops.commands.paused') : connected ? t('ops.commands.live') : ''}
          </span>
          <Button size="sm" variant="secondary" aria-pressed={paused} onClick={() => setPaused((p) => !p)}>
            {paused ? t('ops.commands.resume') : t('ops.commands.pause')}
          </Button>
          {held.events.length > 0 && (
            <Button size="sm" onClick={showHeld}>
              {t('ops.commands.newOnes', { count: held.received })}
            </Button>
          )}
          <Button size="sm" variant="quiet" onClick={() => exportAs('csv')}>
            {t('ops.commands.exportCsv')}
          </Button>
          <Button size="sm" variant="quiet" onClick={() => exportAs('ndjson')}>
            {t('ops.commands.exportNdjson')}
          </Button>
        </div>
      </div>
      <FilterForm filter={filter} types={TYPES} onApply={apply} />
      <SavedViews filter={filter} onOpen={apply} />
      <TailNotice
        shortfall={{ skipped: skipped.count, more: skipped.more, trimmed: pages.trimmed }}
        onReload={reloadAll}
      />
      {pages.problem && <OpsProblem answer={pages.problem} retry={pages.reload} />}
      <CommandTable
        rows={pages.rows}
        hasMore={pages.hasMore}
        loadingMore={pages.loading}
        onNeedMore={pages.loadMore}
        label={t('ops.commands.tableLabel')}
      />
    </section>
  );
}
