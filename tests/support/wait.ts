import { filter, firstValueFrom, tap, timeout, type Observable } from 'rxjs';

/** Waits until an observable's value satisfies `predicate`, failing with `what` (and the last value seen) after `ms`. */
export const waitFor = <T>(
  source: Observable<T>,
  predicate: (value: T) => boolean,
  what: string,
  ms = 10_000,
): Promise<T> => {
  let last: { value: T } | undefined;
  return firstValueFrom(
    source.pipe(
      tap((value) => (last = { value })),
      filter(predicate),
      timeout({
        first: ms,
        with: () => {
          const seen = last ? `; last seen: ${JSON.stringify(last.value)?.slice(0, 2000)}` : '; nothing seen';
          throw new Error(`timed out waiting for ${what}${seen}`);
        },
      }),
    ),
  );
};
