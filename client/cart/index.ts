import { lazyRoute } from '../lib/lazy-when-reachable.ts';

/**
 * The cart feature's public face: its page for the router (a chunk of its own, loaded when /cart is opened, so the
 * first page carries none of it), its badge for the header, and the optimistic cart for other pages (checkout).
 */
export const CartPage = lazyRoute(() => import('./cart-page.tsx'), 'CartPage');
export { CartBadge } from './cart-badge.tsx';
export { useCart, useCartCount, useProductIndex } from './use-cart.ts';
export type { OptimisticCart } from './feature.ts';
