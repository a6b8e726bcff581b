import { afterAll, describe, expect, it } from 'vitest';
import { importVsf1 } from '../../../sync-server/catalog/import/import-vsf1.ts';
import { categoryNodes, mapCategories } from '../../../sync-server/catalog/import/vsf1-category-tree.ts';
import { vsf1DocumentKind } from '../../../sync-server/catalog/import/vsf1-document-kind.ts';
import { attributeValue } from '../../../sync-server/catalog/import/vsf1-product-to-model.ts';
import { vsf1AttributeSchema, vsf1CategorySchema } from '../../../sync-server/catalog/import/vsf1-source-schemas.ts';
import { mapAttribute, resolveTaxCountry, toStotinki } from '../../../sync-server/catalog/import/vsf1-to-model.ts';
import { colorAttribute, dumpLine, simpleProduct, taxRule, tempDir } from './vsf1-files.ts';

const temp = tempDir();
afterAll(() => temp.cleanup());

describe('money', () => {
  it('turns VSF1 decimals into stotinki, half-up on the decimal text', () => {
    expect(toStotinki('32.0000')).toBe(3200);
    expect(toStotinki(24)).toBe(2400);
    expect(toStotinki('19.99')).toBe(1999);
    expect(toStotinki(' 0.5 ')).toBe(50);
    expect(toStotinki(1.005)).toBe(101); // Math.round(1.005 * 100) would give 100
    expect(toStotinki('2.344')).toBe(234);
    expect(toStotinki('2.345')).toBe(235);
    expect(toStotinki('7')).toBe(700);
  });
});

describe('tax country', () => {
  const rule = (...countries: string[]) => ({
    id: 1,
    code: 'r',
    product_tax_class_ids: [2],
    rates: countries.map((c) => ({ code: c, rate: 20, tax_country_id: c, region_name: '', tax_region_id: 0 })),
  });
  it('is the one asked for, else BG when a rule has it, else the first rate of the first rule', () => {
    expect(resolveTaxCountry([rule('DE', 'BG')], 'pl')).toBe('PL');
    expect(resolveTaxCountry([rule('DE', 'BG')])).toBe('BG');
    expect(resolveTaxCountry([rule('DE', 'US')])).toBe('DE');
    expect(resolveTaxCountry([])).toBe('BG');
  });
});

describe('document kinds', () => {
  it('reads the kind from _type, or from the index name of an Elasticsearch 7 dump', () => {
    const doc = (_index: string, _type: string, _source: Record<string, unknown> = { id: 1 }) => ({
      _index,
      _type,
      _source,
    });
    expect(vsf1DocumentKind(doc('vue_storefront_catalog1507151193738', 'product'))).toEqual({
      kind: 'product',
      dump: 'vue_storefront_catalog1507151193738',
    });
    expect(vsf1DocumentKind(doc('vue_storefront_catalog_cms_block_1587031505', '_doc'))).toEqual({
      kind: 'cms_block',
      dump: 'vue_storefront_catalog_1587031505',
    });
    expect(vsf1DocumentKind(doc('vue_storefront_catalog_attribute_1587031505', '_doc')).dump).toBe(
      vsf1DocumentKind(doc('vue_storefront_catalog_product_1587031505', '_doc')).dump,
    );
    expect(vsf1DocumentKind(doc('shop', '_doc', { id: 1, type: 'cms_page' })).kind).toBe('cms_page');
    expect(vsf1DocumentKind(doc('x', 'product', { query: { match: { name: 'Bag' } } })).kind).toBe('percolator');
    expect(vsf1DocumentKind(doc('x', 'cms_hierarchy'))).toMatchObject({ kind: 'unknown', type: 'cms_hierarchy' });
  });
});

describe('attributes', () => {
  it('drops the empty option, reads "0"/"1" flags, and gives each option a slug', () => {
    const attribute = mapAttribute(vsf1AttributeSchema.parse(colorAttribute));
    expect(attribute).toMatchObject({
      attribute_code: 'color',
      frontend_label: 'Color',
      frontend_input: 'select',
      is_visible_on_front: false,
      is_user_defined: true,
      options: [
        { value: '49', label: 'Black', slug: 'black' },
        { value: '50', label: 'Blue', slug: 'blue' },
      ],
    });
    expect(
      mapAttribute(vsf1AttributeSchema.parse({ ...colorAttribute, frontend_input: 'textarea' })).frontend_input,
    ).toBe('text');
  });

  it('splits multiselect values and keeps a select value as it is', () => {
    const multi = { frontend_input: 'multiselect' } as Parameters<typeof attributeValue>[1];
    const single = { frontend_input: 'select' } as Parameters<typeof attributeValue>[1];
    expect(attributeValue('8,11', multi)).toEqual(['8', '11']);
    expect(attributeValue('8', multi)).toEqual(['8']);
    expect(attributeValue(49, single)).toBe('49');
    expect(attributeValue('', single)).toBeUndefined();
    expect(attributeValue(null, single)).toBeUndefined();
  });
});

describe('category tree', () => {
  it('flattens nested children, deriving parent, path, level and colliding slugs', () => {
    const root = vsf1CategorySchema.parse({
      id: 2,
      parent_id: 1,
      name: 'Default Category',
      level: 1,
      children_data: [
        { id: 11, name: 'Men', children_data: [{ id: 12, name: 'Tops' }] },
        { id: 20, name: 'Women', children_data: [{ id: 21, name: 'Tops' }, { name: 'no id' }] },
      ],
    });
    const { nodes, problems } = categoryNodes(root);
    expect(nodes.map((n) => n.source.id)).toEqual([2, 11, 12, 20, 21]);
    expect(problems).toEqual([{ field: '_source.children_data.1.children_data.1.id', reason: expect.any(String) }]);
    const categories = mapCategories(nodes);
    expect(categories.map((c) => [c.id, c.parent_id, c.path, c.level, c.slug, c.url_path])).toEqual([
      [2, 1, '1/2', 1, 'default-category', 'default-category'],
      [11, 2, '1/2/11', 2, 'men', 'men'],
      [12, 11, '1/2/11/12', 3, 'tops-12', 'men/tops-12'],
      [20, 2, '1/2/20', 2, 'women', 'women'],
      [21, 20, '1/2/20/21', 3, 'tops-21', 'women/tops-21'],
    ]);
    expect(categories.find((c) => c.id === 2)?.children_count).toBe(2);
  });
});

describe('product types the fixtures carry no options for', () => {
  const members = [
    simpleProduct(11, 'BALL-BLUE', { price: '23.5000', color: '50', visibility: 1 }),
    simpleProduct(12, 'BALL-BLACK', { price: 21, color: '49', visibility: 1 }),
    simpleProduct(13, 'STRAP', { price: '8.0000' }),
  ];
  const bundle = simpleProduct(2, 'KIT', {
    type_id: 'bundle',
    price: 0,
    special_price: '32.0000',
    bundle_options: [
      {
        option_id: 1,
        title: 'Ball',
        required: true,
        type: 'radio',
        position: 1,
        sku: 'KIT',
        product_links: [
          { id: '1', sku: 'BALL-BLUE', option_id: 1, qty: 1, position: 1, is_default: true, price: null },
          { id: '2', sku: 'BALL-BLACK', option_id: 1, qty: '1.0000', position: 2, is_default: false, price: null },
        ],
      },
      {
        option_id: 2,
        title: 'Strap',
        required: '0',
        type: 'checkbox',
        product_links: [{ id: 3, sku: 'ELSEWHERE', qty: 2, is_default: '1', price: '5.5000' }],
      },
    ],
  });
  const grouped = simpleProduct(3, 'SET', {
    type_id: 'grouped',
    product_links: [
      {
        sku: 'SET',
        link_type: 'associated',
        linked_product_sku: 'STRAP',
        linked_product_type: 'simple',
        position: 1,
        extension_attributes: { qty: 2 },
      },
      { sku: 'SET', link_type: 'related', linked_product_sku: 'KIT', linked_product_type: 'bundle', position: 2 },
    ],
  });
  const downloadable = simpleProduct(4, 'VIDEO', {
    type_id: 'downloadable',
    extension_attributes: { downloadable_product_links: [{ id: 7, title: 'Download', price: '6.0000' }] },
    custom_options: [
      { option_id: 5, title: 'Engraving', type: 'field', is_require: false, price: '2.5000', price_type: 'fixed' },
      {
        option_id: 6,
        title: 'Format',
        type: 'drop_down',
        is_require: '1',
        values: [{ option_type_id: 61, title: '4K', price: 10, price_type: 'percent', sku: '4k' }],
      },
    ],
  });
  const configurable = simpleProduct(5, 'BALL', {
    type_id: 'configurable',
    configurable_options: [{ attribute_id: '93', label: 'Color', values: [{ value_index: 49 }, { value_index: 50 }] }],
    configurable_children: [
      { sku: 'BALL-BLACK', name: 'Ball black', price: 21 },
      {
        sku: 'BALL-BLUE',
        name: 'Ball blue',
        price: 23.5,
        custom_attributes: [{ attribute_code: 'color', value: '50' }],
      },
    ],
  });
  const unknownAttribute = simpleProduct(6, 'ODD', {
    type_id: 'configurable',
    configurable_options: [{ attribute_id: 999, label: 'Odd', values: [{ value_index: 1 }] }],
    configurable_children: [],
  });

  it('keeps bundle options, grouped links, downloadable links and custom options', async () => {
    // Products before the attributes and tax rule they need: the second pass maps them once all are read.
    const file = temp.write('types.ndjson', [
      ...[bundle, grouped, downloadable, configurable, unknownAttribute, ...members].map((p) => dumpLine('product', p)),
      dumpLine('attribute', colorAttribute),
      dumpLine('taxrule', taxRule),
    ]);
    const result = await importVsf1([file]);
    const bySku = new Map(result.snapshot.products.map((p) => [p.sku, p]));

    expect(bySku.get('KIT')).toMatchObject({
      type_id: 'bundle',
      price: 0,
      special_price: 3200,
      specialPriceInclTax: 3936,
    });
    expect(bySku.get('KIT')?.bundle_options).toEqual([
      {
        option_id: 1,
        title: 'Ball',
        required: true,
        type: 'radio',
        product_links: [
          // The member's own price, name and image (our model copies them); VSF1's link id.
          { id: 1, sku: 'BALL-BLUE', qty: 1, is_default: true, price: 2350, name: 'Product BALL-BLUE', image: '' },
          { id: 2, sku: 'BALL-BLACK', qty: 1, is_default: false, price: 2100, name: 'Product BALL-BLACK', image: '' },
        ],
      },
      {
        option_id: 2,
        title: 'Strap',
        required: false,
        type: 'checkbox',
        // Not in the import: VSF1's selection price.
        product_links: [{ id: 3, sku: 'ELSEWHERE', qty: 2, is_default: true, price: 550, name: '', image: '' }],
      },
    ]);

    expect(bySku.get('SET')?.product_links).toEqual([
      { link_type: 'associated', linked_product_sku: 'STRAP', linked_product_type: 'simple', qty: 2, position: 1 },
      { link_type: 'related', linked_product_sku: 'KIT', linked_product_type: 'bundle', qty: 1, position: 2 },
    ]);

    const video = bySku.get('VIDEO');
    expect(video?.downloadable_links).toEqual([{ id: 7, title: 'Download', price: 600 }]);
    expect(video?.custom_options).toEqual([
      {
        option_id: 5,
        title: 'Engraving',
        type: 'field',
        is_require: false,
        sort_order: 0,
        values: [
          { option_type_id: 5, title: 'Engraving', price: 250, price_type: 'fixed', is_upgrade: false, sku: '' },
        ],
      },
      {
        option_id: 6,
        title: 'Format',
        type: 'select',
        is_require: true,
        sort_order: 0,
        values: [{ option_type_id: 61, title: '4K', price: 10, price_type: 'percent', is_upgrade: false, sku: '4k' }],
      },
    ]);

    const ball = bySku.get('BALL');
    expect(ball?.configurable_options).toEqual([
      {
        attribute_id: 93,
        attribute_code: 'color',
        label: 'Color',
        position: 0,
        values: [
          { value_index: '49', label: 'Black' },
          { value_index: '50', label: 'Blue' },
        ],
      },
    ]);
    // The first child has no id or custom_attributes: its id and colour come from its own document.
    expect(ball?.configurable_children.map((c) => [c.id, c.sku, c.attributes, c.price, c.priceInclTax])).toEqual([
      [12, 'BALL-BLACK', { color: '49' }, 2100, 2583],
      [11, 'BALL-BLUE', { color: '50' }, 2350, 2891],
    ]);
    expect(bySku.get('BALL-BLUE')).toMatchObject({ parentSku: 'BALL', attributes: { color: '50' } });

    expect(bySku.has('ODD')).toBe(false);
    expect(result.rejected).toEqual([
      {
        file,
        line: 5,
        field: '_source.configurable_options.0.attribute_id',
        reason: expect.stringMatching(/^product ODD: .*attribute 999 is not among the imported attributes/),
      },
    ]);
  });
});
