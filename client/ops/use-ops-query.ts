import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import { useOperator } from './ops-context.tsx';
import { opsRequest, type OpsAnswer } from './ops-api.ts';

export type QueryState<T> = { state: 'loading' } | OpsAnswer<T>;

/**
 * A console GET, asked again when `path` changes or `reload()` is called. The answer is kept with the request it
 * answers: while a newer one is out the page shows "loading", and an older answer never stands for a newer request.
 */
export const useOpsQuery = <S extends z.ZodType>(
  path: string,
  schema: S,
): { answer: QueryState<z.infer<S>>; reload: () => void } => {
  const { session } = useOperator();
  const [round, setRound] = useState(0);
  const key = `${round}:${path}`;
  const [held, setHeld] = useState<{ key: string; answer: OpsAnswer<z.infer<S>> } | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    opsRequest(session, path, schema, { signal: abort.signal }).then(
      (answer) => abort.signal.aborted || setHeld({ key, answer }),
      () => undefined,
    );
    return () => abort.abort();
  }, [session, path, schema, key]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { answer: held?.key === key ? held.answer : { state: 'loading' }, reload };
};
