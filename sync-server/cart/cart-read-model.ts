import { emptyCart } from '../../schema/index.ts';
import { ownerReadModel } from '../features/owner-documents.ts';

/** The cart: one document per owner in `carts`, replicated as the `carts` collection. */
export const cartReadModel = ownerReadModel('carts', 'carts', emptyCart);
