import { CartLineItem } from './cart-line.tsx';
import type { OptimisticCart } from './feature.ts';
import { useProductIndex } from './use-cart.ts';
import { useLineActions } from './use-line-actions.ts';
import './cart-line.css';

/** The cart's lines with their buttons, as the cart page and the mini-cart show them. */
export function CartLines({ cart }: { cart: OptimisticCart }) {
  const products = useProductIndex();
  const { increase, decrease, remove, configure } = useLineActions();
  return (
    <ul className="lines">
      {cart.items.map((line) => (
        <CartLineItem
          key={line.lineId}
          line={line}
          product={products.get(line.sku)}
          outOfStock={cart.outOfStock.includes(line.lineId)}
          onConfigure={configure}
          onIncrease={increase}
          onDecrease={decrease}
          onRemove={(l) => void remove(l)}
        />
      ))}
    </ul>
  );
}
