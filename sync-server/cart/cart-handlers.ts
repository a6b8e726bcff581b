import { applyCartCommand, isCartCommand } from '../../schema/index.ts';
import type { CommandHandler } from '../executor/handler-registry.ts';

/** The cart's command handler: the shared pure rules, applied to the batch's locked cart. */
export const cartHandler: CommandHandler = (command, context) => {
  if (!isCartCommand(command)) throw new Error(`not a cart command: ${(command as { type: string }).type}`);
  const { carts } = context;
  const { cart, decision } = applyCartCommand(
    carts.get(command.owner),
    command,
    context.products,
    carts.pricingOf(command.owner),
  );
  context.carts.set(command.owner, cart);
  return decision.kind === 'accepted'
    ? { status: 'succeeded', result: decision.result }
    : {
        status: 'rejected',
        code: decision.code,
        message: decision.message,
        ...(decision.field ? { field: decision.field } : {}),
      };
};

export const cartHandlers = {
  'cart.addItem': cartHandler,
  'cart.updateQty': cartHandler,
  'cart.removeItem': cartHandler,
  'cart.clear': cartHandler,
} as const;
