import { startTransition, useEffect, useMemo, useState } from 'react';
import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import type { StoreClient } from '../../store/index.ts';
import { useObservable } from '../../ui/use-observable.ts';
import { fetchProducts } from './fetch-product.ts';
import { fetchRelatedProducts, localRelatedProducts } from './related-products.ts';

/**
 * Products by sku, in the order asked: from the catalogue on this device, and the ones it lacks from the server
 * while online (a device that has not replicated the catalogue yet). A sku found nowhere is left out.
 */
export function useProductsBySku(client: StoreClient | null, skus: readonly string[], online: boolean) {
  const catalogState = useObservable(client?.catalog.state$);
  const key = skus.join('\n');
  const local = useMemo(
    () => new Map(skus.flatMap((sku) => (client?.catalog.product(sku) ? [[sku, client.catalog.product(sku)!]] : []))),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `skus`; catalogState: replicated later.
    [client, key, catalogState],
  );
  const missing = skus.filter((sku) => !local.has(sku));
  const missingKey = missing.join('\n');
  const [remote, setRemote] = useState<ReadonlyMap<string, CatalogProduct>>(new Map());
  useEffect(() => {
    if (!online || missingKey === '') return;
    const controller = new AbortController();
    void fetchProducts(missingKey.split('\n'), controller.signal).then((found) => {
      if (!found || controller.signal.aborted) return;
      startTransition(() => setRemote((previous) => new Map([...previous, ...found])));
    });
    return () => controller.abort();
  }, [online, missingKey]);
  return useMemo(
    () => skus.flatMap((sku) => local.get(sku) ?? remote.get(sku) ?? []),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `skus`.
    [key, local, remote],
  );
}

/**
 * Spec section 9's related products: the server's answer while online; offline, or when the server does not
 * answer, the same rule over the catalogue on this device. Undefined while waiting.
 */
export function useRelatedProducts(client: StoreClient | null, product: CatalogProduct, online: boolean) {
  const [fromServer, setFromServer] = useState<CatalogProduct[] | null | undefined>(undefined);
  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    void fetchRelatedProducts(product.sku, controller.signal).then((items) => {
      if (!controller.signal.aborted) startTransition(() => setFromServer(items));
    });
    return () => controller.abort();
  }, [product.sku, online]);
  const catalogState = useObservable(client?.catalog.state$);
  const useDevice = !online || fromServer === null;
  const local = useMemo(
    () => (client && useDevice ? localRelatedProducts(product, client.catalog) : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- catalogState: products replicated later count too.
    [client, useDevice, product, catalogState],
  );
  return online && fromServer ? fromServer : local;
}
