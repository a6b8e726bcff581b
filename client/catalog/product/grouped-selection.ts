import { isValidGroupedQty } from '../../../schema/catalog/rules/grouped-price.ts';

/** One member of a grouped product as its page lists it. */
export interface GroupedMember {
  readonly sku: string;
  readonly name: string;
  /** The member's price in force with VAT, stotinki. */
  readonly priceInclTax: number;
  readonly orderable: boolean;
}

/** sku -> the typed quantity read as a number, or null when it is not a whole number. */
export type GroupedQuantities = Readonly<Record<string, number | null>>;

/** The member's quantity: 1 until the shopper types one (null: what was typed is not a whole number). */
const qtyOf = (quantities: GroupedQuantities, sku: string): number | null =>
  Object.hasOwn(quantities, sku) ? (quantities[sku] ?? null) : 1;

/** Spec section 5: "Grouped product quantity: a number, minimum 1": the members whose quantity breaks the rule. */
export const invalidGroupedMembers = (members: readonly GroupedMember[], quantities: GroupedQuantities): string[] =>
  members.filter((member) => !isValidGroupedQty(qtyOf(quantities, member.sku))).map((member) => member.sku);

/** What the chosen quantities cost with VAT: each orderable member's price times its quantity (1 when untouched). */
export const groupedTotalInclTax = (members: readonly GroupedMember[], quantities: GroupedQuantities): number =>
  members.reduce((sum, member) => {
    const qty = qtyOf(quantities, member.sku);
    return member.orderable && isValidGroupedQty(qty) ? sum + member.priceInclTax * qty : sum;
  }, 0);
