import { describe, expect, it } from 'vitest';
import { cartNotices } from '../../../client/cart/notices.ts';
import { bg } from '../../../client/i18n/bg.ts';
import { en } from '../../../client/i18n/en.ts';
import { CART_REFUSALS } from '../../../schema/cart/cart-rules.ts';

/** A refusal the server can give is shown in the shopper's language, never as the server's English text. */
describe('every cart refusal has its translation', () => {
  const codes = Object.keys(CART_REFUSALS).sort();

  it('the notifications know every refusal code the cart rules give', () => {
    expect([...cartNotices.refusalCodes].sort()).toEqual(codes);
  });

  it.each(codes)('%s reads in Bulgarian and English', (code) => {
    expect(bg.refusal).toHaveProperty(code);
    expect(en.refusal).toHaveProperty(code);
  });
});
