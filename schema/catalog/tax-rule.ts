import { z } from 'zod';

export const taxRateSchema = z.object({
  code: z.string().max(100),
  /** Percent, e.g. 20 for Bulgaria's standard VAT. */
  rate: z.number().min(0).max(100),
  tax_country_id: z.string().length(2),
  region_name: z.string().max(100).default(''),
  tax_region_id: z.number().int().default(0),
});
export const taxRuleSchema = z.object({
  id: z.number().int(),
  code: z.string().max(100),
  product_tax_class_ids: z.array(z.number().int()).max(100),
  rates: z.array(taxRateSchema).max(300),
});
export type TaxRule = z.infer<typeof taxRuleSchema>;

/** The shop's country: the rate of its rule applies to every product of the rule's classes. */
export const SHOP_COUNTRY = 'BG';
