import { combineLatest, distinctUntilChanged, map, of, shareReplay, switchMap, type Observable } from 'rxjs';
import type { RxCollection } from 'rxdb';
import { parseCommand, type CommandDocument, type CommandParseResult } from '../../schema/index.ts';
import { NOT_LOGGED_IN_GROUP } from '../../schema/catalog/rules/tier-price.ts';
import { clientFeatures, type FeatureViews } from '../features.ts';
import type { StoreDatabase } from './database.ts';
import type { ServerAccess, ViewContext } from './feature.ts';

/** What the views are built from besides the database. */
export interface ViewSources {
  owner$: Observable<string | undefined>;
  /** Whose unanswered commands fold onto the read models: the user's and those its device made as a guest. */
  pendingOwners$?: Observable<readonly string[]>;
  /**
   * The logged-in user's customer group (guests': 0): pending commands are folded at its tier prices, as the
   * server will charge them, so the total shown is the total charged. A login or logout re-folds.
   */
  customerGroup$?: Observable<number>;
  server: ServerAccess;
}

/**
 * The reactive views the store shows, all read from the local database: they stay right offline and
 * update when replication writes. The kernel's own (what is waiting, the owner's commands) and every registered
 * feature's (client/features.ts), built on one shared view of the pending commands. `owner$` is the current
 * identity.
 */
export const createViews = (
  db: StoreDatabase,
  {
    owner$,
    pendingOwners$ = owner$.pipe(map((owner) => (owner ? [owner] : []))),
    customerGroup$ = of(NOT_LOGGED_IN_GROUP),
    server,
  }: ViewSources,
) => {
  const owned$ = owner$.pipe(distinctUntilChanged());

  /** This device's commands not yet answered (answered ones are removed as their outcome arrives). */
  const pending$: Observable<CommandDocument[]> = pendingOwners$.pipe(
    distinctUntilChanged((a, b) => a.join() === b.join()),
    switchMap((owners) =>
      owners.length > 0 ? db.commands.find({ selector: { owner: { $in: [...owners] }, status: 'pending' } }).$ : of([]),
    ),
    map((docs) => docs.map((d) => d.toMutableJSON() as CommandDocument)),
    shareReplay({ bufferSize: 1, refCount: true }),
  );

  // Folding re-validates every pending command on each change; remember the result per command id, for as long
  // as the command is pending.
  const parsed = new Map<string, CommandParseResult>();
  const trackedPending$ = pending$.pipe(
    map((pending) => {
      const inFlight = new Set(pending.map((c) => c.id));
      for (const id of parsed.keys()) if (!inFlight.has(id)) parsed.delete(id);
      return pending;
    }),
  );
  const collections = db.collections as unknown as Record<string, RxCollection>;
  const stops: (() => void)[] = [];
  const context: ViewContext = {
    server,
    onStop: (stop) => stops.push(stop),
    collection: <Doc>(name: string) => collections[name] as unknown as RxCollection<Doc>,
    owner$: owned$,
    pending$: trackedPending$,
    customerGroup$: customerGroup$.pipe(distinctUntilChanged()),
    parse: (input) => {
      const id = (input as CommandDocument).id;
      const known = parsed.get(id) ?? parseCommand(input);
      parsed.set(id, known);
      return known;
    },
  };
  const featureViews = Object.assign(
    {},
    ...clientFeatures.map((feature) => feature.views?.(context) ?? {}),
  ) as FeatureViews;

  const waiting$: Observable<number> = pending$.pipe(
    map((pending) => pending.length),
    distinctUntilChanged(),
    shareReplay({ bufferSize: 1, refCount: true }),
  );

  /**
   * The owner's commands of this session, newest first: pending ones and their outcomes. Bounded by the
   * session's start so the query walks the [owner, createdAt] index instead of every outcome ever.
   */
  const sessionStart = Date.now() - 60 * 60 * 1000;
  // An outcome never changes once written, and RxDB hands out one document object per stored revision:
  // copy each once, not the whole list on every emission (it grows with the session).
  const outcomeCopies = new WeakMap<object, CommandDocument>();
  const outcomeJson = (doc: { toMutableJSON(): unknown }): CommandDocument => {
    let copy = outcomeCopies.get(doc);
    if (!copy) {
      copy = doc.toMutableJSON() as CommandDocument;
      outcomeCopies.set(doc, copy);
    }
    return copy;
  };
  const commands$: Observable<CommandDocument[]> = owned$.pipe(
    switchMap((owner) =>
      !owner
        ? of([[], []] as const)
        : combineLatest([
            db.outcomes.find({
              selector: { owner, createdAt: { $gte: sessionStart } },
              sort: [{ owner: 'asc' }, { createdAt: 'asc' }],
            }).$,
            pending$,
          ]),
    ),
    map(([answered, pending]) => {
      const outcomes = answered.map(outcomeJson);
      const answeredIds = new Set(outcomes.map((c) => c.id));
      return [...pending.filter((c) => !answeredIds.has(c.id)), ...outcomes].sort((a, b) => b.createdAt - a.createdAt);
    }),
  );

  return {
    ...featureViews,
    pending$,
    waiting$,
    commands$,
    stop: () => {
      for (const stop of stops.splice(0)) stop();
    },
  };
};
