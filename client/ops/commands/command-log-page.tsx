import { useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { commandTypes } from '../../../schema/commands/registry.ts';
import type { CommandTailEvent } from '../../../schema/ops/command-log.ts';
import { useT } from '../../i18n/use-t.tsx';
import { Button } from '../../ui/button.tsx';
import { OpsProblem } from '../ops-problem.tsx';
import { opsTo, useOpsSearch } from '../ops-link.ts';
import { useOperator } from '../ops-context.tsx';
import { CommandTable } from './command-table.tsx';
import { downloadExport } from './export-file.ts';
import { FilterForm } from './filter-form.tsx';
import { filterOf, withTailEvent, type LogFilter } from './log-filters.ts';
import { SavedViews } from './saved-views-panel.tsx';
import { useCommandPages } from './use-command-pages.ts';
import { useTail } from './use-tail.ts';

const TYPES = Object.keys(commandTypes).sort();

/**
 * The command log: newest first, filtered by the URL's search parameters (so a view can be bookmarked, shared and
 * saved), keyset-paged and virtualised, with a live tail that can be paused: new commands then wait behind an
 * "N new" button instead of moving the rows under the operator's eyes.
 */
export function CommandLogPage() {
  const { t } = useT();
  const { session } = useOperator();
  const navigate = useNavigate();
  const search = useOpsSearch();
  const filter = useMemo(() => filterOf(search), [search]);
  const pages = useCommandPages(filter);
  const { setRows } = pages;
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState<CommandTailEvent[]>([]);
  const [connected, setConnected] = useState(false);

  const apply = useCallback((next: LogFilter) => void navigate(opsTo('', next)), [navigate]);
  const onEvent = useCallback(
    (event: CommandTailEvent) => {
      if (paused) setHeld((h) => [...h, event]);
      else setRows((rows) => withTailEvent(rows, event));
    },
    [paused, setRows],
  );
  useTail(session, pages.query, onEvent, setConnected);
  const showHeld = () => {
    setRows((rows) => held.reduce(withTailEvent, rows));
    setHeld([]);
  };
  const newCount = held.filter((e) => e.kind === 'received').length;

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
          {held.length > 0 && (
            <Button size="sm" onClick={showHeld}>
              {t('ops.commands.newOnes', { count: newCount })}
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
