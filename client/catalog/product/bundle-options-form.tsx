import { useId } from 'react';
import type { BundleOption } from '../../../schema/catalog/catalog-product.ts';
import { BUNDLE_QTY_MIN, type BundleLink } from '../../../schema/catalog/rules/bundle-price.ts';
import { addTax } from '../../../schema/catalog/tax.ts';
import { Price } from '../../ui/price.tsx';
import { ProductImage } from '../../ui/product-image.tsx';
import type { BundleOptionState } from './bundle-state.ts';
import { useT } from '../../i18n/use-t.tsx';
import './product-options.css';

interface BundleOptionsFormProps {
  options: readonly BundleOption[];
  state: Readonly<Record<number, BundleOptionState>>;
  errors: Readonly<Record<number, string>>;
  vatRate: number;
  onChange: (optionId: number, next: BundleOptionState) => void;
}

/** A select/radio option takes one item; checkbox and multi take several. */
const takesSeveral = (option: BundleOption): boolean => option.type === 'checkbox' || option.type === 'multi';

/**
 * Spec section 4 "Bundle options": each option with its items (60x60 thumbnails, spec section 9) and a quantity
 * (minimum 0, default 1: spec section 5); the rule 'gtzero' applies to required options.
 */
export function BundleOptionsForm({ options, state, errors, vatRate, onChange }: BundleOptionsFormProps) {
  return (
    <div className="product-options" data-testid="bundle-options">
      {options.map((option) => (
        <BundleOptionField
          key={option.option_id}
          option={option}
          value={state[option.option_id] ?? { linkIds: [], qtyText: '1' }}
          error={errors[option.option_id]}
          vatRate={vatRate}
          onChange={(next) => onChange(option.option_id, next)}
        />
      ))}
    </div>
  );
}

function BundleOptionField({
  option,
  value,
  error,
  vatRate,
  onChange,
}: {
  option: BundleOption;
  value: BundleOptionState;
  error: string | undefined;
  vatRate: number;
  onChange: (next: BundleOptionState) => void;
}) {
  const { t } = useT();
  const id = useId();
  const several = takesSeveral(option);
  const errorId = `${id}-error`;
  const choose = (link: BundleLink, checked: boolean) =>
    onChange({
      ...value,
      linkIds: several
        ? checked
          ? [...value.linkIds, link.id]
          : value.linkIds.filter((linkId) => linkId !== link.id)
        : [link.id],
    });
  return (
    <fieldset
      className="product-page__option product-option product-bundle-option"
      data-option-id={option.option_id}
      aria-describedby={error ? errorId : undefined}
    >
      <legend>
        {option.title}
        {option.required && <span className="product-option__required"> {t('product.options.requiredMark')}</span>}
      </legend>
      {option.product_links.map((link) => (
        <label key={link.id} className="product-check product-bundle-link">
          <input
            type={several ? 'checkbox' : 'radio'}
            name={`${id}-link`}
            checked={value.linkIds.includes(link.id)}
            onChange={(event) => choose(link, event.target.checked)}
          />
          <ProductImage src={link.image} alt="" width={60} height={60} className="product-bundle-link__image" />
          <span className="product-bundle-link__name">{link.name || link.sku}</span>
          <Price amount={addTax(link.price, vatRate)} className="product-bundle-link__price" />
        </label>
      ))}
      <div className="product-page__qty">
        <label htmlFor={`${id}-qty`}>{t('product.bundle.qty', { option: option.title })}</label>
        <input
          id={`${id}-qty`}
          type="number"
          inputMode="numeric"
          min={BUNDLE_QTY_MIN}
          step={1}
          value={value.qtyText}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange({ ...value, qtyText: event.target.value })}
        />
      </div>
      {error && (
        <p id={errorId} className="product-page__error" role="alert">
          {t('product.bundle.gtZero')}
        </p>
      )}
    </fieldset>
  );
}
