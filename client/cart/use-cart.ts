import { useMemo } from 'react';
import type { Product } from '../../schema/index.ts';
import { useProducts, useStoreClient } from '../store/index.ts';
import type { OptimisticCart } from './feature.ts';
import { useObservable } from '../ui/use-observable.ts';

/** The optimistic cart: the server's cart with this shopper's pending changes already applied. */
export const useCart = (): OptimisticCart | undefined => useObservable(useStoreClient()?.cart$);

/** Sum of quantities, as the minicart counts (spec, commerce section 4). */
export const useCartCount = (): number => useCart()?.totals.itemCount ?? 0;

/** Products by sku, for the cart's images and stock limits. */
export const useProductIndex = (): ReadonlyMap<string, Product> => {
  const products = useProducts();
  return useMemo(() => new Map((products ?? []).map((p) => [p.sku, p])), [products]);
};
