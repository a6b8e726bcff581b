import { bufferTime, filter, map, mergeMap, type Subscription } from 'rxjs';
import type { StoreDatabase } from './database.ts';

/**
 * Answered commands leave the local log (their outcome stays), so `commands` holds only what is in
 * flight and every view over it stays small. Driven by arriving outcomes, batched; at start, one sweep
 * for commands answered while no tab was open.
 */
export const removeAnsweredCommands = (db: StoreDatabase): Subscription => {
  const removeAnswered = async (ids: string[]): Promise<void> => {
    const local = await db.commands.findByIds(ids).exec();
    if (local.size > 0) await db.commands.bulkRemove([...local.keys()]);
  };
  const sweep = async (): Promise<void> => {
    const local = await db.commands.find().exec();
    if (local.length === 0) return;
    const answered = await db.outcomes.findByIds(local.map((d) => d.id)).exec();
    await removeAnswered([...answered.keys()]);
  };
  void sweep().catch(() => undefined);
  return db.outcomes.$.pipe(
    map((event) => event.documentId),
    // Removals go through RxDB's push bookkeeping too: batch them so they do not crowd a draining queue.
    bufferTime(250),
    filter((ids) => ids.length > 0),
    // Another tab may remove the same commands first: that is fine.
    mergeMap((ids) => removeAnswered(ids).catch(() => undefined)),
  ).subscribe();
};
