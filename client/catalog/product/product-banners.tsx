import { useMemo } from 'react';
import { map } from 'rxjs';
import { bannerSchema } from '../../../schema/catalog/content.ts';
import type { StoreClient } from '../../store/index.ts';
import { useObservable } from '../../ui/use-observable.ts';
import { ProductImage } from '../../ui/product-image.tsx';
import { SpaLink } from '../../ui/spa-link.tsx';
import { localEntries$ } from './catalog-entries.ts';
import { shownIn } from '../../../schema/catalog/localized.ts';
import { useT } from '../../i18n/use-t.tsx';
import { Shown } from '../localized/index.ts';
import './product-page.css';

/**
 * Spec section 2 "Banners": the product group of promo banners (placement 'promo' in this catalogue), from the
 * catalogue on this device: the init data carries only the home slider, and banners replicate with the catalogue.
 */
export function ProductBanners({ client }: { client: StoreClient | null }) {
  const { language } = useT();
  const banners$ = useMemo(
    () =>
      client
        ? localEntries$(client, 'banner', bannerSchema).pipe(
            map((all) =>
              all.filter((b) => b.placement === 'promo').sort((a, b) => a.position - b.position || a.id - b.id),
            ),
          )
        : undefined,
    [client],
  );
  const banners = useObservable(banners$) ?? [];
  if (banners.length === 0) return null;
  return (
    <ul className="product-banners" data-testid="product-banners">
      {banners.map((banner) => (
        <li key={banner.id}>
          <SpaLink href={banner.link} className="product-banner">
            <ProductImage src={banner.image} alt="" width={96} height={93} />
            <span>
              <strong className="product-banner__title">
                <Shown shown={shownIn(language, banner.title, banner.title_en)} pageLanguage={language} />
              </strong>
              {banner.subtitle && (
                <span className="product-banner__subtitle">
                  <Shown shown={shownIn(language, banner.subtitle, banner.subtitle_en)} pageLanguage={language} />
                </span>
              )}
            </span>
          </SpaLink>
        </li>
      ))}
    </ul>
  );
}
