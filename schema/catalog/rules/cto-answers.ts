import type { CustomOption } from '../catalog-product.ts';
import type { CustomOptionAnswers } from './custom-options.ts';

/**
 * The custom-option answers a `/cto:{ctoOptions}` address carries (spec section 2: "simple-product-cto (adds
 * ctoOptions, comma-separated option values)"). A value names an option value by its option_type_id or its sku;
 * a radio or select takes the last value naming one of its values, a checkbox collects every one. Values that
 * name nothing are ignored: an old link still opens the product, with the options it can still honour.
 */
export const ctoAnswers = (options: readonly CustomOption[], ctoValues: readonly string[]): CustomOptionAnswers => {
  const answers: Record<number, number | number[]> = {};
  for (const wanted of ctoValues) {
    for (const option of options) {
      if (option.type === 'field') continue;
      const value = option.values.find(
        (v) => String(v.option_type_id) === wanted || (v.sku !== '' && v.sku === wanted),
      );
      if (!value) continue;
      const previous = answers[option.option_id];
      answers[option.option_id] =
        option.type === 'checkbox'
          ? [...new Set([...(Array.isArray(previous) ? previous : []), value.option_type_id])]
          : value.option_type_id;
    }
  }
  return answers;
};
