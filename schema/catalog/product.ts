import { z } from 'zod';
import { minorUnitsSchema, skuSchema } from '../cart/cart.ts';
import { serverSeqSchema } from '../commands/envelope.ts';

/**
 * What the cart rules need to know of a product. The full catalogue product (every type, options,
 * bundles) extends this; the cart only ever reads these fields, on the server and in the optimistic view.
 */
export const productSchema = z
  .object({
    sku: skuSchema,
    name: z.string().min(1).max(300),
    slug: z.string().max(300),
    /** Price including VAT in stotinki; 0 means the price is not known yet ("очаква се"). */
    priceInclTax: minorUnitsSchema,
    isInStock: z.boolean(),
    /** Units available to order; the cart will not hold more. */
    stockQty: z.number().int().min(0).max(1e9),
    image: z.string().max(500),
    category: z.string().max(100),
    serverSeq: serverSeqSchema,
  })
  .strict();
export type Product = z.infer<typeof productSchema>;

export type ProductLookup = (sku: string) => Product | undefined;
