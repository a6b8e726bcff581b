import { effectivePrice } from '../../../schema/catalog/rules/effective-price.ts';
import { Price } from '../../ui/price.tsx';
import type { ShortlistProduct } from '../product.ts';

/**
 * The snapshot's price today (the special price inside its window). The snapshot keeps only the VAT-inclusive
 * figures; both carry the same VAT, so "special below normal" reads the same on them.
 */
export function ShortlistPrice({ product }: { product: ShortlistProduct }) {
  const fields = { ...product, price: product.priceInclTax, special_price: product.specialPriceInclTax };
  const price = effectivePrice(fields, new Date());
  return <Price amount={price.finalPriceInclTax ?? 0} />;
}
