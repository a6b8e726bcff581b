import { describe, expect, it } from 'vitest';
import {
  applySelectionChange,
  childMatchesSelection,
  findVariant,
  NO_AVAILABLE_VARIANTS,
  NO_SUCH_CONFIGURATION,
  reconfigure,
} from '../../../schema/catalog/rules/variant-matching.ts';
import { child } from './fixtures.ts';

// Spec section 5: "A configurable variant matches a selection when the child is not disabled (status below 2), is in
// stock unless out-of-stock listing is allowed, and each chosen attribute value equals the child's value. The price
// attribute is ignored. A chosen sku matches directly."

const listingOff = { allowOutOfStock: false };
const listingOn = { allowOutOfStock: true };

const SILVER_256 = child({ sku: 'MBA-S-256', attributes: { cvyat: 'srebrist', disk: '256' } });
const SILVER_512 = child({ sku: 'MBA-S-512', attributes: { cvyat: 'srebrist', disk: '512' } });
const MIDNIGHT_256 = child({
  sku: 'MBA-M-256',
  attributes: { cvyat: 'midnight', disk: '256' },
  stock: { is_in_stock: false, qty: 0 },
});
const MIDNIGHT_512_DISABLED = child({ sku: 'MBA-M-512', status: 2, attributes: { cvyat: 'midnight', disk: '512' } });
const macbook = { configurable_children: [SILVER_256, SILVER_512, MIDNIGHT_256, MIDNIGHT_512_DISABLED] };

describe('matching a configurable variant', () => {
  it('given a colour and a disk, then the child with both values matches', () => {
    expect(findVariant(macbook, { cvyat: 'srebrist', disk: '512' }, listingOff)).toBe(SILVER_512);
  });

  it('given only a colour, then the first child of that colour matches', () => {
    expect(findVariant(macbook, { cvyat: 'srebrist' }, listingOff)).toBe(SILVER_256);
  });

  it('given a child that is disabled (status 2), then it never matches', () => {
    expect(childMatchesSelection(MIDNIGHT_512_DISABLED, { cvyat: 'midnight', disk: '512' }, listingOn)).toBe(false);
  });

  it('given a child out of stock, then it matches only when out-of-stock listing is allowed', () => {
    const selection = { cvyat: 'midnight', disk: '256' };
    expect(findVariant(macbook, selection, listingOff)).toBeNull();
    expect(findVariant(macbook, selection, listingOn)).toBe(MIDNIGHT_256);
  });

  it('given a price attribute in the selection (cena, price), then it is ignored', () => {
    expect(findVariant(macbook, { cvyat: 'srebrist', disk: '512', cena: '100-200' }, listingOff)).toBe(SILVER_512);
    expect(findVariant(macbook, { disk: '512', price: '1' }, listingOff)).toBe(SILVER_512);
  });

  it('given a chosen sku, then that child matches directly, whatever else is chosen', () => {
    expect(findVariant(macbook, { sku: 'MBA-S-512', cvyat: 'midnight' }, listingOff)).toBe(SILVER_512);
  });

  it('given a chosen sku of a disabled or out-of-stock child, then it still has to be available', () => {
    expect(findVariant(macbook, { sku: 'MBA-M-512' }, listingOn)).toBeNull();
    expect(findVariant(macbook, { sku: 'MBA-M-256' }, listingOff)).toBeNull();
  });

  it('given a value the child does not have, or an attribute it lacks, then it does not match', () => {
    expect(childMatchesSelection(SILVER_256, { disk: '1024' }, listingOff)).toBe(false);
    expect(childMatchesSelection(SILVER_256, { ram: '16' }, listingOff)).toBe(false);
  });

  it('given an empty value (no choice yet for that attribute), then it does not restrict', () => {
    expect(childMatchesSelection(SILVER_256, { cvyat: 'srebrist', disk: '' }, listingOff)).toBe(true);
  });

  it('given a multiselect value on the child, then a chosen value among them matches', () => {
    const both = child({ sku: 'ADAPTER', attributes: { konektor: ['usb-c', 'magsafe'] } });
    expect(childMatchesSelection(both, { konektor: 'magsafe' }, listingOff)).toBe(true);
    expect(childMatchesSelection(both, { konektor: 'lightning' }, listingOff)).toBe(false);
  });
});

// Spec section 4: "Choosing a configuration option reconfigures the product. If no variant exists, the previous
// choice is restored and a wrong-attributes notice is shown." and "A variant with no stock sets the product error
// 'No available product variants'."
describe('reconfiguring the product page', () => {
  it('given silver 256 GB, when 512 GB is chosen, then the selection and the matched child change', () => {
    const result = reconfigure(macbook, { cvyat: 'srebrist', disk: '256' }, { disk: '512' }, listingOff);
    expect(result).toEqual({ kind: 'configured', selection: { cvyat: 'srebrist', disk: '512' }, child: SILVER_512 });
  });

  it('given silver 512 GB, when midnight is chosen and no midnight 512 exists for sale, then silver 512 is restored with the notice', () => {
    const previous = { cvyat: 'srebrist', disk: '512' };
    const result = reconfigure(macbook, previous, { cvyat: 'midnight' }, listingOff);
    expect(result).toEqual({ kind: 'restored', selection: previous, child: SILVER_512, notice: NO_SUCH_CONFIGURATION });
    expect(NO_SUCH_CONFIGURATION).toBe(
      'No such configuration for the product. Please do choose another combination of attributes.',
    );
  });

  it('given no child in stock and out-of-stock listing off, then the product error is "No available product variants"', () => {
    const soldOut = { configurable_children: [MIDNIGHT_256, MIDNIGHT_512_DISABLED] };
    const result = reconfigure(soldOut, { cvyat: 'midnight' }, { disk: '256' }, listingOff);
    expect(result).toEqual({
      kind: 'unavailable',
      selection: { cvyat: 'midnight' },
      child: null,
      error: NO_AVAILABLE_VARIANTS,
    });
    expect(NO_AVAILABLE_VARIANTS).toBe('No available product variants');
  });

  it('given no child in stock but out-of-stock listing on, then the shopper can still configure the product', () => {
    const soldOut = { configurable_children: [MIDNIGHT_256] };
    expect(reconfigure(soldOut, {}, { disk: '256' }, listingOn).kind).toBe('configured');
  });

  it('given a sku chosen before, when an attribute is chosen, then the old sku no longer decides the match', () => {
    expect(applySelectionChange({ sku: 'MBA-S-256', cvyat: 'srebrist' }, { disk: '512' })).toEqual({
      cvyat: 'srebrist',
      disk: '512',
    });
    const result = reconfigure(macbook, { sku: 'MBA-S-256', cvyat: 'srebrist' }, { disk: '512' }, listingOff);
    expect(result.child).toBe(SILVER_512);
  });

  it('when a sku is chosen, then it matches directly', () => {
    expect(reconfigure(macbook, { cvyat: 'srebrist' }, { sku: 'MBA-S-512' }, listingOff).child).toBe(SILVER_512);
  });
});
