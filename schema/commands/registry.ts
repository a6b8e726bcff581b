import { z } from 'zod';
import { cartCommands } from './cart-commands.ts';
import { wishlistCommands } from '../wishlist/wishlist-commands.ts';
import { orderCommands } from '../orders/order-commands.ts';
import { noticesCommands } from '../notices/notices-commands.ts';
import { paymentCommands } from '../payments/payment-commands.ts';
import { adCommands } from '../ads/ad-commands.ts';
import { messageCommands } from '../messages/message-commands.ts';
import { alertsCommands } from '../alerts/alerts-commands.ts';
import { describeZodError } from '../validation/describe-zod-error.ts';
import { findUnstorable, toStorableJson } from '../validation/storable.ts';
import { commandDocumentSchema, type CommandDocument, type CommandError } from './envelope.ts';

/** Every command type the product knows, with its payload and result schema: one line per feature. */
export const commandTypes = {
  ...cartCommands,
  ...wishlistCommands,
  ...orderCommands,
  ...noticesCommands,
  ...paymentCommands,
  ...adCommands,
  ...messageCommands,
  ...alertsCommands,
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

/** The code of a command refused because its payload holds a value the store cannot keep (see unstorablePayload). */
export const INVALID_PAYLOAD = 'invalid_payload';

export type CommandParseResult =
  | { ok: true; command: TypedCommand }
  | {
      ok: false;
      field: string;
      message: string;
      /**
       * Set when the envelope is sound and only the payload holds a value the store cannot keep: the command as it
       * can be stored (payload made storable) and refused, `error` saying why. See `isRefusedAtPush`.
       */
      refused?: TypedCommand;
    };

/**
 * Validates the envelope and the payload for its type; the error names the first bad field. A payload holding a
 * value the store cannot keep (a NUL, a lone surrogate, a number JSON cannot hold: schema/validation/storable.ts)
 * fails too, before its type's schema is asked, and carries the command as it can be stored (`refused`).
 */
export const parseCommand = (input: unknown): CommandParseResult => {
  const envelope = commandDocumentSchema.safeParse(input);
  if (!envelope.success) return failure(envelope.error, '');
  const doc = envelope.data;
  if (!isCommandType(doc.type)) {
    return { ok: false, field: 'type', message: `unknown command type "${doc.type}"` };
  }
  const unstorable = unstorablePayload(doc.payload);
  if (unstorable) {
    const storable = toStorableJson(doc.payload) as Record<string, unknown>;
    return {
      ok: false,
      field: unstorable.field!,
      message: unstorable.message,
      refused: { ...doc, payload: storable, error: unstorable } as TypedCommand,
    };
  }
  const payload = commandTypes[doc.type].payload.safeParse(doc.payload);
  if (!payload.success) return failure(payload.error, 'payload.');
  return { ok: true, command: { ...doc, payload: payload.data } as TypedCommand };
};

const failure = (error: z.ZodError, prefix: string): CommandParseResult => {
  const { field, message } = describeZodError(error, prefix);
  return { ok: false, field: field || '(document)', message };
};

/** Why a payload cannot be stored, as the error of its refused command (`field`: the path, "payload.sku"). */
export const unstorablePayload = (payload: unknown): CommandError | undefined => {
  const found = findUnstorable(payload);
  if (!found) return undefined;
  // Bounded as commandErrorSchema bounds them: a path may run through long keys.
  const field = ['payload', ...found.path].join('.').slice(0, 100);
  return { code: INVALID_PAYLOAD, message: `${field}: ${found.message}`.slice(0, 500), field };
};

/**
 * A command the push took refused (its payload could not be stored): stored pending with its `error` set, so it
 * keeps its place in its client's seq order and is settled `rejected` with that error when its turn comes,
 * without running. A client cannot set `error` on a command it pushes, so only the server makes one.
 */
export const isRefusedAtPush = (command: Pick<CommandDocument, 'status' | 'error'>): boolean =>
  command.status === 'pending' && command.error?.code === INVALID_PAYLOAD;
