import type { CommandType, ProductLookup, TypedCommand } from '../../schema/index.ts';
import type { CartSession } from '../cart/cart-session.ts';

/** What a handler may touch: read models loaded (and locked) for this batch, and the catalogue. */
export interface ExecutionContext {
  readonly carts: CartSession;
  readonly products: ProductLookup;
  readonly now: number;
}

export type Outcome =
  | { status: 'succeeded'; result: Record<string, unknown> }
  | { status: 'rejected'; code: string; message: string; field?: string };

/** Runs one command against the batch's state. Pure apart from the context; a throw marks it failed. */
export type CommandHandler = (command: TypedCommand, context: ExecutionContext) => Outcome;

export type HandlerRegistry = Record<CommandType, CommandHandler>;
