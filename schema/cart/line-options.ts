import type { BundleOption, CustomOption } from '../catalog/catalog-product.ts';
import {
  bundleChoiceQty,
  selectedBundleLinks,
  type BundleChoice,
  type BundleSelection,
} from '../catalog/rules/bundle-price.ts';
import {
  chosenOptionValues,
  type CustomOptionAnswer,
  type CustomOptionAnswers,
} from '../catalog/rules/custom-options.ts';
import type { LineOptionLabel, LineOptions } from './cart.ts';

/**
 * The line options codec: how a cart line (`cart.addItem` payload `options`, `CartLine.options`) names what the
 * shopper chose, by the catalogue's stable ids. Titles are what a shop renames and translates, and a title is
 * nothing the server can price; ids are.
 *
 *   custom:<option_id>  radio, select: the chosen option_type_id                         "custom:1" -> "12"
 *                       checkbox: the ticked option_type_ids, ascending, comma-separated  "custom:4" -> "41,42"
 *                       field: the typed text, trimmed                                    "custom:3" -> "За Мария"
 *   bundle:<option_id>  "<qty>x<link id>[,<link id>...]": the option's chosen links (the bundle's selection ids,
 *                       each naming one sku of the option), ascending, at the option's quantity   "bundle:2" -> "2x3"
 *   <attribute code>    a configurable attribute's value, as before ("cvyat" -> "черен"): it describes the variant
 *                       the sku already names and is never priced. Attribute codes are lower-case ASCII
 *                       identifiers, so a title used as a key (what older clients sent) is told apart and refused.
 *
 * An option left empty (nothing chosen, a blank field, a quantity of 0) is left out. Encoding is canonical, so the
 * same choice always gives the same line id. The labels a shopper reads are not in the codec: the cart rules write
 * them onto the line from the product's own titles when they accept it (`CartLine.labels`).
 */

export const CUSTOM_OPTION_KEY = 'custom:';
export const BUNDLE_OPTION_KEY = 'bundle:';
/** A line option value holds at most this many characters (lineOptionsSchema): a longer engraving is cut. */
export const LINE_OPTION_TEXT_MAX = 200;

const ATTRIBUTE_CODE = /^[a-z][a-z0-9_]{0,63}$/;
const ID = /^[1-9]\d{0,9}$/;
const ID_LIST = /^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/;
const BUNDLE_VALUE = /^(\d{1,3})x([1-9]\d{0,9}(?:,[1-9]\d{0,9})*)$/;

const ascendingUnique = (ids: readonly number[]): number[] => [...new Set(ids)].sort((a, b) => a - b);

const cut = (text: string): string =>
  text.length > LINE_OPTION_TEXT_MAX ? `${text.slice(0, LINE_OPTION_TEXT_MAX - 1)}…` : text;

/** One custom option's answer as its line option value; null when the answer chooses nothing of the option. */
export const encodeCustomAnswer = (option: CustomOption, answer: CustomOptionAnswer): string | null => {
  const chosen = chosenOptionValues(option, answer);
  if (chosen.length === 0) return null;
  if (option.type === 'field') return typeof answer === 'string' ? cut(answer.trim()) : null;
  return ascendingUnique(chosen.map((value) => value.option_type_id)).join(',');
};

/** The chosen custom options as line options, `custom:<option_id>` each. */
export const encodeCustomOptions = (options: readonly CustomOption[], answers: CustomOptionAnswers): LineOptions => {
  const line: Record<string, string> = {};
  for (const option of options) {
    const value = encodeCustomAnswer(option, answers[option.option_id]);
    if (value !== null) line[`${CUSTOM_OPTION_KEY}${option.option_id}`] = value;
  }
  return line;
};

/** The chosen bundle items as line options, `bundle:<option_id>` each; nothing chosen or a quantity of 0 is left out. */
export const encodeBundleSelection = (
  bundleOptions: readonly BundleOption[],
  selection: BundleSelection,
): LineOptions => {
  const line: Record<string, string> = {};
  for (const option of bundleOptions) {
    const choice = selection[option.option_id];
    const links = selectedBundleLinks(option, choice);
    const qty = choice ? bundleChoiceQty(choice) : 0;
    if (links.length === 0 || qty === 0) continue;
    line[`${BUNDLE_OPTION_KEY}${option.option_id}`] = `${qty}x${ascendingUnique(links.map((l) => l.id)).join(',')}`;
  }
  return line;
};

/** Line options read back: raw custom answers and bundle choices by option id, and the plain attributes. */
export interface DecodedLineOptions {
  /** option_id -> the value as sent (its meaning depends on the option's type: see `customAnswersOf`). */
  readonly custom: ReadonlyMap<number, string>;
  readonly bundle: ReadonlyMap<number, BundleChoice>;
  readonly attributes: Readonly<Record<string, string>>;
}

/** Reads line options by the codec; null when a key or a bundle value is not the codec's (nothing to price it by). */
export const decodeLineOptions = (options: LineOptions): DecodedLineOptions | null => {
  const custom = new Map<number, string>();
  const bundle = new Map<number, BundleChoice>();
  const attributes: Record<string, string> = {};
  for (const [key, value] of Object.entries(options)) {
    if (key.startsWith(CUSTOM_OPTION_KEY)) {
      const id = key.slice(CUSTOM_OPTION_KEY.length);
      if (!ID.test(id)) return null;
      custom.set(Number(id), value);
    } else if (key.startsWith(BUNDLE_OPTION_KEY)) {
      const id = key.slice(BUNDLE_OPTION_KEY.length);
      const match = BUNDLE_VALUE.exec(value);
      if (!ID.test(id) || !match) return null;
      bundle.set(Number(id), { qty: Number(match[1]), linkIds: ascendingUnique(match[2]!.split(',').map(Number)) });
    } else if (ATTRIBUTE_CODE.test(key)) {
      attributes[key] = value;
    } else {
      return null;
    }
  }
  return { custom, bundle, attributes };
};

/**
 * The custom answers the decoded values stand for, checked against the product's options; null when a value names
 * an option or a value the product does not have, a radio or select holds more than one, or a field is blank.
 */
export const customAnswersOf = (
  options: readonly CustomOption[],
  values: ReadonlyMap<number, string>,
): CustomOptionAnswers | null => {
  const answers: Record<number, CustomOptionAnswer> = {};
  for (const [optionId, value] of values) {
    const option = options.find((o) => o.option_id === optionId);
    if (!option) return null;
    if (option.type === 'field') {
      if (value.trim() === '') return null;
      answers[optionId] = value.trim();
      continue;
    }
    if (!(option.type === 'checkbox' ? ID_LIST : ID).test(value)) return null;
    const ids = ascendingUnique(value.split(',').map(Number));
    if (!ids.every((id) => option.values.some((v) => v.option_type_id === id))) return null;
    answers[optionId] = option.type === 'checkbox' ? ids : ids[0];
  }
  return answers;
};

/**
 * The bundle selection the decoded choices stand for, checked against the bundle's options; null when a choice names
 * an option or a link the bundle does not have, or a select or radio option holds more than one link.
 */
export const bundleSelectionOf = (
  bundleOptions: readonly BundleOption[],
  choices: ReadonlyMap<number, BundleChoice>,
): BundleSelection | null => {
  const selection: Record<number, BundleChoice> = {};
  for (const [optionId, choice] of choices) {
    const option = bundleOptions.find((o) => o.option_id === optionId);
    if (!option) return null;
    const single = option.type === 'select' || option.type === 'radio';
    if (single && choice.linkIds.length > 1) return null;
    if (!choice.linkIds.every((id) => option.product_links.some((link) => link.id === id))) return null;
    selection[optionId] = choice;
  }
  return selection;
};

/** What the chosen custom options read as, in the options' order: the field's text, or the values' titles. */
export const customOptionLabels = (options: readonly CustomOption[], answers: CustomOptionAnswers): LineOptionLabel[] =>
  [...options]
    .sort((a, b) => a.sort_order - b.sort_order)
    .flatMap((option) => {
      const answer = answers[option.option_id];
      const chosen = chosenOptionValues(option, answer);
      if (chosen.length === 0) return [];
      const value = option.type === 'field' && typeof answer === 'string' ? answer : chosen.map((v) => v.title);
      return [{ name: option.title, value: Array.isArray(value) ? value.join(', ') : value }];
    });

/** What the chosen bundle items read as: "item × qty" per option (comma-separated when an option allows several). */
export const bundleLabels = (bundleOptions: readonly BundleOption[], selection: BundleSelection): LineOptionLabel[] =>
  bundleOptions.flatMap((option) => {
    const choice = selection[option.option_id];
    const links = selectedBundleLinks(option, choice);
    const qty = choice ? bundleChoiceQty(choice) : 0;
    if (links.length === 0 || qty === 0) return [];
    return [{ name: option.title, value: links.map((link) => `${link.name || link.sku} × ${qty}`).join(', ') }];
  });
