/** What a click on the header's cart link carries (a mouse click, or Enter on the focused link). */
export interface LinkClick {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}

/**
 * Whether a click on the cart link opens the mini-cart (spec: microcart) rather than following the link to /cart.
 * A plain click or Enter opens it; a click asking for a new tab or window (a modifier, the middle button) stays the
 * browser's, and on the cart page itself the panel would repeat the page, so the link stays a link there.
 */
export const opensMiniCart = (click: LinkClick, onCartPage: boolean): boolean =>
  !onCartPage &&
  !click.defaultPrevented &&
  click.button === 0 &&
  !click.metaKey &&
  !click.ctrlKey &&
  !click.shiftKey &&
  !click.altKey;
