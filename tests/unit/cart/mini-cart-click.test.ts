import { describe, expect, it } from 'vitest';
import { opensMiniCart, type LinkClick } from '../../../client/cart/mini-cart-click.ts';

const plain: LinkClick = {
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  defaultPrevented: false,
};

describe('a click on the header cart link', () => {
  it('opens the mini-cart when plain (a tap, a click, Enter)', () => {
    expect(opensMiniCart(plain, false)).toBe(true);
  });

  it('follows the link when the shopper asks for a new tab or window', () => {
    expect(opensMiniCart({ ...plain, ctrlKey: true }, false)).toBe(false);
    expect(opensMiniCart({ ...plain, metaKey: true }, false)).toBe(false);
    expect(opensMiniCart({ ...plain, shiftKey: true }, false)).toBe(false);
    expect(opensMiniCart({ ...plain, altKey: true }, false)).toBe(false);
    expect(opensMiniCart({ ...plain, button: 1 }, false)).toBe(false);
  });

  it('stays a link on the cart page itself, and leaves a click another handler took', () => {
    expect(opensMiniCart(plain, true)).toBe(false);
    expect(opensMiniCart({ ...plain, defaultPrevented: true }, false)).toBe(false);
  });
});
