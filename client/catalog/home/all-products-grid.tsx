import { memo } from 'react';
import type { Product } from '../../../schema/index.ts';
import { ProductTile } from './product-tile.tsx';
import { useProgressiveCount } from './use-progressive-count.ts';

/** A tile renders again only when its own product or state changes (the grid mounts in steps). */
const GridTile = memo(ProductTile);

interface AllProductsGridProps {
  products: readonly Product[];
  canAdd: boolean;
  hintId: string | undefined;
  /** Stable (useCallback), or every tile renders again at each step. */
  onAdd: (product: Product) => void;
}

/**
 * The home page's grid of every product, mounted a few tiles per idle moment (use-progressive-count.ts). Its
 * own component, so a step renders this grid's new tiles only, not the page's other sections.
 */
export function AllProductsGrid({ products, canAdd, hintId, onAdd }: AllProductsGridProps) {
  const shownCount = useProgressiveCount(products.length);
  return (
    <ul className="grid" data-testid="product-grid">
      {products.slice(0, shownCount).map((product, index) => (
        <GridTile
          key={product.sku}
          product={product}
          canAdd={canAdd}
          hintId={hintId}
          eagerImage={index < 2}
          onAdd={onAdd}
        />
      ))}
    </ul>
  );
}
