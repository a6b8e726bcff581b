import type { CustomOption } from '../catalog-product.ts';
import { optionsValidation, type OptionsValidation } from './options-validation.ts';
import { sumOf } from './sum.ts';

export type CustomOptionValue = CustomOption['values'][number];

/**
 * The shopper's answer to one custom option: the typed text of a field; the option_type_id chosen in a radio or
 * select (0 is no choice); the ids ticked in a checkbox group, or true for a lone checkbox.
 */
export type CustomOptionAnswer = string | number | boolean | readonly number[] | null | undefined;
/** option_id -> answer. */
export type CustomOptionAnswers = Readonly<Record<number, CustomOptionAnswer>>;

/** Spec section 5: "the value must not be empty, false or 0" (whitespace alone is empty too). */
export const isEmptyAnswer = (answer: CustomOptionAnswer): boolean =>
  answer === undefined ||
  answer === null ||
  answer === false ||
  answer === 0 ||
  (typeof answer === 'string' && answer.trim() === '') ||
  (Array.isArray(answer) && answer.length === 0);

/** The option's values an answer picks; a filled-in field carries its one value's price. */
export const chosenOptionValues = (option: CustomOption, answer: CustomOptionAnswer): CustomOptionValue[] => {
  if (isEmptyAnswer(answer)) return [];
  if (option.type === 'field' || answer === true) return option.values.slice(0, 1);
  const ids: readonly number[] = Array.isArray(answer) ? answer : [Number(answer)];
  return option.values.filter((value) => ids.includes(value.option_type_id));
};

/** A fixed price is stotinki; a percent price is that percent of `of`, half-up to the stotinka. */
export const optionValuePrice = (value: CustomOptionValue, of: number): number =>
  Math.round(value.price_type === 'fixed' ? value.price : (of * value.price) / 100);

/** The price the options are added to: the price in force (`price`) and the normal price (`originalPrice`). */
export interface CustomOptionsBase {
  readonly price: number;
  readonly originalPrice: number;
}

/**
 * Spec section 4: "Changing custom options updates the price: fixed prices are added, and an upgrade option replaces
 * the base with the original price plus the delta."
 * - Without an upgrade: base price + every chosen value's price (a percent one is percent of the base price).
 * - With upgrades (CTO): the normal price + each upgrade's delta (a percent one of the normal price) + the other
 *   chosen values as above. An upgrade is priced off the list price, so it ends a special price's discount.
 * Net stotinki in and out; add VAT to the result (`addTax`).
 */
export const customOptionsPrice = (
  base: CustomOptionsBase,
  options: readonly CustomOption[],
  answers: CustomOptionAnswers,
): number => {
  const chosen = options.flatMap((option) => chosenOptionValues(option, answers[option.option_id]));
  const upgrades = chosen.filter((value) => value.is_upgrade);
  const extras = chosen.filter((value) => !value.is_upgrade);
  const start =
    upgrades.length === 0
      ? base.price
      : base.originalPrice + sumOf(upgrades.map((value) => optionValuePrice(value, base.originalPrice)));
  return start + sumOf(extras.map((value) => optionValuePrice(value, base.price)));
};

export const FIELD_REQUIRED = 'Field is required.';
export const CUSTOM_OPTIONS_INVALID = 'Please configure product custom options and fix the validation errors';

/** Rule 'required', only for options marked is_require: a non-empty answer naming one of the option's values. */
export const satisfiesRequired = (option: CustomOption, answer: CustomOptionAnswer): boolean =>
  !option.is_require ||
  (!isEmptyAnswer(answer) && (option.type === 'field' || chosenOptionValues(option, answer).length > 0));

/** Spec section 5: "Message 'Field is required.'"; failure sets the custom-options product error. */
export const validateCustomOptions = (
  options: readonly CustomOption[],
  answers: CustomOptionAnswers,
): OptionsValidation => {
  const fieldErrors: Record<number, string> = {};
  for (const option of options) {
    if (!satisfiesRequired(option, answers[option.option_id])) fieldErrors[option.option_id] = FIELD_REQUIRED;
  }
  return optionsValidation(fieldErrors, CUSTOM_OPTIONS_INVALID);
};
