import type { estypes } from '@elastic/elasticsearch';
import type { CatalogProduct } from '../../schema/catalog/catalog-product.ts';
import { SHOP_TIME_ZONE } from '../../schema/catalog/rules/shop-time.ts';
import { FOLD_TO_LATIN, nameHead } from '../../schema/search/cross-script.ts';
import { productKinds } from '../../schema/search/product-kind.ts';
import { filterValuesOf } from '../../schema/search/rules.ts';
import { priceValidUntil, searchPricesOf } from '../../schema/search/search-price.ts';

/**
 * The product index: adapted from VSF1's product mapping (shared/fixtures/vsf1/es-product-mapping.json) to our
 * model. What a query reads is mapped; the rest of the product rides along in `_source` unindexed
 * (`dynamic: false`), so a new field in the model never changes the mapping by surprise. What the rules derive
 * (the price a listing sorts by, the filter values with the children's) is indexed under `search`, computed by
 * the same functions the embedded engine uses, and left out of the documents a search returns.
 *
 * Text: the standard tokenizer and a lowercase filter, the embedded engine's tokenizer, Cyrillic and Latin
 * alike. No Bulgarian stemmer in the analysers: the text fields hold the words as written in both engines, and
 * issue 29's light stemmer runs in the shared code that fills `search.kind`, so both engines find the same products.
 * The sku is one keyword, lower-cased by a normalizer, as the VSF1 mapping has it.
 *
 * Issue 19: `name.latin` and `search.name_head` (the name's head, computed by `nameHead` at indexing) are analysed
 * with Cyrillic folded to Latin by a `mapping` char filter of the embedded engine's own table (FOLD_TO_LATIN), so
 * both engines hold the same terms; the query is folded and its synonyms applied by the shared query analysis.
 *
 * Issue 29: `search.kind` holds the product's kind stems (`productKinds`: its categories' names, folded and
 * stemmed by the shared code) as keywords, matched exactly by the stems the shared analysis gives the query.
 */

export const SEARCH_SOURCE_FIELD = 'search';
export const FINAL_PRICE_FIELD = 'search.final_price';
export const PRICE_VALID_UNTIL_FIELD = 'search.price_valid_until';
export const KIND_FIELD = 'search.kind';
export const attributeField = (code: string): string => `search.attributes.${code}`;
export const groupPriceField = (customerGroupId: number): string => `search.group_price.${customerGroupId}`;

export const TEXT_ANALYZER = 'shop_text';
export const LATIN_ANALYZER = 'shop_latin';
const LATIN_CHAR_FILTER = 'bg_to_latin';

/** The fold as `mapping` rules, both cases: the char filter runs before the lowercase filter. */
export const latinMappings = (): string[] =>
  Object.entries(FOLD_TO_LATIN).flatMap(([cyrillic, latin]) => [
    `${cyrillic} => ${latin}`,
    `${cyrillic.toUpperCase()} => ${latin}`,
  ]);
export const SKU_NORMALIZER = 'shop_sku';

export const PRODUCT_INDEX_SETTINGS: estypes.IndicesIndexSettings = {
  number_of_shards: 1,
  analysis: {
    analyzer: {
      [TEXT_ANALYZER]: { type: 'custom', tokenizer: 'standard', filter: ['lowercase'] },
      [LATIN_ANALYZER]: {
        type: 'custom',
        char_filter: [LATIN_CHAR_FILTER],
        tokenizer: 'standard',
        filter: ['lowercase'],
      },
    },
    char_filter: { [LATIN_CHAR_FILTER]: { type: 'mapping', mappings: latinMappings() } },
    normalizer: { [SKU_NORMALIZER]: { type: 'custom', filter: ['lowercase'] } },
  },
};

export const PRODUCT_INDEX_MAPPINGS: estypes.MappingTypeMapping = {
  dynamic: false,
  dynamic_templates: [
    { search_attributes: { path_match: 'search.attributes.*', mapping: { type: 'keyword' } } },
    { search_group_prices: { path_match: 'search.group_price.*', mapping: { type: 'long' } } },
  ],
  properties: {
    id: { type: 'long' },
    sku: { type: 'keyword', normalizer: SKU_NORMALIZER },
    parentSku: { type: 'keyword' },
    name: { type: 'text', analyzer: TEXT_ANALYZER, fields: { latin: { type: 'text', analyzer: LATIN_ANALYZER } } },
    slug: { type: 'keyword' },
    url_key: { type: 'keyword' },
    type_id: { type: 'keyword' },
    brand: { type: 'keyword' },
    ean: { type: 'keyword' },
    status: { type: 'integer' },
    visibility: { type: 'integer' },
    is_old: { type: 'integer' },
    category_ids: { type: 'long' },
    category: {
      properties: {
        category_id: { type: 'long' },
        name: { type: 'text', analyzer: TEXT_ANALYZER },
        slug: { type: 'keyword' },
      },
    },
    stock: { properties: { is_in_stock: { type: 'boolean' }, qty: { type: 'integer' } } },
    price: { type: 'long' },
    priceInclTax: { type: 'long' },
    special_price: { type: 'long' },
    specialPriceInclTax: { type: 'long' },
    sale: { type: 'boolean' },
    new: { type: 'boolean' },
    promo: { type: 'boolean' },
    [SEARCH_SOURCE_FIELD]: {
      properties: {
        final_price: { type: 'long' },
        name_head: { type: 'text', analyzer: LATIN_ANALYZER },
        kind: { type: 'keyword' },
        price_valid_until: { type: 'date', format: 'epoch_millis' },
        attributes: { type: 'object', dynamic: true },
        group_price: { type: 'object', dynamic: true },
      },
    },
  },
};

/** What the index holds per product: the product itself plus the derived `search` fields. */
export interface EsProductDocument extends CatalogProduct {
  readonly search: {
    /** VAT-inclusive final price now, stotinki (`searchPricesOf`). */
    readonly final_price: number;
    /** The name's head (`nameHead`), searched folded to Latin. */
    readonly name_head: string;
    /** The kind stems of its categories' names (`productKinds`). */
    readonly kind: readonly string[];
    /** When that price may change (a special price window opens or closes), epoch ms; absent when never. */
    readonly price_valid_until?: number;
    /** Attribute code -> the product's and its enabled children's values (`filterValuesOf`). */
    readonly attributes: Record<string, readonly string[]>;
    /** Customer group -> its price, where a one-unit tier makes it lower. */
    readonly group_price: Record<string, number>;
  };
}

export const toEsDocument = (
  product: CatalogProduct,
  now: Date,
  timeZone: string = SHOP_TIME_ZONE,
): EsProductDocument => {
  const prices = searchPricesOf(product, now, timeZone);
  const validUntil = priceValidUntil(product, now, timeZone);
  return {
    ...product,
    search: {
      final_price: prices.base,
      name_head: nameHead(product.name),
      kind: productKinds(product),
      ...(Number.isFinite(validUntil) ? { price_valid_until: validUntil } : {}),
      attributes: Object.fromEntries(filterValuesOf(product)),
      group_price: Object.fromEntries([...prices.groups].map(([group, price]) => [String(group), price])),
    },
  };
};

/** The product of a stored document (searches exclude `search` already; this also drops it when present). */
export const fromEsDocument = (source: CatalogProduct | EsProductDocument): CatalogProduct => {
  if (!(SEARCH_SOURCE_FIELD in source)) return source;
  const { search: _search, ...product } = source;
  return product;
};
