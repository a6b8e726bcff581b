import { useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';

/** A console URL's search parameters, as text. */
export type OpsSearch = Partial<Record<string, string>>;

/**
 * Where a console link goes: the one `/ops/$` route with the section's path as its splat (`commands/<id>`,
 * `shoppers/<owner>`, '' for the command log), and the section's search parameters. For <Link {...opsTo(…)}> and
 * navigate(opsTo(…)).
 */
export const opsTo = (path: string, search: OpsSearch = {}) => ({
  to: '/ops/$' as const,
  params: { _splat: path },
  search: Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined && value !== '')),
});

/** The console's sections in its navigation: the first segment of the path after /ops/ ('' the command log). */
export const SECTIONS = ['', 'failures', 'shoppers', 'queues', 'audit', 'health', 'operators'] as const;

/**
 * The URL's search parameters as text. The route validates none (a validator there was first-page bytes): the
 * router's parser reads `?from=1700000000000` as a number, so each value is turned back into the text it was.
 */
export const useOpsSearch = (): OpsSearch => {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  return useMemo(
    () =>
      Object.fromEntries(
        Object.entries(search).flatMap(([key, value]) =>
          value === undefined || value === null
            ? []
            : [[key, typeof value === 'string' ? value : JSON.stringify(value)]],
        ),
      ),
    [search],
  );
};
