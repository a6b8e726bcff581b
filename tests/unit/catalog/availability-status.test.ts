import { describe, expect, it } from 'vitest';
import { AVAILABILITY_STATUSES } from '../../../schema/catalog/availability.ts';
import {
  availabilityStatusOf,
  isFilterOptionSet,
  productPageAvailability,
} from '../../../schema/catalog/rules/availability-status.ts';

// Spec section 4: "the shown status comes from the first configured status key set in the product's filter_options"
describe('the shown availability status', () => {
  it('given filter_options with "In stock" set, then the status is "Наличен" and not ordered by request', () => {
    const status = availabilityStatusOf({ 'In stock': true, cvyat: 'сребрист' });
    expect(status).toMatchObject({ key: 'In stock', text: 'Наличен', request: false });
  });

  it('given "In stock" and "Pre-order" both set, then the first in the configured order wins: Pre-order', () => {
    const status = availabilityStatusOf({ 'In stock': true, 'Pre-order': true });
    expect(status).toMatchObject({ key: 'Pre-order', text: 'Предварителна продажба', request: true });
  });

  it('given each status alone, then its Bulgarian text and "Ordering by request" flag are the table\'s', () => {
    const table = [
      ['Pre-order', 'Предварителна продажба', true],
      ['Back order', 'Очаквана доставка', true],
      ['In stock', 'Наличен', false],
      ['Limited Qty', 'Ограничено количество', false],
      ['On request', 'Не е наличен', true],
    ] as const;
    for (const [key, text, request] of table) {
      expect(availabilityStatusOf({ [key]: true })).toMatchObject({ key, text, request });
    }
  });

  it('given the keys set in reverse order, then the configured order still decides', () => {
    const reversed = Object.fromEntries(AVAILABILITY_STATUSES.map((s) => [s.key, true]).reverse());
    expect(availabilityStatusOf(reversed)?.key).toBe('Pre-order');
  });

  it('given no status key set, then there is no status', () => {
    expect(availabilityStatusOf({})).toBeNull();
    expect(availabilityStatusOf({ cvyat: 'черен', ram: '16' })).toBeNull();
  });

  it('given a status key present but false, 0, "0" or empty, then it is not set and the next set one is shown', () => {
    for (const off of [false, 0, '0', '', 'false']) {
      expect(isFilterOptionSet(off)).toBe(false);
      expect(availabilityStatusOf({ 'Pre-order': off, 'Limited Qty': 1 })?.key).toBe('Limited Qty');
    }
  });

  it('given a flag imported as 1, "1" or "yes", then it is set', () => {
    for (const on of [true, 1, '1', 'yes']) expect(isFilterOptionSet(on)).toBe(true);
  });
});

// Spec section 4: "Availability labels on the product page default to OnlineOnly, and OutOfStock when is_old."
describe('the product page availability label', () => {
  it('given a current product (is_old 0), then it is OnlineOnly', () => {
    expect(productPageAvailability({ is_old: 0 })).toBe('OnlineOnly');
  });

  it('given an end-of-life product (is_old 1), then it is OutOfStock', () => {
    expect(productPageAvailability({ is_old: 1 })).toBe('OutOfStock');
  });
});
