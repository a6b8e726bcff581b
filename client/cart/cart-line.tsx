import type { CartLine, Product } from '../../schema/index.ts';
import { unitPriceEurOf } from '../../schema/checkout/totals.ts';
import { translateDynamic } from '../i18n/index.ts';
import { EuroPrice } from '../ui/euro-price.tsx';
import { Price } from '../ui/price.tsx';
import { LineVariantSelects } from './line-variant-selects.tsx';
import { ProductImage } from '../ui/product-image.tsx';
import { lineOptionRows } from './line-option-rows.ts';
import { useT } from '../i18n/use-t.tsx';
import { userTextLang } from '../ui/user-text-lang.ts';
import { LabelWithName, NAME_SLOT } from '../ui/label-with-name.tsx';
import './cart-line.css';

const MAX_QTY = 999;

interface CartLineProps {
  line: CartLine;
  product: Product | undefined;
  /** Flagged out of stock (spec Cart step 7): kept, not counted in the totals. */
  outOfStock: boolean;
  /** Another variant for the line (cart.configureLine): `options` are the attributes to change. */
  onConfigure: (line: CartLine, options: Record<string, string>) => void;
  onIncrease: (line: CartLine) => void;
  onDecrease: (line: CartLine) => void;
  onRemove: (line: CartLine) => void;
}

export function CartLineItem({
  line,
  product,
  outOfStock,
  onConfigure,
  onIncrease,
  onDecrease,
  onRemove,
}: CartLineProps) {
  const { t, language } = useT();
  const limit = Math.min(MAX_QTY, product ? product.stockQty : MAX_QTY);
  const atLimit = line.qty >= limit;
  const nameId = `line-${line.lineId}-name`.replace(/[^A-Za-z0-9_-]/g, '_');
  const options = lineOptionRows(line);
  const nameLang = userTextLang(line.name, language);
  return (
    <li
      className={`line${outOfStock ? ' line--out-of-stock' : ''}`}
      data-testid="cart-line"
      data-sku={line.sku}
      data-out-of-stock={outOfStock ? 'true' : undefined}
    >
      <ProductImage src={product?.image} alt="" className="line__image" width={96} height={93} />
      <div className="line__info">
        <h3 className="line__name" id={nameId} lang={userTextLang(line.name, language)}>
          {line.name}
        </h3>
        {options.length > 0 && (
          <dl className="line__options">
            {options.map((row, i) => (
              <div key={i} className="line__option">
                <dt>{row.kind === 'attribute' ? translateDynamic(`cart.options.${row.code}`, row.code) : row.name}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {outOfStock && (
          <p className="line__stock" role="status" data-testid="cart-line-out-of-stock">
            {t('cartPage.outOfStock')}
          </p>
        )}
        {product && (
          <LineVariantSelects line={line} product={product} onChange={(options) => onConfigure(line, options)} />
        )}
        <p className="line__unit">
          <span className="visually-hidden">{t('cart.unitPrice')}: </span>
          <Price amount={line.unitPriceInclTax} />
          <span className="line__per" aria-hidden="true">
            {' '}
            / {t('cart.unitPrice').toLowerCase()}
          </span>
        </p>
      </div>
      <div className="line__controls">
        <div className="stepper" role="group" aria-label={t('cart.qty')}>
          <button type="button" className="stepper__btn" onClick={() => onDecrease(line)}>
            <span aria-hidden="true">−</span>
            <LabelWithName label={t('cart.decrease', { name: NAME_SLOT })} name={line.name} lang={nameLang} />
          </button>
          <output
            className="stepper__value"
            data-testid="cart-line-qty"
            aria-label={t('cart.qtyValue', { count: line.qty })}
          >
            {line.qty}
          </output>
          <button
            type="button"
            className="stepper__btn"
            title={atLimit ? t('cart.maxQty') : undefined}
            onClick={() => onIncrease(line)}
            disabled={atLimit}
          >
            <span aria-hidden="true">+</span>
            <LabelWithName label={t('cart.increase', { name: NAME_SLOT })} name={line.name} lang={nameLang} />
          </button>
        </div>
        <p className="line__total">
          <span className="visually-hidden">{t('cart.lineTotal')}: </span>
          {/* What the order charges: the unit's euro price times the quantity, never the lev total converted. */}
          <EuroPrice cents={unitPriceEurOf(line.unitPriceInclTax) * line.qty} />
        </p>
        <button type="button" className="line__remove" onClick={() => onRemove(line)}>
          <span aria-hidden="true">{t('cart.remove')}</span>
          <LabelWithName label={t('cart.removeNamed', { name: NAME_SLOT })} name={line.name} lang={nameLang} />
        </button>
      </div>
    </li>
  );
}
