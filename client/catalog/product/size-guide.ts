import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';

/**
 * Which products get a size guide. Our decision: watches and watch straps only. Apple sells no apparel, and a
 * band is the one thing in this catalogue a shopper buys by size (wrist circumference); phones, Macs and cases
 * fit by model name, which the product page already states.
 */
const WATCH_CATEGORY_SLUGS = ['apple-watch'];
const WATCH_OR_STRAP = /watch|каишк|strap|band|loop/i;

export const hasSizeGuide = (product: Pick<CatalogProduct, 'name' | 'category'>): boolean =>
  product.category.some((category) => WATCH_CATEGORY_SLUGS.includes(category.slug)) ||
  WATCH_OR_STRAP.test(product.name);

export interface BandSize {
  readonly band: string;
  readonly size: string;
  /** Wrist circumference the size fits, millimetres. */
  readonly fromMm: number;
  readonly toMm: number;
}

/** Apple's published fits for its bands (apple.com band size guide). */
export const BAND_SIZES: readonly BandSize[] = [
  { band: 'Sport Band', size: 'S/M', fromMm: 130, toMm: 180 },
  { band: 'Sport Band', size: 'M/L', fromMm: 150, toMm: 200 },
  { band: 'Alpine Loop', size: 'S', fromMm: 130, toMm: 160 },
  { band: 'Alpine Loop', size: 'M', fromMm: 145, toMm: 190 },
  { band: 'Alpine Loop', size: 'L', fromMm: 165, toMm: 210 },
  { band: 'Trail Loop', size: 'S/M', fromMm: 130, toMm: 180 },
  { band: 'Trail Loop', size: 'M/L', fromMm: 145, toMm: 220 },
];
