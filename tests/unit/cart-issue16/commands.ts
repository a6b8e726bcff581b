import type { CartCommand } from '../../../schema/cart/cart-rules.ts';
import { parseCommand } from '../../../schema/commands/registry.ts';
import { commandDoc } from '../support/commands.ts';

/** The cart commands of issue 16, parsed as the server parses them. */
const command = (type: CartCommand['type'], payload: Record<string, unknown>): CartCommand => {
  const parsed = parseCommand(commandDoc(type, payload));
  if (!parsed.ok) throw new Error(`test command does not parse: ${parsed.message}`);
  return parsed.command as CartCommand;
};

export const applyCoupon = (code: string) => command('cart.applyCoupon', { code });
export const removeCoupon = () => command('cart.removeCoupon', {});
export const configureLine = (lineId: string, options: Record<string, string>) =>
  command('cart.configureLine', { lineId, options });
export const setShipping = (payload: Record<string, unknown>) => command('cart.setShippingInformation', payload);
