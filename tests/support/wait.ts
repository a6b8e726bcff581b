import { filter, firstValueFrom, timeout, type Observable } from 'rxjs';

/** Waits until an observable's value satisfies `predicate`, failing with `what` after `ms`. */
export const waitFor = <T>(
  source: Observable<T>,
  predicate: (value: T) => boolean,
  what: string,
  ms = 10_000,
): Promise<T> =>
  firstValueFrom(
    source.pipe(
      filter(predicate),
      timeout({
        first: ms,
        with: () => {
          throw new Error(`timed out waiting for ${what}`);
        },
      }),
    ),
  );
