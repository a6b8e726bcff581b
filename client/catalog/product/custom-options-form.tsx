import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomOption } from '../../../schema/catalog/catalog-product.ts';
import type {
  CustomOptionAnswer,
  CustomOptionAnswers,
  CustomOptionValue,
} from '../../../schema/catalog/rules/custom-options.ts';
import { formatPrice } from '../../../schema/catalog/rules/format-price.ts';
import { addTax } from '../../../schema/catalog/tax.ts';
import { PRICE_DISPLAY } from '../../lib/shop-settings.ts';
import { DEFAULT_LANGUAGE, isLanguage, LOCALES } from '../../i18n/index.ts';
import { Price } from '../../ui/price.tsx';
import './product-options.css';

interface CustomOptionsFormProps {
  options: readonly CustomOption[];
  answers: CustomOptionAnswers;
  /** option_id -> the rule's message, shown once the shopper has tried to add to the cart. */
  errors: Readonly<Record<number, string>>;
  vatRate: number;
  onAnswer: (optionId: number, answer: CustomOptionAnswer) => void;
}

/** A value's surcharge as the shopper reads it: "+ 48,00 лв." with VAT, or "+ 10%". Nothing for a free value. */
function Surcharge({ value, vatRate }: { value: CustomOptionValue; vatRate: number }) {
  if (value.price <= 0) return null;
  return (
    <span className="product-option__price">
      {' + '}
      {value.price_type === 'percent' ? `${value.price}%` : <Price amount={addTax(value.price, vatRate)} />}
    </span>
  );
}

/**
 * Spec section 2: "custom options of radio, checkbox and quantity types" (the model's field, radio, select and
 * checkbox). Each option is a labelled group; a required one says so, and shows the rule's message when empty.
 */
export function CustomOptionsForm({ options, answers, errors, vatRate, onAnswer }: CustomOptionsFormProps) {
  const sorted = [...options].sort((a, b) => a.sort_order - b.sort_order);
  return (
    <div className="product-options" data-testid="custom-options">
      {sorted.map((option) => (
        <CustomOptionField
          key={option.option_id}
          option={option}
          answer={answers[option.option_id]}
          error={errors[option.option_id]}
          vatRate={vatRate}
          onAnswer={(answer) => onAnswer(option.option_id, answer)}
        />
      ))}
    </div>
  );
}

function CustomOptionField({
  option,
  answer,
  error,
  vatRate,
  onAnswer,
}: {
  option: CustomOption;
  answer: CustomOptionAnswer;
  error: string | undefined;
  vatRate: number;
  onAnswer: (answer: CustomOptionAnswer) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  // An <option> holds text only, so the surcharge is the formatted primary currency there.
  const locale = LOCALES[isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE];
  const formatted = (amount: number) => {
    const price = formatPrice(amount, PRICE_DISPLAY, locale);
    return price.kind === 'negotiable' ? '' : price.primary;
  };
  const errorId = `${id}-error`;
  const invalid = error !== undefined;
  const describedBy = invalid ? errorId : undefined;
  const title = (
    <>
      {option.title}
      {option.is_require && <span className="product-option__required"> {t('product.options.requiredMark')}</span>}
    </>
  );
  const message = invalid && (
    <p id={errorId} className="product-page__error" role="alert">
      {t('product.options.required')}
    </p>
  );

  if (option.type === 'field') {
    const value = option.values[0];
    return (
      <div className="product-option" data-option-id={option.option_id}>
        <label htmlFor={`${id}-field`} className="product-option__label">
          {title}
          {value && <Surcharge value={value} vatRate={vatRate} />}
        </label>
        <input
          id={`${id}-field`}
          type="text"
          maxLength={200}
          value={typeof answer === 'string' ? answer : ''}
          required={option.is_require}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onAnswer(event.target.value)}
        />
        {message}
      </div>
    );
  }

  if (option.type === 'select') {
    return (
      <div className="product-option" data-option-id={option.option_id}>
        <label htmlFor={`${id}-select`} className="product-option__label">
          {title}
        </label>
        <select
          id={`${id}-select`}
          value={typeof answer === 'number' ? String(answer) : ''}
          required={option.is_require}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onAnswer(event.target.value === '' ? null : Number(event.target.value))}
        >
          <option value="">{t('product.options.choose')}</option>
          {option.values.map((value) => (
            <option key={value.option_type_id} value={value.option_type_id}>
              {value.title}
              {value.price > 0 &&
                ` (+${value.price_type === 'percent' ? `${value.price}%` : formatted(addTax(value.price, vatRate))})`}
            </option>
          ))}
        </select>
        {message}
      </div>
    );
  }

  const checkbox = option.type === 'checkbox';
  const ticked: readonly number[] = Array.isArray(answer) ? answer : [];
  return (
    <fieldset
      className="product-page__option product-option"
      data-option-id={option.option_id}
      aria-describedby={describedBy}
    >
      <legend>{title}</legend>
      {option.values.map((value) => (
        <label key={value.option_type_id} className="product-check">
          <input
            type={checkbox ? 'checkbox' : 'radio'}
            name={`${id}-choice`}
            checked={checkbox ? ticked.includes(value.option_type_id) : answer === value.option_type_id}
            onChange={(event) =>
              onAnswer(
                checkbox
                  ? event.target.checked
                    ? [...ticked, value.option_type_id]
                    : ticked.filter((tickedId) => tickedId !== value.option_type_id)
                  : value.option_type_id,
              )
            }
          />
          <span>
            {value.title}
            <Surcharge value={value} vatRate={vatRate} />
          </span>
        </label>
      ))}
      {!checkbox && !option.is_require && (
        <label className="product-check">
          <input
            type="radio"
            name={`${id}-choice`}
            checked={typeof answer !== 'number'}
            onChange={() => onAnswer(null)}
          />
          <span>{t('product.options.none')}</span>
        </label>
      )}
      {message}
    </fieldset>
  );
}
