import { z } from 'zod';
import { minorUnitsSchema, skuSchema } from '../cart/cart.ts';
import { serverSeqSchema } from '../commands/envelope.ts';
import { bundleLinkSchema, bundleOptionSchema, customOptionSchema, tierPriceSchema } from './catalog-product.ts';

/** One item a bundle option offers, with its sku's live stock: the cart will not sell a bundle of missing parts. */
export const pricedBundleLinkSchema = bundleLinkSchema.extend({
  /** False when the part is known to be unavailable; a part without a stock figure is not checked. */
  isInStock: z.boolean(),
  /** Units of the part available; null when the shop keeps no figure for it. */
  stockQty: z.number().int().min(0).max(1e9).nullable(),
});
export const pricedBundleOptionSchema = bundleOptionSchema.extend({
  product_links: z.array(pricedBundleLinkSchema).max(100),
});
export type PricedBundleOption = z.infer<typeof pricedBundleOptionSchema>;

/**
 * What prices the options a line of this sku may carry, by the same rules the product page uses
 * (`customOptionsPrice`, `bundlePrice`): the catalogue keeps option and bundle prices net, so the base prices are
 * net too, and VAT is the product's rate. Absent for a product sold without options.
 */
export const productOptionsSchema = z
  .object({
    /** The net price in force (the special price inside its window): what custom options are added to. */
    price: minorUnitsSchema,
    /** The normal net price: an upgrade option (CTO) starts from it. */
    originalPrice: minorUnitsSchema,
    /** VAT percent of the product's tax class. */
    vatRate: z.number().min(0).max(100),
    custom: z.array(customOptionSchema).max(50),
    bundle: z.array(pricedBundleOptionSchema).max(50),
  })
  .strict();
export type ProductOptions = z.infer<typeof productOptionsSchema>;

const attributeCodeSchema = z.string().min(1).max(64);
const attributeValueSchema = z.string().min(1).max(100);

/**
 * What a line's configurable attributes (`cvyat`, `disk`, ...) are checked against: the values this sku has, their
 * labels (older clients sent a label, "черен", where the codec has the value id) and, for a configurable product's
 * variant, its enabled siblings, which `cart.configureLine` chooses among (schema/cart/line-variant.ts).
 */
export const productVariantSchema = z
  .object({
    attributes: z.record(attributeCodeSchema, attributeValueSchema),
    labels: z.record(attributeCodeSchema, z.record(attributeValueSchema, z.string().max(200))),
    siblings: z
      .array(z.object({ sku: skuSchema, attributes: z.record(attributeCodeSchema, attributeValueSchema) }).strict())
      .max(100),
  })
  .strict();
export type ProductVariant = z.infer<typeof productVariantSchema>;

/**
 * What the cart rules need to know of a product. The full catalogue product (every type, options,
 * bundles) extends this; the cart only ever reads these fields, on the server and in the optimistic view.
 */
export const productSchema = z
  .object({
    sku: skuSchema,
    name: z.string().min(1).max(300),
    slug: z.string().max(300),
    /**
     * Price including VAT in stotinki; 0 means the price is not known yet ("очаква се"). A line with custom options
     * or a bundle selection costs what `options` makes of it (schema/cart/line-pricing.ts).
     */
    priceInclTax: minorUnitsSchema,
    isInStock: z.boolean(),
    /** Units available to order; the cart will not hold more. */
    stockQty: z.number().int().min(0).max(1e9),
    image: z.string().max(500),
    category: z.string().max(100),
    options: productOptionsSchema.optional(),
    /**
     * Customer-group prices (spec: price tiers) as the catalogue's `tier_prices`, but each `value` with VAT, like
     * `priceInclTax`: a line without custom options or bundle items costs `tierUnitPrice` over these for the
     * owner's group and the line's quantity (schema/cart/tier-pricing.ts). Absent when the product has none.
     */
    tierPricesInclTax: z.array(tierPriceSchema).max(100).optional(),
    /**
     * The catalogue's product type ('simple', 'configurable', 'virtual', 'downloadable'...): an order of products that
     * never ship may not be paid on delivery (schema/checkout/methods.ts paymentMethodsFor).
     */
    typeId: z.string().max(32).optional(),
    /** The sku's attribute values (and its siblings', for a variant); absent when it has none. */
    variant: productVariantSchema.optional(),
    serverSeq: serverSeqSchema,
  })
  .strict();
export type Product = z.infer<typeof productSchema>;

export type ProductLookup = (sku: string) => Product | undefined;
