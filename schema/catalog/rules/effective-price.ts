import { SHOP_TIME_ZONE } from './shop-time.ts';
import { isSpecialPriceActive, type SpecialPriceFields } from './special-price.ts';

/** Price fields plus the VAT-inclusive figures `applyTaxRules` fills (absent before taxes are applied). */
export interface PricedFields extends SpecialPriceFields {
  readonly priceInclTax?: number | undefined;
  readonly specialPriceInclTax?: number | null | undefined;
}

/**
 * The prices in force at one moment, net and with VAT (the VAT figures are null when the input had none).
 * `special_price` is null unless it applies ("otherwise special price is set to 0": this code base says null).
 */
export interface EffectivePrice {
  readonly onSale: boolean;
  /** The normal price, struck through when on sale. */
  readonly price: number;
  readonly priceInclTax: number | null;
  readonly special_price: number | null;
  readonly specialPriceInclTax: number | null;
  /** What the shopper pays: the special price when on sale, else the normal price. */
  readonly finalPrice: number;
  readonly finalPriceInclTax: number | null;
}

/** Spec section 4 "Price state": the special price only when below the normal price and inside its window. */
export const effectivePrice = (fields: PricedFields, now: Date, timeZone: string = SHOP_TIME_ZONE): EffectivePrice => {
  const priceInclTax = fields.priceInclTax ?? null;
  if (!isSpecialPriceActive(fields, now, timeZone) || fields.special_price === null) {
    return {
      onSale: false,
      price: fields.price,
      priceInclTax,
      special_price: null,
      specialPriceInclTax: null,
      finalPrice: fields.price,
      finalPriceInclTax: priceInclTax,
    };
  }
  const specialPriceInclTax = fields.specialPriceInclTax ?? null;
  return {
    onSale: true,
    price: fields.price,
    priceInclTax,
    special_price: fields.special_price,
    specialPriceInclTax,
    finalPrice: fields.special_price,
    finalPriceInclTax: specialPriceInclTax,
  };
};

/** The item with an inactive special price cleared (null, both net and with VAT), as the price state keeps it. */
export const withCurrentSpecialPrice = <T extends PricedFields>(
  item: T,
  now: Date,
  timeZone: string = SHOP_TIME_ZONE,
): T =>
  isSpecialPriceActive(item, now, timeZone)
    ? item
    : { ...item, special_price: null, ...('specialPriceInclTax' in item ? { specialPriceInclTax: null } : {}) };
