import { normalizeMangoQuery, prepareQuery } from 'rxdb';
import { v7 as uuidv7 } from 'uuid';
import {
  commandTypes,
  newCommandDocumentSchema,
  type CommandDocument,
  type CommandType,
  type PayloadInputOf,
} from '../../schema/index.ts';
import type { StoreDatabase } from './database.ts';
import { withLock } from './lock.ts';

export class InvalidCommandError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

export interface DispatchIdentity {
  clientId: string;
  owner: string;
}

export type Dispatch = <T extends CommandType>(type: T, payload: PayloadInputOf<T>) => Promise<CommandDocument>;

/**
 * Writes a command to the local database, pending: the optimistic views update at once and replication
 * delivers it when it can. Its seq is the profile's next one, taken under a lock every tab shares.
 */
export const createDispatch = (db: StoreDatabase, identity: () => DispatchIdentity | undefined): Dispatch => {
  /** The highest seq this tab knows is taken: the storage read only has to look above it. */
  let knownSeq = 0;
  return async (type, payload) => {
    const who = identity();
    if (!who) throw new InvalidCommandError('No cart identity yet: the store has not reached the server once', 'owner');
    const parsed = commandTypes[type].payload.safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new InvalidCommandError(
        `payload.${issue?.path.join('.')}: ${issue?.message}`,
        `payload.${issue?.path.join('.')}`,
      );
    }
    return withLock(`${db.name}:dispatch`, async () => {
      const doc = newCommandDocumentSchema.parse({
        id: uuidv7(),
        type,
        payload: parsed.data,
        owner: who.owner,
        clientId: who.clientId,
        seq: (knownSeq = (await lastSeqAbove(db, who.clientId, knownSeq)) + 1),
        createdAt: Date.now(),
        status: 'pending',
        serverSeq: 0,
      });
      await db.commands.insert(doc);
      return doc;
    });
  };
};

/**
 * The highest seq this profile has used, read from storage itself: a cached query could miss a command
 * another tab inserted a moment ago, and a reused seq would be refused by the server. Answered commands
 * leave `commands`, so their outcomes count too. Only seqs above `known` are read, through the
 * [clientId, seq] index (RxDB cannot serve a descending sort from an index, so "max" would scan all).
 */
const lastSeqAbove = async (db: StoreDatabase, clientId: string, known: number): Promise<number> => {
  const [mine, answered] = await Promise.all([
    highestSeqAbove(db.commands, clientId, known),
    highestSeqAbove(db.outcomes, clientId, known),
  ]);
  return Math.max(known, mine, answered);
};

const highestSeqAbove = async (collection: StoreDatabase['commands'], clientId: string, known: number) => {
  const query = normalizeMangoQuery(collection.schema.jsonSchema, {
    selector: { clientId, seq: { $gt: known } },
    sort: [{ clientId: 'asc' }, { seq: 'asc' }],
  });
  const { documents } = await collection.storageInstance.query(prepareQuery(collection.schema.jsonSchema, query));
  return documents.at(-1)?.seq ?? 0;
};
