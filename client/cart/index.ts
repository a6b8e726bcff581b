/** The cart feature's public face: its page for the router and its badge for the header. */
export { CartPage } from './cart-page.tsx';
export { CartBadge } from './cart-badge.tsx';
