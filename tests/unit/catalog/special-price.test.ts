import { describe, expect, it } from 'vitest';
import { effectivePrice, withCurrentSpecialPrice } from '../../../schema/catalog/rules/effective-price.ts';
import { dateBoundInstant } from '../../../schema/catalog/rules/shop-time.ts';
import { isSpecialPriceActive, isWithinDateWindow } from '../../../schema/catalog/rules/special-price.ts';

// Spec section 4 "Price state": "A special price is used only when it is below the normal price and now is within
// the special date window; otherwise special price is set to 0."

const onSale = {
  price: 199_900,
  priceInclTax: 239_880,
  special_price: 179_900,
  specialPriceInclTax: 215_880,
  special_from_date: '2026-03-01',
  special_to_date: '2026-03-31',
};
/** Sofia is UTC+2 in winter and UTC+3 from the last Sunday of March (29 March 2026). */
const at = (iso: string) => new Date(iso);

describe('the special price window', () => {
  it('given now inside the window, when pricing, then the special price is what the shopper pays', () => {
    expect(effectivePrice(onSale, at('2026-03-15T12:00:00Z'))).toEqual({
      onSale: true,
      price: 199_900,
      priceInclTax: 239_880,
      special_price: 179_900,
      specialPriceInclTax: 215_880,
      finalPrice: 179_900,
      finalPriceInclTax: 215_880,
    });
  });

  it('given now before the window, then the special price is cleared and the normal price is paid', () => {
    expect(effectivePrice(onSale, at('2026-02-28T12:00:00Z'))).toEqual({
      onSale: false,
      price: 199_900,
      priceInclTax: 239_880,
      special_price: null,
      specialPriceInclTax: null,
      finalPrice: 199_900,
      finalPriceInclTax: 239_880,
    });
  });

  it('given a from date without a time, then the window opens at midnight in Sofia (22:00 UTC the day before)', () => {
    expect(isSpecialPriceActive(onSale, at('2026-02-28T21:59:59.999Z'))).toBe(false);
    expect(isSpecialPriceActive(onSale, at('2026-02-28T22:00:00Z'))).toBe(true);
  });

  it('given a to date without a time, then that whole day is inside the window (to midnight in Sofia, summer time)', () => {
    expect(isSpecialPriceActive(onSale, at('2026-03-31T20:59:59.999Z'))).toBe(true);
    expect(isSpecialPriceActive(onSale, at('2026-03-31T21:00:00Z'))).toBe(false);
  });

  it('given VSF1 "YYYY-MM-DD HH:mm:ss" bounds, then they are read as Sofia wall-clock times, inclusive', () => {
    const fields = { ...onSale, special_from_date: '2026-03-10 09:30:00', special_to_date: '2026-03-10 18:00:00' };
    expect(isSpecialPriceActive(fields, at('2026-03-10T07:29:59Z'))).toBe(false);
    expect(isSpecialPriceActive(fields, at('2026-03-10T07:30:00Z'))).toBe(true);
    expect(isSpecialPriceActive(fields, at('2026-03-10T16:00:00Z'))).toBe(true);
    expect(isSpecialPriceActive(fields, at('2026-03-10T16:00:01Z'))).toBe(false);
  });

  it('given a Magento date attribute "2026-03-31 00:00:00" as the to bound, then it still covers the whole day', () => {
    const fields = { ...onSale, special_to_date: '2026-03-31 00:00:00' };
    expect(isSpecialPriceActive(fields, at('2026-03-31T15:00:00Z'))).toBe(true);
    expect(isSpecialPriceActive(fields, at('2026-03-31T21:00:00Z'))).toBe(false);
  });

  it('given ISO bounds with a zone, then they are taken as written', () => {
    const fields = {
      ...onSale,
      special_from_date: '2026-03-10T10:00:00Z',
      special_to_date: '2026-03-10T12:00:00+02:00',
    };
    expect(isSpecialPriceActive(fields, at('2026-03-10T09:59:59Z'))).toBe(false);
    expect(isSpecialPriceActive(fields, at('2026-03-10T10:00:00Z'))).toBe(true);
    expect(isSpecialPriceActive(fields, at('2026-03-10T10:00:00.001Z'))).toBe(false);
  });

  it('given null bounds, then the window is open on that side', () => {
    expect(isWithinDateWindow(null, null, at('1999-01-01T00:00:00Z'))).toBe(true);
    expect(isWithinDateWindow(null, '2026-03-31', at('2020-01-01T00:00:00Z'))).toBe(true);
    expect(isWithinDateWindow('2026-03-01', null, at('2099-01-01T00:00:00Z'))).toBe(true);
    expect(isWithinDateWindow('2026-03-01', null, at('2026-02-01T00:00:00Z'))).toBe(false);
  });

  it('given a bound that is no date ("soon", 31 February), then the special price is not given', () => {
    expect(isWithinDateWindow('soon', null, at('2026-03-15T00:00:00Z'))).toBe(false);
    expect(isWithinDateWindow(null, '2026-02-31', at('2026-02-15T00:00:00Z'))).toBe(false);
    expect(dateBoundInstant('2026-13-01', 'from')).toBeNull();
  });

  it('given a special price not below the normal price, then it is not used, even inside the window', () => {
    const now = at('2026-03-15T12:00:00Z');
    expect(effectivePrice({ ...onSale, special_price: 199_900 }, now).finalPrice).toBe(199_900);
    expect(effectivePrice({ ...onSale, special_price: 209_900 }, now).special_price).toBeNull();
  });

  it('given a special price of 0 or none, then there is no sale (0 is VSF1\'s "none", not a free product)', () => {
    const now = at('2026-03-15T12:00:00Z');
    expect(effectivePrice({ ...onSale, special_price: 0 }, now)).toMatchObject({ onSale: false, finalPrice: 199_900 });
    expect(effectivePrice({ ...onSale, special_price: null }, now).onSale).toBe(false);
  });

  it('given no VAT figures yet (before applyTaxRules), then the VAT-inclusive results are null', () => {
    const { priceInclTax: _p, specialPriceInclTax: _s, ...net } = onSale;
    expect(effectivePrice(net, at('2026-03-15T12:00:00Z'))).toMatchObject({
      finalPrice: 179_900,
      priceInclTax: null,
      finalPriceInclTax: null,
    });
  });

  it("given the day of the autumn clock change, then a to date still ends at that day's Sofia midnight (UTC+2)", () => {
    expect(dateBoundInstant('2026-10-25', 'to')).toBe(Date.parse('2026-10-25T22:00:00Z') - 1);
    expect(dateBoundInstant('2026-10-25', 'from')).toBe(Date.parse('2026-10-24T21:00:00Z'));
  });

  it('when the window has passed, then the price state keeps the special price cleared', () => {
    const cleared = withCurrentSpecialPrice(onSale, at('2026-04-01T12:00:00Z'));
    expect(cleared).toMatchObject({ special_price: null, specialPriceInclTax: null, price: 199_900 });
    expect(withCurrentSpecialPrice(onSale, at('2026-03-15T12:00:00Z'))).toBe(onSale);
  });
});
