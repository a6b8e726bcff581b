import type { Attribute } from '../attribute.ts';
import { AVAILABILITY_STATUSES } from '../availability.ts';
import type { CatalogProduct } from '../catalog-product.ts';
import { attributeLabel, optionLabel, type CatalogLanguage } from '../localized.ts';

/**
 * The attribute lines of a tile (spec section 2, "Product tile": "at most 7 attribute lines (index 6 and below).
 * Hidden attributes are category, guide, flag, additional info and the status names").
 *
 * Decisions:
 * - A hidden attribute is recognised by its code, written any way imports write it ('additional_info',
 *   'additional-info', 'Additional Info'), and the status names by code or label ('In stock', 'Наличен').
 * - Lines follow the attribute list's `position`, then the code; an attribute this device has no definition
 *   for is shown by its code with its raw value (better a plain line than a hidden fact).
 * - A multiselect's values are joined with ', '; a value with no option label is shown as stored.
 * - An attribute with no value on the product makes no line.
 */
export const TILE_ATTRIBUTE_LINES = 7;

export interface TileAttributeLine {
  readonly code: string;
  readonly label: string;
  readonly value: string;
  /** 'bg' when the label or the value is shown in Bulgarian on an English page (the catalogue has no English). */
  readonly labelLang?: 'bg';
  readonly valueLang?: 'bg';
}

const normalise = (name: string): string =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

const HIDDEN = new Set(
  [
    'category',
    'guide',
    'flag',
    'additional_info',
    ...AVAILABILITY_STATUSES.flatMap((status) => [status.key, status.text, status.style]),
  ].map(normalise),
);

const isHidden = (code: string, label: string): boolean => HIDDEN.has(normalise(code)) || HIDDEN.has(normalise(label));

export const tileAttributeLines = (
  values: CatalogProduct['attributes'],
  attributes: readonly Attribute[],
  limit: number = TILE_ATTRIBUTE_LINES,
  language: CatalogLanguage = 'bg',
): TileAttributeLine[] => {
  const byCode = new Map(attributes.map((a) => [a.attribute_code, a]));
  const order = (code: string): number => byCode.get(code)?.position ?? Number.MAX_SAFE_INTEGER;
  return Object.entries(values)
    .map(([code, raw]): TileAttributeLine | null => {
      const attribute = byCode.get(code);
      const label = attribute?.frontend_label || attribute?.default_frontend_label || code;
      const chosen = (Array.isArray(raw) ? raw : [raw]).filter((v) => v !== '');
      if (chosen.length === 0 || isHidden(code, label)) return null;
      const values = chosen.map((v) => {
        const option = attribute?.options.find((o) => o.value === v);
        return option?.label ? optionLabel(option, language) : { text: v, lang: language };
      });
      const shownLabel = attribute ? attributeLabel(attribute, language) : { text: code, lang: language };
      return {
        code,
        label: shownLabel.text,
        value: values.map((v) => v.text).join(', '),
        ...(shownLabel.lang !== language ? { labelLang: 'bg' as const } : {}),
        ...(values.some((v) => v.lang !== language) ? { valueLang: 'bg' as const } : {}),
      };
    })
    .filter((line): line is TileAttributeLine => line !== null)
    .sort((a, b) => order(a.code) - order(b.code) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
    .slice(0, limit);
};
