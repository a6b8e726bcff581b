import { z } from 'zod';
import { storableString } from '../validation/storable.ts';

/**
 * The command envelope: every user intent travels as one of these documents.
 * The client writes the client-owned fields once; the server alone writes the server-owned ones.
 */
export const COMMAND_STATUSES = ['pending', 'processing', 'succeeded', 'rejected', 'failed'] as const;
export const commandStatusSchema = z.enum(COMMAND_STATUSES);
export type CommandStatus = z.infer<typeof commandStatusSchema>;

/** Final statuses: the command will never change again. */
export const isSettled = (status: CommandStatus): boolean =>
  status === 'succeeded' || status === 'rejected' || status === 'failed';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export const commandIdSchema = z.string().max(36).regex(UUID_V7, 'must be a lower-case UUIDv7');
// Strings of the envelope a push writes as text: one the store cannot keep is a malformed request (storable.ts).
export const ownerIdSchema = storableString().min(1).max(64);
export const clientIdSchema = storableString().min(8).max(64);
/** Per-client sequence: gapless and increasing from 1, the executor's ordering and exactly-once key. */
export const seqSchema = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
export const epochMsSchema = z.number().int().min(0).max(8.64e15);
export const serverSeqSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const commandErrorSchema = z.object({
  code: z.string().max(64),
  message: z.string().max(500),
  /** The payload field the error is about, when there is one. */
  field: z.string().max(100).optional(),
});
export type CommandError = z.infer<typeof commandErrorSchema>;

/**
 * Client-owned fields: written once by dispatch, never changed once sent. (A tap made before the device had an
 * identity gets its owner later, on the device, before it is ever sent: client/sync/provisional.ts.)
 */
export const clientCommandFields = {
  id: commandIdSchema,
  type: storableString().min(1).max(64),
  payload: z.record(z.string(), z.unknown()),
  owner: ownerIdSchema,
  clientId: clientIdSchema,
  seq: seqSchema,
  createdAt: epochMsSchema,
};

/** Server-owned fields: a client push that sets or changes them is refused. */
export const serverCommandFields = {
  status: commandStatusSchema,
  result: z.record(z.string(), z.unknown()).optional(),
  resultCode: z.string().max(64).optional(),
  error: commandErrorSchema.optional(),
  processedAt: epochMsSchema.optional(),
  serverSeq: serverSeqSchema,
};

/** The stored shape of any command: what RxDB holds and what replication carries. */
export const commandDocumentSchema = z.object({ ...clientCommandFields, ...serverCommandFields }).strict();
export type CommandDocument = z.infer<typeof commandDocumentSchema>;

/** The shape of a command as the client creates it: pending, never seen by the server. */
export const newCommandDocumentSchema = z
  .object({ ...clientCommandFields, status: z.literal('pending'), serverSeq: z.literal(0) })
  .strict();
