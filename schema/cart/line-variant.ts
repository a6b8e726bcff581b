import type { Product } from '../catalog/product.ts';

/**
 * A line's configurable attributes (`cvyat`, `disk`, ...) describe the variant its sku already names: they are
 * checked against that variant, never priced, and never part of the line's key (a variant line is keyed by its sku
 * alone, so `{}` and `{cvyat: '1'}` of one sku are one line).
 */

const sameValue = (product: Product, code: string, given: string): boolean => {
  const own = product.variant?.attributes[code];
  if (own === undefined) return false;
  if (given === own) return true;
  // A label ("черен") is what older clients sent for the value id ("1"); compared as the shopper reads it.
  const label = product.variant?.labels[code]?.[own];
  return label !== undefined && label.trim().toLocaleLowerCase('bg') === given.trim().toLocaleLowerCase('bg');
};

/** The first attribute option the sku's variant contradicts (or does not have), as the refusal's field; else null. */
export const contradictedAttribute = (
  product: Product,
  attributes: Readonly<Record<string, string>>,
): string | null => {
  for (const [code, value] of Object.entries(attributes).sort(([a], [b]) => a.localeCompare(b)))
    if (!sameValue(product, code, value)) return `payload.options.${code}`;
  return null;
};

/** The value id a choice names among an attribute's values (the id itself, or its label), or undefined. */
const valueIdOf = (product: Product, code: string, given: string): string | undefined => {
  const labels = product.variant?.labels[code] ?? {};
  if (Object.hasOwn(labels, given)) return given;
  const wanted = given.trim().toLocaleLowerCase('bg');
  const byLabel = Object.entries(labels).find(([, label]) => label.trim().toLocaleLowerCase('bg') === wanted);
  if (byLabel) return byLabel[0];
  // A value the labels do not list may still be a sibling's (the labels cover what the parent lists).
  return product.variant?.siblings.some((s) => s.attributes[code] === given) ? given : undefined;
};

export type SiblingChoice = { kind: 'found'; sku: string } | { kind: 'refused'; field: string };

/**
 * The variant of the same product with `changes` applied to this sku's attribute values (another colour, another
 * storage), for `cart.configureLine`: the field of the first change no sibling has, when none matches.
 */
export const siblingWith = (product: Product, changes: Readonly<Record<string, string>>): SiblingChoice => {
  const variant = product.variant;
  const codes = Object.keys(changes).sort();
  if (!variant || variant.siblings.length === 0)
    return { kind: 'refused', field: codes.length > 0 ? `payload.options.${codes[0]}` : 'payload.options' };
  const wanted: Record<string, string> = { ...variant.attributes };
  for (const code of codes) {
    const id = Object.hasOwn(variant.attributes, code) ? valueIdOf(product, code, changes[code]!) : undefined;
    if (id === undefined) return { kind: 'refused', field: `payload.options.${code}` };
    wanted[code] = id;
  }
  const match = variant.siblings.find((s) =>
    Object.entries(wanted).every(([code, value]) => s.attributes[code] === value),
  );
  return match ? { kind: 'found', sku: match.sku } : { kind: 'refused', field: `payload.options.${codes[0] ?? ''}` };
};
