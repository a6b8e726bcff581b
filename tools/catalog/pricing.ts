import { addTax, BG_STANDARD_VAT, netForGross } from '../../schema/catalog/tax.ts';
import type { Random } from './random.ts';

/** Magento's "Taxable Goods": the class the one tax rule (BG 20 %) covers. Every generated product has it. */
export const TAXABLE_GOODS_CLASS_ID = 2;
export const VAT_RATE = BG_STANDARD_VAT;
const DAY_MS = 86_400_000;

/** A shelf price in whole leva, VAT included: 9..99 end in 9, up to 999 in 49 or 99, above in 99 (2 399 лв.). */
export const retailLeva = (leva: number): number => {
  if (leva < 100) return Math.max(9, Math.ceil(leva / 10) * 10 - 1);
  if (leva < 1000) return Math.ceil(leva / 50) * 50 - 1;
  return Math.ceil(leva / 100) * 100 - 1;
};

/** A promotional price below `regularLeva`, about `factor` of it, on the same kind of round figure. */
export const specialLeva = (regularLeva: number, factor: number): number => {
  const target = regularLeva * factor;
  const step = target < 100 ? 10 : target < 1000 ? 50 : 100;
  const rounded = Math.floor(target / step) * step - 1;
  if (rounded > 0 && rounded < regularLeva) return rounded;
  return Math.max(1, regularLeva - 1);
};

export const levaToStotinki = (leva: number): number => Math.round(leva * 100);

export type SpecialWindow = 'current' | 'open' | 'past' | 'future';

export interface SpecialPrice {
  /** VAT included, stotinki. */
  gross: number;
  from: string | null;
  to: string | null;
  window: SpecialWindow;
}

/** The price fields of a product or configurable child, from shelf prices with VAT (stotinki). */
export interface PriceFields {
  price: number;
  special_price: number | null;
  special_from_date: string | null;
  special_to_date: string | null;
  priceInclTax: number;
  priceTax: number;
  specialPriceInclTax: number | null;
}

/**
 * `price` is net (the spec: the client holds prices without tax); the shelf figure is the gross, so the net is the
 * amount whose 20 % VAT gives it back (`netForGross`). The `*InclTax` fields are then derived from the net, exactly as
 * the tax rules would, so `priceInclTax === addTax(price, 20)` always holds.
 */
export const priceFields = (gross: number, special: SpecialPrice | null): PriceFields => {
  const price = netForGross(gross, VAT_RATE);
  const priceInclTax = addTax(price, VAT_RATE);
  const specialNet = special ? netForGross(special.gross, VAT_RATE) : null;
  return {
    price,
    special_price: specialNet,
    special_from_date: special?.from ?? null,
    special_to_date: special?.to ?? null,
    priceInclTax,
    priceTax: priceInclTax - price,
    specialPriceInclTax: specialNet === null ? null : addTax(specialNet, VAT_RATE),
  };
};

/** Price fields from a net amount (bundles and grouped sets, whose price is the sum of their parts' net prices). */
export const priceFieldsNet = (
  net: number,
  special: { net: number; from: string | null; to: string | null } | null,
): PriceFields => {
  const priceInclTax = addTax(net, VAT_RATE);
  return {
    price: net,
    special_price: special?.net ?? null,
    special_from_date: special?.from ?? null,
    special_to_date: special?.to ?? null,
    priceInclTax,
    priceTax: priceInclTax - net,
    specialPriceInclTax: special ? addTax(special.net, VAT_RATE) : null,
  };
};

/** Net stotinki for a shelf amount with VAT (custom option deltas, bundle and tier prices are net like `price`). */
export const netOf = (grossStotinki: number): number => netForGross(grossStotinki, VAT_RATE);

/** UTC midnight of `now`: dates are whole days from it, so two runs on the same day agree. */
export const dayStart = (now: Date): number => Math.floor(now.getTime() / DAY_MS) * DAY_MS;

export const isoDaysFrom = (day: number, days: number): string => new Date(day + days * DAY_MS).toISOString();

/**
 * A special-price window relative to `day` (UTC midnight of now): 'current' and 'open' contain now, 'past' ended
 * at least a day ago, 'future' starts at least two days ahead.
 */
export const specialWindowDates = (
  window: SpecialWindow,
  day: number,
  random: Random,
): { from: string | null; to: string | null } => {
  switch (window) {
    case 'current':
      return { from: isoDaysFrom(day, -random.int(1, 40)), to: isoDaysFrom(day, random.int(10, 60)) };
    case 'open':
      return { from: isoDaysFrom(day, -random.int(1, 90)), to: null };
    case 'past': {
      const end = random.int(2, 45);
      return { from: isoDaysFrom(day, -end - random.int(7, 45)), to: isoDaysFrom(day, -end) };
    }
    case 'future': {
      const start = random.int(2, 30);
      return { from: isoDaysFrom(day, start), to: isoDaysFrom(day, start + random.int(7, 30)) };
    }
  }
};

/** True when a special price with these bounds applies at `now` (the spec's price rule, for the badges). */
export const isWindowOpen = (from: string | null, to: string | null, now: Date): boolean => {
  const t = now.getTime();
  if (from !== null && Date.parse(from) > t) return false;
  if (to !== null && Date.parse(to) < t) return false;
  return true;
};
