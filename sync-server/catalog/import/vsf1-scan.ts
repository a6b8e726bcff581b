import type { z } from 'zod';
import { attributeSchema, type Attribute } from '../../../schema/catalog/attribute.ts';
import { categorySchema, type Category } from '../../../schema/catalog/category.ts';
import {
  cmsBlockSchema,
  cmsPageSchema,
  reviewSchema,
  type CmsBlock,
  type CmsPage,
  type Review,
} from '../../../schema/catalog/content.ts';
import { taxRuleSchema, type TaxRule } from '../../../schema/catalog/tax-rule.ts';
import { categoryNodes, mapCategories, type CategoryNode } from './vsf1-category-tree.ts';
import { vsf1DocumentKind } from './vsf1-document-kind.ts';
import { where, type Held, type Origin, type Vsf1ImportReport } from './vsf1-import-report.ts';
import {
  shortValues,
  toStock,
  valueAttributes,
  type ProductIndexEntry,
  type ProductMappingContext,
} from './vsf1-product-to-model.ts';
import {
  vsf1AttributeSchema,
  vsf1CategorySchema,
  vsf1CmsBlockSchema,
  vsf1CmsPageSchema,
  vsf1EnvelopeSchema,
  vsf1ProductSchema,
  vsf1ReviewSchema,
  vsf1TaxRuleSchema,
  type Vsf1Envelope,
  type Vsf1Product,
} from './vsf1-source-schemas.ts';
import { moneyIn } from './vsf1-currency.ts';
import { mapAttribute, mapCmsBlock, mapCmsPage, mapReview, mapTaxRule, resolveTaxCountry } from './vsf1-to-model.ts';

/**
 * The importer's first pass: every line of every file is read once. Attributes, categories, tax rules, CMS pages
 * and blocks and reviews are taken (mapped and checked); products are checked against VSF1's shape and indexed,
 * and their lines remembered for the second pass, which maps them once everything they refer to is known.
 *
 * The first document of a key wins (product sku, attribute code, id for the rest); a later one is skipped as a
 * duplicate, and one that would reuse another entity's unique id (product id, attribute id) is refused.
 */
export class Vsf1Scan {
  private readonly attributes = new Map<string, Held<Attribute>>();
  private readonly attributeIds = new Map<number, Held<string>>();
  /** Every valid attribute document by dump and id, duplicates included: a product's ids are its own dump's. */
  private readonly attributesByDump = new Map<string, Map<number, Attribute>>();
  private readonly categoryDocs = new Map<number, Held<CategoryNode>>();
  private readonly nestedCategories = new Map<number, Held<CategoryNode>>();
  private readonly taxRules = new Map<number, Held<TaxRule>>();
  private readonly cmsPages = new Map<number, Held<CmsPage>>();
  private readonly cmsBlocks = new Map<number, Held<CmsBlock>>();
  private readonly reviews = new Map<number, Held<Review>>();
  private readonly products = new Map<string, ProductIndexEntry>();
  private readonly productOrigins = new Map<string, Origin>();
  private readonly productIds = new Map<number, Held<string>>();
  private readonly parentSkus = new Map<string, string>();
  /** file -> line -> dump, of the product lines the second pass maps. */
  readonly productLines = new Map<string, Map<number, string>>();

  constructor(private readonly report: Vsf1ImportReport) {}

  /** One line of a dump. */
  line(origin: Origin, text: string): void {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      return this.report.reject(origin, '', `malformed JSON: ${(error as Error).message}`);
    }
    const envelope = vsf1EnvelopeSchema.safeParse(json);
    if (!envelope.success) return this.report.rejectSource(origin, 'not an elasticdump document', envelope.error, '');
    const kind = vsf1DocumentKind(envelope.data);
    const { report } = this;
    report.documents[kind.kind] = (report.documents[kind.kind] ?? 0) + 1;
    const doc = envelope.data;
    switch (kind.kind) {
      case 'percolator':
        report.skipped.percolator += 1;
        return report.skip(origin, 'Elasticsearch percolator query, not a catalogue entity');
      case 'unknown':
        report.skipped.unknownType[kind.type] = (report.skipped.unknownType[kind.type] ?? 0) + 1;
        return report.skip(origin, `document type '${kind.type}' is not one this importer takes`);
      case 'attribute':
        return this.attribute(doc, origin, kind.dump);
      case 'category':
        return this.category(doc, origin);
      case 'product':
        return this.product(doc, origin, kind.dump);
      case 'cms_page':
        return this.byId(doc, origin, 'CMS page', vsf1CmsPageSchema, cmsPageSchema, this.cmsPages, mapCmsPage);
      case 'cms_block':
        return this.byId(doc, origin, 'CMS block', vsf1CmsBlockSchema, cmsBlockSchema, this.cmsBlocks, mapCmsBlock);
      case 'review':
        return this.byId(doc, origin, 'review', vsf1ReviewSchema, reviewSchema, this.reviews, mapReview);
      case 'taxrule':
        return this.byId(doc, origin, 'tax rule', vsf1TaxRuleSchema, taxRuleSchema, this.taxRules, mapTaxRule);
    }
  }

  private attribute(envelope: Vsf1Envelope, origin: Origin, dump: string): void {
    const parsed = vsf1AttributeSchema.safeParse(envelope._source);
    if (!parsed.success) return this.report.rejectSource(origin, 'attribute', parsed.error);
    const code = parsed.data.attribute_code;
    const attribute = this.report.check(attributeSchema, origin, `attribute ${code}`, () => mapAttribute(parsed.data));
    if (!attribute) return;
    const byId = this.attributesByDump.get(dump) ?? new Map<number, Attribute>();
    this.attributesByDump.set(dump, byId);
    if (!byId.has(attribute.attribute_id)) byId.set(attribute.attribute_id, attribute);
    const first = this.attributes.get(code);
    if (first) return this.report.duplicate(origin, `attribute ${code}`, first);
    const idOwner = this.attributeIds.get(attribute.attribute_id);
    if (idOwner) {
      const reason = `attribute_id ${attribute.attribute_id} is already attribute ${idOwner.value} (${where(idOwner)})`;
      return this.report.reject(origin, '_source.attribute_id', `attribute ${code}: ${reason}`);
    }
    this.attributes.set(code, { ...origin, value: attribute });
    this.attributeIds.set(attribute.attribute_id, { ...origin, value: code });
    this.report.imported += 1;
  }

  /** A category document and the copies nested in it; the categories are mapped once all are read. */
  private category(envelope: Vsf1Envelope, origin: Origin): void {
    const parsed = vsf1CategorySchema.safeParse(envelope._source);
    if (!parsed.success) return this.report.rejectSource(origin, 'category', parsed.error);
    const { nodes, problems } = categoryNodes(parsed.data);
    for (const problem of problems)
      this.report.reject(origin, problem.field, `category ${parsed.data.id}: ${problem.reason}`);
    for (const node of nodes) {
      const id = node.source.id;
      const first = this.categoryDocs.get(id);
      if (node.nested) {
        if (!this.nestedCategories.has(id)) this.nestedCategories.set(id, { ...origin, value: node });
      } else if (first) this.report.duplicate(origin, `category ${id}`, first);
      else this.categoryDocs.set(id, { ...origin, value: node });
    }
  }

  private product(envelope: Vsf1Envelope, origin: Origin, dump: string): void {
    const parsed = vsf1ProductSchema.safeParse(envelope._source);
    if (!parsed.success) return this.report.rejectSource(origin, 'product', parsed.error);
    const product = parsed.data;
    const first = this.productOrigins.get(product.sku);
    if (first) return this.report.duplicate(origin, `product sku ${product.sku} (id ${product.id})`, first);
    const idOwner = this.productIds.get(product.id);
    if (idOwner) {
      const reason = `id ${product.id} is already product ${idOwner.value} (${where(idOwner)})`;
      return this.report.reject(origin, '_source.id', `product ${product.sku}: ${reason}`);
    }
    this.productOrigins.set(product.sku, origin);
    this.productIds.set(product.id, { ...origin, value: product.sku });
    this.products.set(product.sku, indexEntry(product));
    for (const child of product.configurable_children ?? []) {
      if (!this.parentSkus.has(child.sku)) this.parentSkus.set(child.sku, product.sku);
    }
    const lines = this.productLines.get(origin.file) ?? new Map<number, string>();
    this.productLines.set(origin.file, lines);
    lines.set(origin.line, dump);
  }

  /** CMS pages and blocks, reviews, tax rules: one document, one entity, keyed by id. */
  private byId<Src extends { id: number }, T>(
    envelope: Vsf1Envelope,
    origin: Origin,
    label: string,
    source: z.ZodType<Src>,
    model: z.ZodType<T>,
    held: Map<number, Held<T>>,
    map: (value: Src) => unknown,
  ): void {
    const parsed = source.safeParse(envelope._source);
    if (!parsed.success) return this.report.rejectSource(origin, label, parsed.error);
    const id = parsed.data.id;
    const first = held.get(id);
    if (first) return this.report.duplicate(origin, `${label} ${id}`, first);
    const value = this.report.check(model, origin, `${label} ${id}`, () => map(parsed.data));
    if (value === undefined) return;
    held.set(id, { ...origin, value });
    this.report.imported += 1;
  }

  // ------------------------------------------------------------------------------------------ after the scan

  /** The categories, flat: each one's own document first, then nested copies of categories without one. */
  categories(): Category[] {
    const chosen = [
      ...this.categoryDocs.values(),
      ...[...this.nestedCategories].filter(([id]) => !this.categoryDocs.has(id)).map(([, held]) => held),
    ];
    const mapped = mapCategories(chosen.map((held) => held.value));
    const categories: Category[] = [];
    chosen.forEach((held, i) => {
      const category = this.report.check(categorySchema, held, `category ${held.value.source.id}`, () => mapped[i]);
      if (!category) return;
      categories.push(category);
      this.report.imported += 1;
    });
    return categories;
  }

  attributeList = (): Attribute[] => [...this.attributes.values()].map((held) => held.value);
  taxRuleList = (): TaxRule[] => [...this.taxRules.values()].map((held) => held.value);
  cmsPageList = (): CmsPage[] => [...this.cmsPages.values()].map((held) => held.value);
  cmsBlockList = (): CmsBlock[] => [...this.cmsBlocks.values()].map((held) => held.value);
  reviewList = (): Review[] => [...this.reviews.values()].map((held) => held.value);

  /** What the second pass maps products with: one context per dump (attribute ids are per dump). */
  productContexts(
    categories: readonly Category[],
    country?: string,
    money: ProductMappingContext['money'] = moneyIn(1),
  ): (dump: string) => ProductMappingContext {
    const attributes = this.attributeList();
    const byCode = new Map(attributes.map((attribute) => [attribute.attribute_code, attribute]));
    const byId = new Map(attributes.map((attribute) => [attribute.attribute_id, attribute]));
    const taxRules = this.taxRuleList();
    const base: Omit<ProductMappingContext, 'attributeById'> = {
      valueAttributes: valueAttributes(attributes),
      attributeByCode: (code) => byCode.get(code),
      categorySlugs: new Map(categories.map((category) => [category.id, category.slug])),
      products: this.products,
      parentSkus: this.parentSkus,
      taxRules,
      taxCountry: resolveTaxCountry(taxRules, country),
      money,
    };
    const contexts = new Map<string, ProductMappingContext>();
    return (dump) => {
      let context = contexts.get(dump);
      if (!context) {
        const own = this.attributesByDump.get(dump);
        context = { ...base, attributeById: (id) => own?.get(id) ?? byId.get(id) };
        contexts.set(dump, context);
      }
      return context;
    };
  }
}

/** What the second pass needs to know of a product it is not mapping (see `ProductIndexEntry`). */
const indexEntry = (product: Vsf1Product): ProductIndexEntry => ({
  id: product.id,
  sku: product.sku,
  name: product.name,
  image: product.image,
  status: product.status,
  price: product.price,
  special_price: product.special_price,
  special_from_date: product.special_from_date,
  special_to_date: product.special_to_date,
  stock: product.stock ? toStock(product.stock) : undefined,
  values: shortValues(product),
});
