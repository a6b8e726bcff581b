import { useCallback, useEffect, useState } from 'react';
import { commandLogPageSchema, type CommandLogRow } from '../../../schema/ops/command-log.ts';
import type { AccountSession } from '../../store/index.ts';
import { opsRequest, type OpsAnswer } from '../ops-api.ts';
import { useOperator } from '../ops-context.tsx';
import { filterQuery, type LogFilter } from './log-filters.ts';

const PAGE = 200;

interface Shown {
  /** The filter's query these rows answer. */
  query: string;
  rows: CommandLogRow[];
  next: string | null;
  problem: Extract<OpsAnswer<unknown>, { ok: false }> | null;
  /** The tail's rows pushed the oldest out of the list: the next page would leave a hole, so only a reload pages on. */
  trimmed: boolean;
}

/** A page of the log for the filter's query (`?type=…`, '' for none), from `cursor` on. */
const fetchPage = (session: AccountSession, query: string, cursor: string | null) => {
  const params = new URLSearchParams(query);
  params.set('limit', String(PAGE));
  if (cursor !== null) params.set('cursor', cursor);
  return opsRequest(session, `/api/ops/commands?${params.toString()}`, commandLogPageSchema);
};

/** The rows after a page arrived: appended without the ones already shown (a tail event may have brought them). */
const withPage = (
  shown: Shown,
  query: string,
  answer: Awaited<ReturnType<typeof fetchPage>>,
  first: boolean,
): Shown => {
  if (!answer.ok) return { ...shown, query, problem: answer, ...(first ? { rows: [], next: null } : {}) };
  if (first) return { query, rows: answer.value.rows, next: answer.value.next, problem: null, trimmed: false };
  const known = new Set(shown.rows.map((row) => row.id));
  return {
    query,
    rows: [...shown.rows, ...answer.value.rows.filter((row) => !known.has(row.id))],
    next: answer.value.next,
    problem: null,
    trimmed: false,
  };
};

/**
 * The log's rows for a filter, page after page by the server's keyset cursor (never an offset): a row written while
 * the operator scrolls never shifts the pages, so none is shown twice or skipped. A new filter starts again; until
 * its first page arrives the rows of the old one are not shown.
 */
export const useCommandPages = (filter: LogFilter) => {
  const { session } = useOperator();
  const query = filterQuery(filter);
  const [round, setRound] = useState(0);
  const [shown, setShown] = useState<Shown>({
    query: '\0',
    rows: [],
    next: null,
    problem: null,
    trimmed: false,
  });
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    let current = true;
    fetchPage(session, query, null).then(
      (answer) => current && setShown((s) => withPage(s, query, answer, true)),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [session, query, round]);

  const fresh = shown.query === query;
  const loadMore = useCallback(() => {
    if (!fresh || shown.next === null || loadingMore) return;
    setLoadingMore(true);
    void fetchPage(session, query, shown.next).then((answer) => {
      setLoadingMore(false);
      setShown((s) => (s.query === query ? withPage(s, query, answer, false) : s));
    });
  }, [fresh, shown.next, loadingMore, session, query]);

  const setRows = useCallback(
    (change: (rows: CommandLogRow[]) => CommandLogRow[]) =>
      setShown((s) => {
        const rows = change(s.rows);
        // A tail event only adds on top or changes a row in place: a different last row means the bottom was cut.
        const cut = s.rows.length > 0 && rows.at(-1)?.id !== s.rows.at(-1)?.id;
        return cut ? { ...s, rows, next: null, trimmed: true } : { ...s, rows };
      }),
    [],
  );
  return {
    rows: fresh ? shown.rows : [],
    setRows,
    hasMore: fresh && shown.next !== null,
    loading: !fresh || loadingMore,
    problem: fresh ? shown.problem : null,
    trimmed: fresh && shown.trimmed,
    loadMore,
    reload: () => setRound((r) => r + 1),
    query,
  };
};
