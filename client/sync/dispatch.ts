import { v7 as uuidv7 } from 'uuid';
import {
  commandTypes,
  describeZodError,
  newCommandDocumentSchema,
  type CommandDocument,
  type CommandType,
  type PayloadInputOf,
  unstorablePayload,
} from '../../schema/index.ts';
import type { StoreDatabase } from './database.ts';

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
 * delivers it when it can. Seq counts this client's commands from 1; the client lives as long as the
 * tab, so the count is kept in memory and nothing has to be read back from storage.
 *
 * A seq is taken only by a command that was stored. The server runs a client's commands in seq order and
 * waits at a gap, so a seq spent on a write the storage refused (a full disk) would hold every later
 * command of the tab, an order too, pending for good. Writes therefore go one at a time, and a refused
 * one gives its seq back to the next.
 */
/**
 * Whose a command is, known at once: the device's owner, or a provisional one while it has none yet
 * (provisional.ts). A tap never waits for the network.
 */
export type IdentitySource = () => DispatchIdentity;

export const createDispatch = (db: StoreDatabase, identity: IdentitySource): Dispatch => {
  // Per client id: a tab takes a new one when its shopper changes (see store-client.ts).
  const lastSeqs = new Map<string, number>();
  let writing: Promise<unknown> = Promise.resolve();
  const store = (fields: Omit<CommandDocument, 'seq'>): Promise<CommandDocument> => {
    const written = writing.then(async () => {
      const seq = (lastSeqs.get(fields.clientId) ?? 0) + 1;
      const doc = newCommandDocumentSchema.parse({ ...fields, seq });
      await db.commands.insert(doc);
      lastSeqs.set(fields.clientId, seq);
      return doc;
    });
    writing = written.catch(() => undefined);
    return written;
  };
  return async (type, payload) => {
    // A value the server's store cannot keep (a NUL, a lone surrogate): the server would settle it refused, so
    // the shopper hears it now, and no seq is spent on it.
    const unstorable = unstorablePayload(payload);
    if (unstorable) throw new InvalidCommandError(unstorable.message, unstorable.field!);
    const parsed = commandTypes[type].payload.safeParse(payload);
    if (!parsed.success) {
      const { field, message } = describeZodError(parsed.error, 'payload.');
      throw new InvalidCommandError(message, field);
    }
    const who = identity();
    return store({
      id: uuidv7(),
      type,
      payload: parsed.data,
      owner: who.owner,
      clientId: who.clientId,
      createdAt: Date.now(),
      status: 'pending',
      serverSeq: 0,
    });
  };
};
