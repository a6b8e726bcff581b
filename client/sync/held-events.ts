import { Subject, concat, defer, from, type Observable } from 'rxjs';

export interface HeldEvents<T> {
  emit(event: T): void;
  readonly events$: Observable<T>;
}

/**
 * Events for a listener that may come late: what is emitted while nobody listens is kept and handed to the next
 * listener, once; while someone listens, events go straight to them. The account's notices load lazily once
 * the store has started, and a logout clicked before they listened was told to nobody ("You're logged out"
 * never showed).
 */
export const heldUntilHeard = <T>(): HeldEvents<T> => {
  const live = new Subject<T>();
  const held: T[] = [];
  return {
    emit(event) {
      if (live.observed) live.next(event);
      else held.push(event);
    },
    // `from` hands the held events over synchronously, so nothing emitted meanwhile can overtake them.
    events$: defer(() => concat(from(held.splice(0)), live)),
  };
};
