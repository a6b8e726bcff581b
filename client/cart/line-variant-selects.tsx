import type { CartLine, Product } from '../../schema/index.ts';
import { useAttributes, useStoreClient } from '../store/index.ts';
import { useT } from '../i18n/use-t.tsx';
import { attributeLabel, optionLabel, type ShownText } from '../../schema/catalog/localized.ts';
import './cart-line.css';

interface LineVariantSelectsProps {
  line: CartLine;
  product: Product;
  onChange: (options: Record<string, string>) => void;
}

/**
 * Another colour or storage for a line, from the cart (`cart.configureLine`): one select per attribute in which the
 * product's variants differ, listing the values its enabled variants have. A variant already in the cart merges
 * with this line on the server (quantities summed), so the cart never shows the same variant twice.
 */
export function LineVariantSelects({ line, product, onChange }: LineVariantSelectsProps) {
  const { t, language } = useT();
  const attributes = useAttributes(useStoreClient());
  const variant = product.variant;
  if (!variant || variant.siblings.length < 2) return null;
  const codes = Object.keys(variant.attributes).filter(
    (code) => new Set(variant.siblings.map((s) => s.attributes[code])).size > 1,
  );
  if (codes.length === 0) return null;
  // The attribute's and its options' English words where the catalogue has them (issue 29, item 12), else the
  // Bulgarian ones, marked so.
  const attributeOf = (code: string) => attributes?.find((a) => a.attribute_code === code);
  const titleOf = (code: string): ShownText => {
    const attribute = attributeOf(code);
    return attribute ? attributeLabel(attribute, language) : { text: code, lang: language };
  };
  const valueOf = (code: string, value: string): ShownText =>
    optionLabel(
      {
        label: variant.labels[code]?.[value] ?? value,
        label_en: attributeOf(code)?.options.find((o) => o.value === value)?.label_en,
      },
      language,
    );
  const langOf = (shown: ShownText) => (shown.lang === language ? undefined : shown.lang);
  return (
    <div className="line__variants">
      {codes.map((code) => {
        const values = [...new Set(variant.siblings.flatMap((s) => (s.attributes[code] ? [s.attributes[code]] : [])))];
        const id = `variant-${line.lineId}-${code}`.replace(/[^A-Za-z0-9_-]/g, '_');
        return (
          <label key={code} className="line__variant" htmlFor={id}>
            <span lang={langOf(titleOf(code))}>{titleOf(code).text}</span>
            <select
              id={id}
              value={variant.attributes[code]}
              aria-label={t('cartPage.configure.change', { attribute: titleOf(code).text, name: line.name })}
              data-testid={`cart-line-variant-${code}`}
              onChange={(event) => onChange({ [code]: event.target.value })}
            >
              {values.map((value) => (
                <option key={value} value={value} lang={langOf(valueOf(code, value))}>
                  {valueOf(code, value).text}
                </option>
              ))}
            </select>
          </label>
        );
      })}
    </div>
  );
}
