import type { Product } from '../../../schema/index.ts';
import { translateDynamic } from '../../i18n/index.ts';
import { Button } from '../../ui/button.tsx';
import { Price } from '../../ui/price.tsx';
import { ProductImage } from '../../ui/product-image.tsx';
import { useT } from '../../i18n/use-t.tsx';

const LOW_STOCK = 3;

interface ProductTileProps {
  product: Product;
  canAdd: boolean;
  hintId?: string;
  eagerImage?: boolean;
  onAdd: (product: Product) => void;
}

export const isOrderable = (p: Product): boolean => p.priceInclTax > 0 && p.isInStock && p.stockQty > 0;

export function ProductTile({ product, canAdd, hintId, eagerImage = false, onAdd }: ProductTileProps) {
  const { t } = useT();
  const inStock = product.isInStock && product.stockQty > 0;
  const priced = product.priceInclTax > 0;
  const orderable = isOrderable(product);
  const nameId = `product-${product.sku}`.replace(/[^A-Za-z0-9_-]/g, '_');
  return (
    <li className="tile" data-testid="product-tile" data-sku={product.sku}>
      <article className="tile__inner" aria-labelledby={nameId}>
        <ProductImage
          src={product.image}
          alt={product.name}
          width={310}
          height={300}
          className="tile__image"
          eager={eagerImage}
        />
        <div className="tile__body">
          <p className="tile__category">
            {translateDynamic(`catalog.categories.${product.category}`, product.category)}
          </p>
          <h2 className="tile__name" id={nameId}>
            {product.name}
          </h2>
          <div className="tile__price">
            {priced ? (
              <Price amount={product.priceInclTax} size="lg" />
            ) : (
              <span className="price-unknown">{t('catalog.priceUnknown')}</span>
            )}
          </div>
          <p
            className={`stock ${inStock ? (product.stockQty <= LOW_STOCK ? 'stock--low' : 'stock--in') : 'stock--out'}`}
          >
            <span className="stock__dot" aria-hidden="true" />
            {!inStock
              ? t('catalog.outOfStock')
              : product.stockQty <= LOW_STOCK
                ? t('catalog.lowStock', { count: product.stockQty })
                : t('catalog.inStock')}
          </p>
          <Button
            className="tile__add"
            block
            disabled={!orderable || !canAdd}
            aria-label={orderable ? t('catalog.addToCartNamed', { name: product.name }) : undefined}
            aria-describedby={orderable && !canAdd ? hintId : undefined}
            onClick={() => onAdd(product)}
          >
            {orderable ? t('catalog.addToCart') : t('catalog.unavailable')}
          </Button>
        </div>
      </article>
    </li>
  );
}
