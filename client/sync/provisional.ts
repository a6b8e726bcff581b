import type { StoreDatabase } from './database.ts';

/**
 * Whose a command is while the device has no identity yet: a first visit before the server has answered with a
 * guest cart, or offline on a first visit. The tap is written to the device at once under this owner, so it is
 * counted as waiting, folds into the cart once the device holds the catalogue, and survives a reload; no push carries it (the pusher sends only the session's owners). When the
 * device gets an owner (its guest, or a user who logged in first), every such command becomes that owner's
 * (`adoptProvisionalCommands`) and leaves like any other. The server never sees this owner.
 */
export const PROVISIONAL_OWNER = 'provisional';

/**
 * Gives the device's provisional commands to its owner. The owner is the one client field that changes after
 * dispatch, and only while the command has never left the device. Their seqs stay: each was taken by its tab's
 * client id, which the owner's first push binds to the owner. Idempotent: tabs may run it at once.
 */
export const adoptProvisionalCommands = async (db: StoreDatabase, owner: string): Promise<void> => {
  const waiting = await db.commands.find({ selector: { owner: PROVISIONAL_OWNER } }).exec();
  for (const doc of waiting) await doc.incrementalPatch({ owner });
};
