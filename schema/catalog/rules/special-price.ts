import { dateBoundInstant, SHOP_TIME_ZONE } from './shop-time.ts';

/** The price fields every priced thing carries: a product, a configurable child. Net stotinki. */
export interface SpecialPriceFields {
  readonly price: number;
  readonly special_price: number | null;
  readonly special_from_date: string | null;
  readonly special_to_date: string | null;
}

/**
 * Whether `now` is inside [from, to]; a null bound is open. A bound that is no readable date closes the
 * window: a special price is never given on a date nobody can read.
 */
export const isWithinDateWindow = (
  from: string | null,
  to: string | null,
  now: Date,
  timeZone: string = SHOP_TIME_ZONE,
): boolean => {
  const at = now.getTime();
  const start = from === null ? -Infinity : dateBoundInstant(from, 'from', timeZone);
  const end = to === null ? Infinity : dateBoundInstant(to, 'to', timeZone);
  return start !== null && end !== null && start <= at && at <= end;
};

/**
 * Spec section 4: "A special price is used only when it is below the normal price and now is within the special
 * date window". A special price of 0 is no special price (VSF1 writes 0 for "none").
 */
export const isSpecialPriceActive = (
  fields: SpecialPriceFields,
  now: Date,
  timeZone: string = SHOP_TIME_ZONE,
): boolean =>
  fields.special_price !== null &&
  fields.special_price > 0 &&
  fields.special_price < fields.price &&
  isWithinDateWindow(fields.special_from_date, fields.special_to_date, now, timeZone);
