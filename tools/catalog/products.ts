import type { AttributeValues, CatalogProduct, CustomOption } from '../../schema/catalog/catalog-product.ts';
import { colourByKey, colourInName, colourValue, KEYBOARD_BDS, KEYBOARD_US, optionValue } from './attributes.ts';
import type { DeviceKind } from '../../sync-server/catalog/product-image-svg.ts';
import type { DeviceConfig, DeviceModel, SimpleTemplate, Variant } from './families.ts';
import {
  ACCESSORY_TEMPLATES,
  COMPAT_NAMES,
  DEVICE_MODELS,
  DEVICE_TEMPLATES,
  EOL_MODELS,
  EXPANSION_BRANDS,
  SOFTWARE_TITLES,
} from './families.ts';
import type { AvailabilityKey, BuildContext, Draft, Stock } from './product-context.ts';
import {
  addProduct,
  AVAILABILITY_KEYS,
  levaToStotinki,
  netOf,
  pickSpecial,
  pickStock,
  pickVisibility,
  pool,
  priceFields,
  specialFor,
  stockFor,
  tierPricesFor,
} from './product-context.ts';
import type { SpecialWindow } from './pricing.ts';
import { retailLeva } from './pricing.ts';
import { cycle } from './random.ts';
import { describe, edition, featureSentences } from './text.ts';

/** Round-robin over groups, so the first items of a list already cover every family. */
const interleave = <T>(groups: readonly (readonly T[])[]): T[] => {
  const out: T[] = [];
  const longest = Math.max(0, ...groups.map((g) => g.length));
  for (let i = 0; i < longest; i += 1) for (const group of groups) if (i < group.length) out.push(group[i] as T);
  return out;
};

const keyboardsOf = (model: DeviceModel): (string | null)[] => (model.keyboard ? [KEYBOARD_BDS, KEYBOARD_US] : [null]);
const keyboardShort = (keyboard: string | null): string =>
  keyboard === KEYBOARD_BDS ? 'БДС клавиатура' : keyboard === KEYBOARD_US ? 'US клавиатура' : '';
const joinName = (parts: readonly (string | null | undefined | false)[]): string =>
  parts.filter((p): p is string => typeof p === 'string' && p.length > 0).join(', ');

const poolOfKind = (kind: DeviceKind): string | undefined => {
  switch (kind) {
    case 'laptop':
      return 'mac-laptop';
    case 'imac':
    case 'mini':
    case 'studio':
    case 'tower':
      return 'mac-desktop';
    case 'phone':
      return 'iphone';
    case 'tablet':
      return 'ipad';
    case 'watch':
      return 'watch';
    default:
      return undefined;
  }
};

const INTRO: Partial<Record<DeviceKind, string>> = {
  laptop: '{name} е лаптоп на Apple за работа, учене и творчество, създаден около чипа {chip}.',
  imac: '{name} е компютър всичко в едно с впечатляващ дисплей и чип {chip}.',
  mini: '{name} е най-компактният настолен Mac – с чип {chip} и всички нужни портове.',
  studio: '{name} е професионална работна станция с чип {chip}, която се побира на бюрото.',
  tower: '{name} е най-разширяемият Mac – за студия и инженерни екипи.',
  tablet: '{name} е таблет за всичко – от бележки в час до монтаж на видео.',
  phone: '{name} е новото поколение iPhone с чип {chip}.',
  watch: '{name} е вашият личен треньор и грижа за здравето на китката.',
  ipod: '{name} – музика, снимки и игри в джобен формат.',
};

const chipName = (procesor: string): string => procesor || 'Apple';

const deviceAttributes = (model: DeviceModel, config: DeviceConfig, keyboard: string | null): AttributeValues => {
  const attributes: AttributeValues = { model: optionValue('model', model.modelLabel) };
  if (model.displey) attributes.displey = optionValue('displey', model.displey);
  if (config.ram) attributes.ram = optionValue('ram', config.ram);
  if (config.procesor) attributes.procesor = optionValue('procesor', config.procesor);
  if (keyboard) attributes.klaviatura = optionValue('klaviatura', keyboard);
  if (model.kind === 'laptop') attributes.touchbar = optionValue('touchbar', model.touchbar ? 'Да' : 'Не');
  return attributes;
};

const deviceSpecs = (
  model: DeviceModel,
  config: DeviceConfig,
  keyboard: string | null,
  sizes: string,
  colours: string,
) =>
  [
    ['Модел', model.modelLabel],
    ['Процесор', config.procesor ? `${config.procesor}${config.label ? ` (${config.label})` : ''}` : config.label],
    ['Оперативна памет', config.ram ?? ''],
    ['Дисплей', model.displey ?? ''],
    [model.sizeAttribute === 'razmer' ? 'Размер на корпуса' : 'Капацитет', sizes],
    ['Цвят', colours],
    ['Клавиатура', keyboard ?? ''],
  ].filter(([, v]) => v !== '') as [string, string][];

const deviceDescription = (
  ctx: BuildContext,
  model: DeviceModel,
  config: DeviceConfig,
  keyboard: string | null,
  sizes: string,
  colours: string,
): { description: string; short: string } => {
  const chip = chipName(config.procesor);
  const intro = (INTRO[model.kind] ?? '{name} – оригинален продукт на Apple.')
    .replace('{name}', model.name)
    .replace('{chip}', chip);
  const features = featureSentences(model.kind, ctx.random, { chip, size: model.displey ?? '' });
  return {
    description: describe(intro, features, deviceSpecs(model, config, keyboard, sizes, colours)),
    short: `${intro} ${features[0] ?? ''}`.trim(),
  };
};

// ---------------------------------------------------------------------------------------------------------------
// Configurable devices: one parent per model, chip/RAM configuration and keyboard; children by colour x storage
// (watches: colour x case size).

interface ConfigurableDescriptor {
  model: DeviceModel;
  config: DeviceConfig;
  keyboard: string | null;
}

const CONFIGURABLES: readonly ConfigurableDescriptor[] = interleave(
  DEVICE_MODELS.map((model) =>
    model.configs.flatMap((config) => keyboardsOf(model).map((keyboard) => ({ model, config, keyboard }))),
  ),
);

const childStock = (ctx: BuildContext, parent: AvailabilityKey, first: boolean): Stock => {
  const { random } = ctx;
  if (first || parent === 'Pre-order' || parent === 'Back order' || parent === 'On request') {
    return stockFor(parent, random);
  }
  if (parent === 'Limited Qty') return stockFor(random.chance(0.6) ? 'Limited Qty' : 'On request', random);
  return stockFor((['In stock', 'Limited Qty', 'On request'] as const)[random.weighted([75, 15, 10])]!, random);
};

export const makeConfigurable = (ctx: BuildContext, index: number): CatalogProduct => {
  const { model, config, keyboard } = cycle(CONFIGURABLES, index);
  const batch = Math.floor(index / CONFIGURABLES.length);
  const { random } = ctx;
  const isNew = (model.isNew ?? false) && batch === 0;
  const stock = pickStock(random, isNew, index < AVAILABILITY_KEYS.length ? AVAILABILITY_KEYS[index] : undefined);
  const visibility = pickVisibility(random);
  const firstSize = model.sizes[0]!;
  const baseLeva = retailLeva(config.leva + firstSize.leva);
  const special = pickSpecial(ctx, baseLeva);
  const factor = special ? special.gross / 100 / baseLeva : 1;
  const name =
    joinName([model.name, config.label, config.ram && `${config.ram} RAM`, keyboardShort(keyboard)]) + edition(batch);
  const common = deviceAttributes(model, config, keyboard);
  const sizeLabels = model.sizes.map((s) => s.label);
  const colourLabels = model.colours.map((c) => colourByKey(c).label);
  const text = deviceDescription(ctx, model, config, keyboard, sizeLabels.join(' / '), colourLabels.join(', '));
  const ageDays = isNew ? random.int(3, 40) : random.int(60, 900);

  const parentId = ctx.nextId();
  const children: Draft[] = [];
  let first = true;
  for (const colour of model.colours) {
    for (const size of model.sizes) {
      const leva = retailLeva(config.leva + size.leva);
      const status = !first && random.chance(0.03) ? 2 : 1;
      children.push({
        type: 'simple',
        prefix: model.code,
        name: `${name}, ${size.label}, ${colourInName(colour)}`,
        category: model.category,
        brand: 'Apple',
        price: priceFields(levaToStotinki(leva), specialFor(ctx, leva, special, factor)),
        attributes: {
          ...common,
          cvyat: colourValue(colour),
          [model.sizeAttribute]: optionValue(model.sizeAttribute, size.label),
        },
        description: '',
        short: `${name}, ${size.label}, ${colourInName(colour)}.`,
        stock: childStock(ctx, stock.key, first),
        status,
        visibility: 1,
        isNew,
        ageDays,
        meta: {
          kind: model.kind,
          role: 'device',
          compat: model.compat,
          devicePool: poolOfKind(model.kind),
          sellable: false,
        },
      });
      first = false;
    }
  }
  const enabled = children.filter((c) => c.status === 1);
  const cheapest = enabled.reduce((a, b) => (b.price.price < a.price.price ? b : a), enabled[0] ?? children[0]!);
  const inStock = enabled.some((c) => c.stock.inStock);
  const parent = addProduct(ctx, {
    id: parentId,
    type: 'configurable',
    prefix: model.code,
    name,
    category: model.category,
    brand: 'Apple',
    price: cheapest.price,
    attributes: {
      ...common,
      cvyat: model.colours.map(colourValue),
      [model.sizeAttribute]: sizeLabels.map((label) => optionValue(model.sizeAttribute, label)),
    },
    description: text.description,
    short: text.short,
    stock: { key: stock.key, qty: enabled.reduce((sum, c) => sum + c.stock.qty, 0), inStock },
    visibility,
    isNew,
    ageDays,
    meta: { kind: model.kind, role: 'device', compat: model.compat, sellable: true },
  });
  if (random.chance(0.1)) parent.tier_prices = tierPricesFor(parent.price);
  parent.configurable_options = [
    {
      attribute_id: 93,
      attribute_code: 'cvyat',
      label: 'Цвят',
      position: 0,
      values: model.colours.map((c) => ({ value_index: colourValue(c), label: colourByKey(c).label })),
    },
    {
      attribute_id: model.sizeAttribute === 'disk' ? 143 : 150,
      attribute_code: model.sizeAttribute,
      label: model.sizeAttribute === 'disk' ? 'Капацитет' : 'Размер',
      position: 1,
      values: sizeLabels.map((label) => ({ value_index: optionValue(model.sizeAttribute, label), label })),
    },
  ];
  const devicePool = poolOfKind(model.kind);
  for (const draft of children) {
    const child = addProduct(ctx, { ...draft, parentSku: parent.sku });
    parent.configurable_children.push({
      id: child.id,
      sku: child.sku,
      name: child.name,
      image: child.image,
      status: child.status,
      stock: child.stock,
      attributes: child.attributes,
      price: child.price,
      special_price: child.special_price,
      special_from_date: child.special_from_date,
      special_to_date: child.special_to_date,
      priceInclTax: child.priceInclTax,
      specialPriceInclTax: child.specialPriceInclTax,
    });
    if (devicePool && child.status === 1 && child.stock.is_in_stock && child.price > 0) {
      pool(ctx, `dev:${devicePool}`, ctx.products.length - 1);
    }
  }
  return parent;
};

// ---------------------------------------------------------------------------------------------------------------
// CTO Macs: a simple product at the base configuration whose custom options upgrade the chip, memory and SSD.

interface CtoDescriptor {
  model: DeviceModel;
  colour: string;
  keyboard: string | null;
}

const CTOS: readonly CtoDescriptor[] = interleave(
  DEVICE_MODELS.filter((m) => m.cto).map((model) =>
    model.colours.flatMap((colour) => keyboardsOf(model).map((keyboard) => ({ model, colour, keyboard }))),
  ),
);

const SOFTWARE_ADDONS = [
  ['Final Cut Pro', 629],
  ['Logic Pro', 399],
] as const;

export const makeCto = (ctx: BuildContext, index: number): CatalogProduct => {
  const { model, colour, keyboard } = cycle(CTOS, index);
  const batch = Math.floor(index / CTOS.length);
  const { random } = ctx;
  const cto = model.cto!;
  const config = model.configs[0]!;
  const size = model.sizes[0]!;
  const leva = retailLeva(config.leva + size.leva);
  const name =
    joinName([`${model.name} по поръчка (CTO)`, colourInName(colour), keyboardShort(keyboard)]) + edition(batch);
  const key = (['Back order', 'In stock', 'On request', 'Limited Qty'] as const)[random.weighted([55, 20, 15, 10])]!;
  const text = deviceDescription(
    ctx,
    model,
    config,
    keyboard,
    cto.ssd.map(([t]) => t).join(' / '),
    colourByKey(colour).label,
  );
  const product = addProduct(ctx, {
    type: 'simple',
    prefix: `${model.code}C`,
    name,
    category: model.category,
    brand: 'Apple',
    price: priceFields(levaToStotinki(leva), pickSpecial(ctx, leva, { chance: 0.08 })),
    attributes: {
      ...deviceAttributes(model, config, keyboard),
      cvyat: colourValue(colour),
      disk: optionValue('disk', size.label),
    },
    description: `${text.description}<p>Конфигурирайте чипа, паметта и диска според нуждите си – компютърът се сглобява по ваша поръчка и се доставя за 2 до 4 седмици.</p>`,
    short: `${text.short} Конфигурация по поръчка.`,
    stock: stockFor(key, random),
    visibility: pickVisibility(random),
    isNew: (model.isNew ?? false) && batch === 0,
    ageDays: random.int(20, 600),
    meta: { kind: model.kind, role: 'device', compat: model.compat, sellable: true },
  });

  const radio = (title: string, values: readonly (readonly [string, number])[], upgrades: boolean): CustomOption => ({
    option_id: ctx.nextOptionId(),
    title,
    type: 'radio',
    is_require: true,
    sort_order: 0,
    values: values.map(([valueTitle, extraLeva]) => ({
      option_type_id: ctx.nextValueId(),
      title: valueTitle,
      price: netOf(levaToStotinki(extraLeva)),
      price_type: 'fixed' as const,
      is_upgrade: upgrades && extraLeva > 0,
      sku: '',
    })),
  });
  const options: CustomOption[] = [
    radio('Чип', cto.chips, true),
    radio('Обединена памет', cto.ram, true),
    radio('SSD диск', cto.ssd, true),
  ];
  if (cto.power) options.push(radio('Захранващ адаптер', cto.power, false));
  options.push({
    option_id: ctx.nextOptionId(),
    title: 'Предварително инсталиран софтуер',
    type: 'checkbox',
    is_require: false,
    sort_order: 0,
    values: SOFTWARE_ADDONS.map(([title, addLeva]) => ({
      option_type_id: ctx.nextValueId(),
      title,
      price: netOf(levaToStotinki(addLeva)),
      price_type: 'fixed' as const,
      is_upgrade: false,
      sku: '',
    })),
  });
  options.push({
    option_id: ctx.nextOptionId(),
    title: 'AppleCare+ за Mac (3 години)',
    type: 'checkbox',
    is_require: false,
    sort_order: 0,
    values: [
      {
        option_type_id: ctx.nextValueId(),
        title: 'AppleCare+',
        price: 12,
        price_type: 'percent',
        is_upgrade: false,
        sku: '',
      },
    ],
  });
  options.forEach((option, i) => (option.sort_order = i));
  product.custom_options = options;
  const defaults = options.filter((o) => o.is_require).map((o) => o.values[0]!.option_type_id);
  product.cto_url = `/${product.slug}-${product.sku}/cto:${defaults.join(',')}`;
  return product;
};

// ---------------------------------------------------------------------------------------------------------------
// Simple products: headline devices first (AirPods, HomePod, displays, Magic accessories), then accessories by
// line, compatible device, colour and variant. Past the natural range, other accessory brands make the same lines.

interface SimpleDescriptor {
  template: SimpleTemplate;
  compat: string | null;
  colour: string | null;
  variant: Variant | null;
}

const expand = (template: SimpleTemplate): SimpleDescriptor[] => {
  const out: SimpleDescriptor[] = [];
  for (const compat of template.compat ?? [null]) {
    for (const variant of template.variants ?? [null]) {
      for (const colour of template.colours ?? [null]) out.push({ template, compat, colour, variant });
    }
  }
  return out;
};

/** Apple trademarks another brand does not make ("Magic Keyboard", "Smart Folio", "Alpine Loop"). */
const TRADEMARKS = new Set([
  'magickbipad',
  'kbfolio',
  'smartfolio',
  'alpine',
  'trail',
  'ocean',
  'nikeband',
  'techwoven',
]);

const ACCESSORIES: readonly SimpleDescriptor[] = interleave(ACCESSORY_TEMPLATES.map(expand));
const SIMPLES: readonly SimpleDescriptor[] = [...DEVICE_TEMPLATES.flatMap(expand), ...ACCESSORIES];
/** The lines another brand can make, once each: Spigen's and OtterBox's "Калъф за iPhone 17, черен" are one line. */
const EXPANDABLE: readonly SimpleDescriptor[] = (() => {
  const seen = new Set<string>();
  return ACCESSORIES.filter((d) => {
    if (TRADEMARKS.has(d.template.key)) return false;
    const key = [d.template.generic, d.compat, d.variant?.label, d.colour].join('|');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
})();

/** How many simple products the catalogue has before it needs other brands (for reports and tests). */
export const NATURAL_SIMPLE_COUNT = SIMPLES.length;

const simpleName = (d: SimpleDescriptor, brand: string | null): string => {
  const { template } = d;
  const head =
    brand !== null
      ? `${template.generic} ${brand}`
      : template.line
        ? `${template.generic} ${template.brand} ${template.line}`
        : template.generic;
  const compat = d.compat ? ` за ${COMPAT_NAMES[d.compat] ?? d.compat}` : '';
  // "Прозрачен калъф …, прозрачен" says it twice: leave out a colour the name already has.
  const colour = d.colour && colourInName(d.colour);
  const showColour = colour && !template.generic.toLowerCase().includes(colour);
  return joinName([`${head}${compat}`, d.variant?.label, showColour && colour]);
};

const simpleAttributes = (d: SimpleDescriptor): AttributeValues => {
  const attributes: AttributeValues = {};
  if (d.colour) attributes.cvyat = colourValue(d.colour);
  if (d.variant?.disk) attributes.disk = optionValue('disk', d.variant.disk);
  if (d.variant?.klaviatura) attributes.klaviatura = optionValue('klaviatura', d.variant.klaviatura);
  if (d.template.displey) attributes.displey = optionValue('displey', d.template.displey);
  if (d.template.procesor) attributes.procesor = optionValue('procesor', d.template.procesor);
  return attributes;
};

const SPECIAL_WINDOWS: readonly SpecialWindow[] = ['current', 'open', 'past', 'future'];

export interface SimpleOptions {
  status?: number;
  /** Which brand replaces the line's own, counted from the end of the list (for disabled extras). */
  brandFromEnd?: boolean;
}

const simpleDescriptor = (
  index: number,
  fromEnd: boolean,
): { d: SimpleDescriptor; brand: string | null; batch: number } => {
  if (!fromEnd && index < SIMPLES.length) return { d: SIMPLES[index]!, brand: null, batch: 0 };
  const j = fromEnd ? index : index - SIMPLES.length;
  const round = Math.floor(j / EXPANDABLE.length);
  const brandIndex = round % EXPANSION_BRANDS.length;
  return {
    d: cycle(EXPANDABLE, j),
    brand: EXPANSION_BRANDS[fromEnd ? EXPANSION_BRANDS.length - 1 - brandIndex : brandIndex]!,
    batch: Math.floor(round / EXPANSION_BRANDS.length),
  };
};

export const makeSimple = (ctx: BuildContext, index: number, options: SimpleOptions = {}): CatalogProduct => {
  const { random } = ctx;
  const { d, brand, batch } = simpleDescriptor(index, options.brandFromEnd ?? false);
  const { template } = d;
  const baseLeva = d.variant?.leva ?? template.leva;
  // Another brand's take on the line: its own price level, from 60 % to 130 % of the original.
  const leva = brand === null ? baseLeva : retailLeva(baseLeva * (0.6 + ((brand.length * 7 + index) % 8) / 10));
  const forcedStatus =
    options.status === undefined && index < AVAILABILITY_KEYS.length ? AVAILABILITY_KEYS[index] : undefined;
  const forcedWindow =
    options.status === undefined && index >= 5 && index < 5 + SPECIAL_WINDOWS.length
      ? SPECIAL_WINDOWS[index - 5]
      : undefined;
  const isNew = (template.isNew ?? false) || (d.compat !== null && /^iphone-(17|air)/.test(d.compat));
  const stock = pickStock(random, isNew, forcedStatus);
  // A few pre-orders have no price yet: the tile reads "очаква се".
  const awaitingPrice = stock.key === 'Pre-order' && options.status === undefined && random.chance(0.1);
  const name = simpleName(d, brand) + edition(batch);
  const brandName = brand ?? template.brand;
  const compatName = d.compat ? (COMPAT_NAMES[d.compat] ?? d.compat) : '';
  const intro = template.device
    ? `${name} – оригинален продукт на ${brandName} с официална гаранция.`
    : `${template.generic} от ${brandName}${compatName ? `, създаден за ${compatName}` : ''}.`;
  const features = featureSentences(template.kind, random);
  const specs: [string, string][] = [['Марка', brandName]];
  if (compatName) specs.push(['Съвместимост', compatName]);
  if (d.variant) specs.push(['Вариант', d.variant.label]);
  if (d.colour) specs.push(['Цвят', colourByKey(d.colour).label]);
  const product = addProduct(ctx, {
    type: 'simple',
    prefix: template.device ? 'A' : brand === null && template.brand === 'Apple' ? 'M' : 'X',
    name,
    category: template.category,
    brand: brandName,
    price: awaitingPrice
      ? priceFields(0, null)
      : priceFields(levaToStotinki(leva), pickSpecial(ctx, leva, { force: forcedWindow })),
    attributes: simpleAttributes(d),
    description: describe(intro, features, specs, template.device ? 24 : 12),
    short: `${intro} ${features[0] ?? ''}`.trim(),
    stock,
    status: options.status,
    visibility: pickVisibility(random),
    isNew,
    ageDays: isNew ? random.int(2, 45) : random.int(30, 1000),
    meta: {
      kind: template.kind,
      role: template.role,
      compat: d.compat ? [d.compat] : [],
      sellable: options.status === undefined,
    },
  });
  if (options.status === undefined && product.price > 0 && random.chance(0.06)) {
    product.tier_prices = tierPricesFor(product.price);
  }
  if (options.status === undefined && product.stock.is_in_stock && product.price > 0) {
    const at = ctx.products.length - 1;
    pool(ctx, template.role, at);
    if (d.compat) pool(ctx, `${template.role}|${d.compat}`, at);
  }
  return product;
};

// ---------------------------------------------------------------------------------------------------------------
// Downloadable software.

const SOFTWARE = SOFTWARE_TITLES.flatMap((title) =>
  title.licences.map(([licence, factor]) => ({ title, licence, factor })),
);

export const makeDownloadable = (ctx: BuildContext, index: number): CatalogProduct => {
  const { title, licence, factor } = cycle(SOFTWARE, index);
  const batch = Math.floor(index / SOFTWARE.length);
  const { random } = ctx;
  const leva = retailLeva(title.leva * factor);
  const name = `${title.name} – ${licence}${edition(batch)}`;
  const intro = `${title.name} от ${title.brand}: ${title.blurb}.`;
  const key = (['In stock', 'Pre-order', 'On request'] as const)[random.weighted([90, 6, 4])]!;
  const product = addProduct(ctx, {
    type: 'downloadable',
    prefix: 'SW',
    name,
    category: 'software',
    brand: title.brand,
    price: priceFields(levaToStotinki(leva), pickSpecial(ctx, leva)),
    attributes: {},
    description: describe(intro, featureSentences('software', random), [
      ['Производител', title.brand],
      ['Лиценз', licence],
      ['Операционна система', 'macOS 14 Sonoma или по-нова'],
      ['Доставка', 'електронна, по имейл'],
    ]),
    short: `${intro} Лиценз: ${licence}. Електронна доставка.`,
    stock: key === 'On request' ? stockFor(key, random) : { key, qty: 1000, inStock: true },
    visibility: pickVisibility(random),
    ageDays: random.int(10, 700),
    meta: { kind: 'software', role: 'software', compat: [], sellable: true },
  });
  product.downloadable_links = [
    { id: ctx.nextLinkId(), title: 'Инсталационен файл за macOS', price: 0 },
    { id: ctx.nextLinkId(), title: 'Лицензионен ключ и фактура (PDF)', price: 0 },
  ];
  if (random.chance(0.3)) {
    product.downloadable_links.push({
      id: ctx.nextLinkId(),
      title: 'Допълнителен лиценз за още един Mac',
      price: netOf(levaToStotinki(retailLeva(leva * 0.5))),
    });
  }
  return product;
};

// ---------------------------------------------------------------------------------------------------------------
// Outlet: unpacked, refurbished and display units, always discounted now.

const CONDITIONS = [
  ['Разопакован', 0.88],
  ['Обновен от Apple (Certified Refurbished)', 0.82],
  ['Витринен модел', 0.85],
  ['С нарушена опаковка', 0.93],
] as const;

interface UnitDescriptor {
  model: DeviceModel;
  config: DeviceConfig;
  size: DeviceModel['sizes'][number];
  colour: string;
}

const unitsOf = (models: readonly DeviceModel[]): UnitDescriptor[] =>
  interleave(
    models.map((model) =>
      interleave(
        model.colours.map((colour) =>
          model.configs.flatMap((config) => model.sizes.map((size) => ({ model, config, size, colour }))),
        ),
      ),
    ),
  );

const OUTLET_UNITS = unitsOf([...DEVICE_MODELS, ...EOL_MODELS.filter((m) => m.kind !== 'ipod')]);
const OUTLET = OUTLET_UNITS.flatMap((unit, i) => [{ unit, condition: CONDITIONS[i % CONDITIONS.length]! }]);

const unitName = ({ model, config, size, colour }: UnitDescriptor): string =>
  joinName([model.name, config.label, config.ram && `${config.ram} RAM`, size.label, colourInName(colour)]);

export const makeOutlet = (ctx: BuildContext, index: number): CatalogProduct => {
  const { unit, condition } = cycle(OUTLET, index);
  const cycleNo = Math.floor(index / OUTLET.length);
  // Each pass over the units takes the next condition, so names stay distinct for four passes.
  const [conditionLabel, factor] = CONDITIONS[(CONDITIONS.indexOf(condition) + cycleNo) % CONDITIONS.length]!;
  const batch = Math.floor(cycleNo / CONDITIONS.length);
  const { random } = ctx;
  const { model, config, size, colour } = unit;
  const leva = retailLeva(config.leva + size.leva);
  const name = `${conditionLabel}: ${unitName(unit)}${edition(batch)}`;
  const text = deviceDescription(ctx, model, config, null, size.label, colourByKey(colour).label);
  return addProduct(ctx, {
    type: 'simple',
    prefix: `OUT${model.code}`,
    name,
    category: 'outlet',
    brand: 'Apple',
    price: priceFields(
      levaToStotinki(leva),
      pickSpecial(ctx, leva, {
        force: random.chance(0.8) ? 'current' : 'open',
        factor: factor - random.int(0, 5) / 100,
      }),
    ),
    attributes: {
      ...deviceAttributes(model, config, null),
      cvyat: colourValue(colour),
      [model.sizeAttribute]: optionValue(model.sizeAttribute, size.label),
    },
    description: `<p><strong>${conditionLabel}.</strong> Продуктът е проверен от нашия сервиз, с пълна гаранция от 12 месеца.</p>${text.description}`,
    short: `${conditionLabel}, с гаранция 12 месеца. ${text.short}`,
    stock: stockFor(random.chance(0.7) ? 'Limited Qty' : 'In stock', random),
    visibility: pickVisibility(random),
    flags: ['special-offers'],
    ageDays: random.int(5, 200),
    meta: { kind: model.kind, role: 'device', compat: model.compat, sellable: true },
  });
};

// ---------------------------------------------------------------------------------------------------------------
// End of life: discontinued models, still reachable (is_old), out of the default listings, not orderable.

const EOL_UNITS = unitsOf(EOL_MODELS);

export const makeEol = (ctx: BuildContext, index: number): CatalogProduct => {
  const unit = cycle(EOL_UNITS, index);
  const batch = Math.floor(index / EOL_UNITS.length);
  const { random } = ctx;
  const { model, config, size, colour } = unit;
  const leva = retailLeva(config.leva + size.leva);
  const text = deviceDescription(ctx, model, config, null, size.label, colourByKey(colour).label);
  return addProduct(ctx, {
    type: 'simple',
    prefix: `EOL${model.code}`,
    name: unitName(unit) + edition(batch),
    category: model.category,
    brand: 'Apple',
    price: priceFields(levaToStotinki(leva), null),
    attributes: {
      ...deviceAttributes(model, config, null),
      cvyat: colourValue(colour),
      [model.sizeAttribute]: optionValue(model.sizeAttribute, size.label),
    },
    description: `<p>Моделът вече не се произвежда. Вижте наследника му в категорията.</p>${text.description}`,
    short: `Моделът вече не се произвежда. ${text.short}`,
    stock: stockFor('On request', random),
    visibility: 4,
    isOld: true,
    ageDays: random.int(400, 2000),
    meta: { kind: model.kind, role: 'device', compat: model.compat, sellable: false },
  });
};

/** Disabled (status 2) products: accessory lines the shop has switched off. */
export const makeDisabled = (ctx: BuildContext, index: number): CatalogProduct =>
  makeSimple(ctx, index, { status: 2, brandFromEnd: true });
