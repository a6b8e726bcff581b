import { describe, expect, it } from 'vitest';
import { APPLIED_CLIENTS_KEPT, appliedSeqOf } from '../../../schema/cart/cart.ts';
import { IPHONE, SOLD_OUT } from '../support/catalogue.ts';
import { CLIENT_A, CLIENT_B, addItem, removeItem } from '../support/commands.ts';
import { cartFrom, given } from '../support/cart-spec.ts';

describe('the cart remembers how far each client’s commands are applied', () => {
  it('an accepted command records its client’s seq', () => {
    const { cart } = given().when(addItem(IPHONE.sku, 1, {}, { clientId: CLIENT_A, seq: 7 }));
    expect(cart.applied).toEqual([{ clientId: CLIENT_A, seq: 7 }]);
  });

  it('a refused command records its seq too: it has been handled', () => {
    const { cart, decision } = given().when(addItem(SOLD_OUT.sku, 1, {}, { clientId: CLIENT_A, seq: 3 }));
    expect(decision.kind).toBe('rejected');
    expect(appliedSeqOf(cart, CLIENT_A)).toBe(3);
  });

  it('a later command of the same client replaces its seq; other clients keep theirs', () => {
    const start = {
      ...cartFrom(),
      applied: [
        { clientId: CLIENT_A, seq: 1 },
        { clientId: CLIENT_B, seq: 9 },
      ],
    };
    const { cart } = given(start).when(removeItem('nothing-here', undefined, { clientId: CLIENT_A, seq: 2 }));
    expect(appliedSeqOf(cart, CLIENT_A)).toBe(2);
    expect(appliedSeqOf(cart, CLIENT_B)).toBe(9);
    expect(cart.applied).toHaveLength(2);
  });

  it('a client the cart has never seen is at seq 0', () => {
    expect(appliedSeqOf(cartFrom(), 'client-never')).toBe(0);
  });

  it('remembers the most recent clients only: every tab is a client, and a cart meets many', () => {
    const busy = Array.from({ length: APPLIED_CLIENTS_KEPT + 5 }, (_, i) => `client-tab-${i}`).reduce(
      (cart, clientId) => given(cart).when(addItem(IPHONE.sku, 1, {}, { clientId, seq: 1 })).cart,
      cartFrom(),
    );
    expect(busy.applied).toHaveLength(APPLIED_CLIENTS_KEPT);
    expect(appliedSeqOf(busy, `client-tab-${APPLIED_CLIENTS_KEPT + 4}`)).toBe(1);
    expect(appliedSeqOf(busy, 'client-tab-0')).toBe(0);
  });
});
