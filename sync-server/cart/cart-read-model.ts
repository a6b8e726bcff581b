import { emptyCart } from '../../schema/index.ts';
import type { OwnerReadModel } from '../features/feature.ts';

/** The cart: one document per owner in `carts`, replicated as the `carts` collection. */
export const cartReadModel: OwnerReadModel = {
  collection: 'carts',
  table: 'carts',
  empty: (owner) => {
    const { serverSeq: _none, ...doc } = emptyCart(owner);
    return doc;
  },
};
