import type { StoreDatabase } from '../../client/sync/database.ts';
import type { CommandDocument } from '../../schema/index.ts';

/** A local database that keeps what dispatch writes: enough for dispatch's own rules, with no storage under it. */
export const fakeCommandDatabase = () => {
  const written: CommandDocument[] = [];
  const db = {
    commands: {
      insert: async (doc: CommandDocument) => {
        written.push(doc);
        return doc;
      },
    },
  } as unknown as StoreDatabase;
  return { db, written };
};
