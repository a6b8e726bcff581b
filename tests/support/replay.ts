import {
  applyCartCommand,
  emptyCart,
  parseCommand,
  type Cart,
  type CartCommand,
  type CommandDocument,
} from '../../schema/index.ts';
import { DEMO_PRODUCTS } from '../../sync-server/catalog/demo-catalog.ts';

const demoProduct = (sku: string) => {
  const product = DEMO_PRODUCTS.find((p) => p.sku === sku);
  return product && { ...product, image: '', serverSeq: 0 };
};

/** The cart the shared rules give when each command runs exactly once, in the order given. */
export const replayCart = (owner: string, commands: readonly CommandDocument[]): Cart =>
  commands.reduce((cart, doc) => {
    const parsed = parseCommand({ ...doc, status: 'pending', serverSeq: 0 });
    if (!parsed.ok) throw new Error(parsed.message);
    return applyCartCommand(cart, parsed.command as CartCommand, demoProduct).cart;
  }, emptyCart(owner));
