import type { CartLine } from '../../schema/cart/cart.ts';
import { decodeLineOptions } from '../../schema/cart/line-options.ts';

/** One row of a cart line's options: a configurable attribute (its code, translated by the view) or a label. */
export type LineOptionRow =
  { kind: 'attribute'; code: string; value: string } | { kind: 'label'; name: string; value: string };

/**
 * What the cart shows of a line's options: its configurable attributes as before, then the custom options and bundle
 * items in the words the cart rules wrote (`labels`). The codec's ids (schema/cart/line-options.ts) say nothing to a
 * shopper and are never shown; a line of an older client, keyed by titles, shows its keys as they are.
 */
export const lineOptionRows = (line: Pick<CartLine, 'options' | 'labels'>): LineOptionRow[] => {
  const decoded = decodeLineOptions(line.options);
  const attributes = decoded ? Object.entries(decoded.attributes) : Object.entries(line.options);
  return [
    ...attributes.map(([code, value]): LineOptionRow => ({ kind: 'attribute', code, value })),
    ...(line.labels ?? []).map(({ name, value }): LineOptionRow => ({ kind: 'label', name, value })),
  ];
};
