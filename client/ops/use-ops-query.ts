import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import { useOperator } from './ops-context.tsx';
import { opsRequest, type OpsAnswer } from './ops-api.ts';

export type QueryState<T> = { state: 'loading' } | OpsAnswer<T>;

/** A console GET, asked again when `path` changes or `reload()` is called; an older answer never overwrites a newer. */
export const useOpsQuery = <S extends z.ZodType>(
  path: string | null,
  schema: S,
): { answer: QueryState<z.infer<S>>; reload: () => void } => {
  const { session } = useOperator();
  const [answer, setAnswer] = useState<QueryState<z.infer<S>>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (path === null) return;
    const abort = new AbortController();
    setAnswer({ state: 'loading' });
    opsRequest(session, path, schema, { signal: abort.signal }).then(
      (next) => abort.signal.aborted || setAnswer(next),
      () => undefined,
    );
    return () => abort.abort();
  }, [session, path, schema, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { answer, reload };
};
