import { AdPhoto } from '../ad-photos/index.ts';
import type { PublicAd } from '../../schema/ads/ad.ts';
import { useT } from '../i18n/use-t.tsx';
import { SpaLink } from '../ui/spa-link.tsx';
import { AdPrice } from './ad-price.tsx';

/** One ad in /posts/sell: its first photo at the tile size, title, price in € (and лв.), condition and city. */
export function AdTile({ ad, categoryName }: { ad: PublicAd; categoryName: string }) {
  const { t } = useT();
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
          <span className="tile__category">{categoryName}</span>
          <span className="tile__name">{ad.title}</span>
          <span className="tile__price">
            <AdPrice price={ad.price} />
          </span>
          <span>
            {t(`ads.conditions.${ad.condition}`)} · {ad.city}
          </span>
        </span>
      </SpaLink>
    </li>
  );
}
