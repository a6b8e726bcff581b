import type { CartCommand } from '../../../schema/cart/cart-rules.ts';
import type { CommandDocument, CommandStatus } from '../../../schema/commands/envelope.ts';
import { parseCommand, type PayloadInputOf } from '../../../schema/commands/registry.ts';

export const OWNER = 'guest-cart-1';
export const CLIENT_A = 'client-aaaa';
export const CLIENT_B = 'client-bbbb';

/** Who sent a command, and when; every builder takes it so a test says only what it is about. */
export interface Meta {
  clientId?: string;
  seq?: number;
  createdAt?: number;
  status?: CommandStatus;
}

let counter = 0;
/** A valid lower-case UUIDv7, distinct on every call. */
export const uuidv7 = (): string => `0190a6b2-3c4d-7e8f-9a0b-${(++counter).toString(16).padStart(12, '0')}`;

/** The raw document a client writes (not parsed): what replication and the optimistic view see. */
export const commandDoc = (type: string, payload: Record<string, unknown>, meta: Meta = {}): CommandDocument => {
  const seq = meta.seq ?? 1;
  return {
    id: uuidv7(),
    type,
    payload,
    owner: OWNER,
    clientId: meta.clientId ?? CLIENT_A,
    seq,
    createdAt: meta.createdAt ?? 1_767_225_600_000 + seq,
    status: meta.status ?? 'pending',
    serverSeq: 0,
  };
};

const cartCommand = (type: CartCommand['type'], payload: Record<string, unknown>, meta?: Meta): CartCommand => {
  const parsed = parseCommand(commandDoc(type, payload, meta));
  if (!parsed.ok) throw new Error(`test command does not parse: ${parsed.message}`);
  return parsed.command as CartCommand;
};

export const addItem = (sku: string, qty = 1, options: Record<string, string> = {}, meta?: Meta) =>
  cartCommand('cart.addItem', { sku, qty, options } satisfies PayloadInputOf<'cart.addItem'>, meta);
export const updateQty = (lineId: string, qty: number, meta?: Meta) =>
  cartCommand('cart.updateQty', { lineId, qty } satisfies PayloadInputOf<'cart.updateQty'>, meta);
export const removeItem = (lineId: string, qty?: number, meta?: Meta) =>
  cartCommand('cart.removeItem', qty === undefined ? { lineId } : { lineId, qty }, meta);
export const clear = (meta?: Meta) => cartCommand('cart.clear', {}, meta);
