import { AdPhoto } from '../ad-photos/index.ts';
import type { PublicAd } from '../../schema/ads/ad.ts';
import { useT } from '../i18n/use-t.tsx';
import { SpaLink } from '../ui/spa-link.tsx';
import { userTextLang } from '../ui/user-text-lang.ts';
import { AdPrice } from './ad-price.tsx';
import type { AdCategoryLabel } from './use-ad-data.ts';

/** One ad in /posts/sell: its first photo at the tile size, title, price in € (and лв.), condition and city. */
export function AdTile({ ad, categoryName }: { ad: PublicAd; categoryName: AdCategoryLabel }) {
  const { t, language } = useT();
  const [photo] = ad.photos;
  return (
    <li className="tile" data-testid="ad-tile" data-ad-id={ad.id}>
      <SpaLink href={`/posts/view/${ad.id}`} className="tile__inner">
        {photo ? (
          <AdPhoto id={photo} size="tile" alt="" className="tile__image" />
        ) : (
          <span className="tile__image" aria-hidden="true" />
        )}
        <span className="tile__body">
          <span className="tile__category" lang={categoryName.lang}>
            {categoryName.label}
          </span>
          <span className="tile__name" lang={userTextLang(ad.title, language)}>
            {ad.title}
          </span>
          <span className="tile__price">
            <AdPrice price={ad.price} />
          </span>
          <span>
            {t(`ads.conditions.${ad.condition}`)} · <span lang={userTextLang(ad.city, language)}>{ad.city}</span>
          </span>
        </span>
      </SpaLink>
    </li>
  );
}
