import { productPath } from '../../../schema/routing/route-paths.ts';
import { SpaLink } from '../../ui/spa-link.tsx';
import { Button } from '../../ui/button.tsx';
import { useDocumentTitle } from '../../ui/document-title.ts';
import { ProductImage } from '../../ui/product-image.tsx';
import { ShortlistPrice } from './shortlist-price.tsx';
import { removeFromWishlist, useWishlist } from '../../wishlist/index.ts';
import { useT } from '../../i18n/use-t.tsx';
import { SendByEmailButton } from '../../alerts/index.ts';
import './shortlist-pages.css';

/**
 * '/wishlist': the products saved (spec section 4, Wishlist), each with a remove button: the synced wishlist, the same
 * on every device of the shopper.
 */
export function WishlistPage() {
  const { t } = useT();
  const wishlist = useWishlist();
  useDocumentTitle(t('shortlistsUi.wishlist.title'));
  return (
    <div className="page shortlist-page" data-testid="wishlist-page">
      <h1 className="page__title" tabIndex={-1} data-page-heading>
        {t('shortlistsUi.wishlist.title')}
      </h1>
      {wishlist.length === 0 ? (
        <div className="shortlist-page__empty">
          <p>{t('shortlistsUi.wishlist.empty')}</p>
          <SpaLink href="/">{t('shortlistsUi.browse')}</SpaLink>
        </div>
      ) : (
        <>
          <p className="shortlist-page__count">{t('shortlistsUi.count', { count: wishlist.length })}</p>
          <SendByEmailButton list="wishlist" />
          <ul className="shortlist-list">
            {wishlist.map((item) => {
              const { product } = item;
              return (
                <li key={product.sku} className="shortlist-item" data-testid="wishlist-item" data-sku={product.sku}>
                  <ProductImage src={product.image} alt="" width={96} height={96} className="shortlist-item__image" />
                  <div className="shortlist-item__body">
                    <SpaLink
                      href={productPath(product.slug, product.parentSku ?? product.sku)}
                      className="shortlist-item__name"
                    >
                      {product.name}
                    </SpaLink>
                    <ShortlistPrice product={product} />
                  </div>
                  <Button
                    variant="quiet"
                    size="sm"
                    aria-label={t('shortlistsUi.wishlist.removeLabel', { name: product.name })}
                    onClick={() => void removeFromWishlist(item)}
                  >
                    {t('shortlistsUi.remove')}
                  </Button>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
