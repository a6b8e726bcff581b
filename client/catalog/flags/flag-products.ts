import type { Attribute } from '../../../schema/catalog/attribute.ts';
import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import { FLAG_PAGES, type ListingFlag } from '../../../schema/routing/route-table.ts';

/** The attribute whose options are the listing flags (tools/catalog/attributes.ts: code `flag`, option slugs). */
export const FLAG_ATTRIBUTE_CODE = 'flag';

/** The five flag pages in the route table's order. */
export const FLAG_PAGE_SLUGS: readonly { slug: string; flag: ListingFlag }[] = Object.entries(FLAG_PAGES).map(
  ([slug, flag]) => ({ slug, flag }),
);

/**
 * The option value of the `flag` attribute for a listing flag, when this catalogue has one (the generated
 * catalogue marks products with `attributes.flag`; its options' slugs are the route table's flags).
 */
export const flagOptionValue = (attributes: readonly Attribute[], flag: ListingFlag): string | undefined =>
  attributes
    .find((a) => a.attribute_code === FLAG_ATTRIBUTE_CODE)
    ?.options.find((o) => o.slug === flag || o.value === flag)?.value;

/**
 * For a catalogue without the `flag` attribute (the demo catalogue, imports that only set the spec's product
 * booleans): whether a product carries the flag, read from `new`, `sale`, `promo`, the product type and the
 * availability status. `promo` counts as both sale and special offer: the booleans have no other marker for either.
 */
export const productHasFlag = (product: CatalogProduct, flag: ListingFlag): boolean => {
  switch (flag) {
    case 'new':
      return product.new;
    case 'sale':
      return product.sale || product.promo;
    case 'pre-order':
      return product.filter_options['Pre-order'] === true;
    case 'bundle':
      return product.type_id === 'bundle';
    case 'special-offers':
      return product.promo;
  }
};
