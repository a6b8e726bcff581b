import { z } from 'zod';
import { cartCommands } from './cart-commands.ts';
import { wishlistCommands } from '../wishlist/wishlist-commands.ts';
import { describeZodError } from '../validation/describe-zod-error.ts';
import { commandDocumentSchema, type CommandDocument } from './envelope.ts';

/** Every command type the product knows, with its payload and result schema: one line per feature. */
export const commandTypes = {
  ...cartCommands,
  ...wishlistCommands,
} as const;

export type CommandType = keyof typeof commandTypes;
export type PayloadOf<T extends CommandType> = z.output<(typeof commandTypes)[T]['payload']>;
export type PayloadInputOf<T extends CommandType> = z.input<(typeof commandTypes)[T]['payload']>;
export type ResultOf<T extends CommandType> = z.output<(typeof commandTypes)[T]['result']>;

export const isCommandType = (type: string): type is CommandType => Object.hasOwn(commandTypes, type);

/** A command document whose payload has been checked against its type. */
export type TypedCommand<T extends CommandType = CommandType> = T extends CommandType
  ? Omit<CommandDocument, 'type' | 'payload'> & { type: T; payload: PayloadOf<T> }
  : never;

export type CommandParseResult = { ok: true; command: TypedCommand } | { ok: false; field: string; message: string };

/** Validates the envelope and the payload for its type; the error names the first bad field. */
export const parseCommand = (input: unknown): CommandParseResult => {
  const envelope = commandDocumentSchema.safeParse(input);
  if (!envelope.success) return failure(envelope.error, '');
  const doc = envelope.data;
  if (!isCommandType(doc.type)) {
    return { ok: false, field: 'type', message: `unknown command type "${doc.type}"` };
  }
  const payload = commandTypes[doc.type].payload.safeParse(doc.payload);
  if (!payload.success) return failure(payload.error, 'payload.');
  return { ok: true, command: { ...doc, payload: payload.data } as TypedCommand };
};

const failure = (error: z.ZodError, prefix: string): CommandParseResult => {
  const { field, message } = describeZodError(error, prefix);
  return { ok: false, field: field || '(document)', message };
};
