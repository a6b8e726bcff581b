import { useMemo } from 'react';
import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import type { Review } from '../../../schema/catalog/content.ts';
import { cutDescription } from './short-description.ts';
import { ampProductPath } from '../../../schema/routing/amp-paths.ts';
import { categoryPath, productPath } from '../../../schema/routing/route-paths.ts';
import {
  productPageJsonLd,
  serializeJsonLd,
  useAmpLink,
  useHeadTags,
  useJsonLd,
  useMetaDescription,
} from '../seo/index.ts';
import { useT } from '../../i18n/use-t.tsx';

/** Search engines show about this much of a description. */
const META_DESCRIPTION_LIMIT = 160;

/**
 * What a product page puts in the head: canonical and AMP links, the meta description, and its structured data
 * (breadcrumbs and the Product with its offer; a rating only from approved reviews, see seo/json-ld.ts).
 */
export function ProductHead({ product, reviews }: { product: CatalogProduct; reviews: readonly Review[] | undefined }) {
  const { t } = useT();
  const path = productPath(product.slug, product.sku);
  useHeadTags('index,follow', path);
  useAmpLink(ampProductPath(product.sku, product.slug));
  useMetaDescription(
    cutDescription(
      product.meta_description || product.short_description || product.description,
      META_DESCRIPTION_LIMIT,
    ) || undefined,
  );
  const category = product.category.at(-1);
  const jsonLd = useMemo(
    () =>
      serializeJsonLd(
        productPageJsonLd({
          origin: window.location.origin,
          breadcrumbs: [
            { name: t('listing.home'), path: '/' },
            ...(category ? [{ name: category.name, path: categoryPath(category.slug) }] : []),
            { name: product.name, path },
          ],
          product: { ...product, path },
          reviews: reviews ?? [],
          now: new Date(),
        }),
      ),
    [product, reviews, category, path, t],
  );
  useJsonLd(jsonLd);
  return null;
}
