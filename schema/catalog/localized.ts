/**
 * The catalogue's words in the shopper's language (issue 19): a category's name, a filter's label, an option's
 * label in English when English is chosen and the catalogue has it (`name_en`, `frontend_label_en`, `label_en`),
 * else the Bulgarian words, said to be Bulgarian (`lang`), so a screen reader reads them as such and the page
 * marks content that exists only in Bulgarian.
 */
export type CatalogLanguage = 'bg' | 'en';

export interface ShownText {
  readonly text: string;
  /** The language of `text`: the interface's own, or 'bg' for words the catalogue has only in Bulgarian. */
  readonly lang: CatalogLanguage;
}

export const shownIn = (language: CatalogLanguage, bg: string, en: string | undefined): ShownText =>
  language === 'en' && en ? { text: en, lang: 'en' } : { text: bg, lang: 'bg' };

export const categoryName = (
  category: { readonly name: string; readonly name_en?: string | undefined },
  language: CatalogLanguage,
): ShownText => shownIn(language, category.name, category.name_en);

export const attributeLabel = (
  attribute: {
    readonly frontend_label: string;
    readonly default_frontend_label: string;
    readonly frontend_label_en?: string | undefined;
    readonly attribute_code: string;
  },
  language: CatalogLanguage,
): ShownText =>
  shownIn(
    language,
    attribute.frontend_label || attribute.default_frontend_label || attribute.attribute_code,
    attribute.frontend_label_en,
  );

export const optionLabel = (
  option: { readonly label: string; readonly label_en?: string | undefined },
  language: CatalogLanguage,
): ShownText => shownIn(language, option.label, option.label_en);

/** Content the catalogue has only in Bulgarian (a product's name and description): shown as it is, said to be Bulgarian. */
export const bulgarianOnly = (text: string): ShownText => ({ text, lang: 'bg' });
