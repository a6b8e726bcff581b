import { isInCompare } from '../compare.ts';
import type { ShortlistProductSource } from '../product.ts';
import { isSaved, toggleWishlist, useWishlist } from '../../wishlist/index.ts';
import { toggleCompare, useCompareList } from './use-shortlists.ts';
import { useT } from '../../i18n/use-t.tsx';
import { bulgarianOnlyLang } from '../../catalog/localized/index.ts';
import { LabelWithName, NAME_SLOT } from '../../ui/label-with-name.tsx';
import './shortlist-toggles.css';

/**
 * The wishlist and compare toggles of a product (listing tile, product page). Each is a toggle button: its name
 * (with the product's name) stays the same, `aria-pressed` says whether the product is in the list.
 */
export function ShortlistToggles({ product, className }: { product: ShortlistProductSource; className?: string }) {
  const { t, language } = useT();
  const nameLang = bulgarianOnlyLang(language);
  const inWishlist = isSaved(useWishlist(), product.sku);
  const inCompare = isInCompare(useCompareList(), product.sku);
  return (
    <div className={['shortlist-toggles', className].filter(Boolean).join(' ')}>
      <button
        type="button"
        className="shortlist-toggle shortlist-toggle--wishlist"
        aria-pressed={inWishlist}
        data-testid="wishlist-toggle"
        onClick={() => void toggleWishlist(product)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z"
            fill={inWishlist ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        <span aria-hidden="true">{t('shortlistsUi.toggle.wishlist')}</span>
        <LabelWithName
          label={t('shortlistsUi.toggle.wishlistLabel', { name: NAME_SLOT })}
          name={product.name}
          lang={nameLang}
        />
      </button>
      <button
        type="button"
        className="shortlist-toggle shortlist-toggle--compare"
        aria-pressed={inCompare}
        data-testid="compare-toggle"
        onClick={() => toggleCompare(product)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M5 8h12m0 0-3-3m3 3-3 3M19 16H7m0 0 3-3m-3 3 3 3"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span aria-hidden="true">{t('shortlistsUi.toggle.compare')}</span>
        <LabelWithName
          label={t('shortlistsUi.toggle.compareLabel', { name: NAME_SLOT })}
          name={product.name}
          lang={nameLang}
        />
      </button>
    </div>
  );
}
