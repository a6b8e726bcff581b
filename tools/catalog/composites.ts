import type { BundleOption, CatalogProduct } from '../../schema/catalog/catalog-product.ts';
import type { Role } from './families.ts';
import type { AvailabilityKey, BuildContext } from './product-context.ts';
import { addProduct, pickVisibility, stockFor } from './product-context.ts';
import type { SpecialWindow } from './pricing.ts';
import { priceFieldsNet, specialWindowDates } from './pricing.ts';
import { cycle } from './random.ts';
import { describe, edition } from './text.ts';

/**
 * Bundles ("komplekti") and grouped sets: a device from the configurable children already generated plus
 * accessories that fit it (same compatibility key when the pool has one). Run after the simple products exist.
 */

interface Slot {
  title: string;
  /** How the slot reads in the bundle's name; the lower-cased title when absent. */
  inName?: string;
  roles: readonly Role[];
  required: boolean;
}

interface CompositeTemplate {
  title: string;
  device: string;
  slots: readonly Slot[];
}

const BUNDLES: readonly CompositeTemplate[] = [
  {
    title: 'Работа навсякъде',
    device: 'mac-laptop',
    slots: [
      { title: 'Мишка', roles: ['mouse'], required: true },
      { title: 'Адаптер', roles: ['hub'], required: true },
      { title: 'Калъф', roles: ['sleeve'], required: false },
    ],
  },
  {
    title: 'Старт с iPhone',
    device: 'iphone',
    slots: [
      { title: 'Калъф', roles: ['case-iphone'], required: true },
      { title: 'Зарядно', roles: ['charger'], required: true },
      { title: 'Протектор', roles: ['protector'], required: false },
    ],
  },
  {
    title: 'Бюро мечта',
    device: 'mac-desktop',
    slots: [
      { title: 'Клавиатура', roles: ['keyboard'], required: true },
      { title: 'Мишка или тракпад', inName: 'мишка', roles: ['mouse'], required: true },
      { title: 'Монитор', roles: ['display'], required: false },
    ],
  },
  {
    title: 'Творчество с iPad',
    device: 'ipad',
    slots: [
      { title: 'Apple Pencil', inName: 'Apple Pencil', roles: ['pencil'], required: true },
      { title: 'Калъф или клавиатура', inName: 'калъф', roles: ['ipad-keyboard', 'ipad-case'], required: true },
    ],
  },
  {
    title: 'Mac и архив',
    device: 'mac-laptop',
    slots: [
      { title: 'Външен диск', roles: ['ssd'], required: true },
      { title: 'Кабел', roles: ['cable'], required: false },
    ],
  },
  {
    title: 'Спорт с Apple Watch',
    device: 'watch',
    slots: [
      { title: 'Каишка', roles: ['band'], required: true },
      { title: 'Зарядно', roles: ['watch-charger'], required: false },
    ],
  },
];

const SETS: readonly CompositeTemplate[] = [
  {
    title: 'Домашен офис',
    device: 'mac-desktop',
    slots: [
      { title: 'Монитор', roles: ['display'], required: true },
      { title: 'Клавиатура', roles: ['keyboard'], required: true },
      { title: 'Мишка', roles: ['mouse'], required: true },
    ],
  },
  {
    title: 'Учене с iPad',
    device: 'ipad',
    slots: [
      { title: 'Apple Pencil', roles: ['pencil'], required: true },
      { title: 'Калъф', roles: ['ipad-case', 'ipad-keyboard'], required: true },
    ],
  },
  {
    title: 'Защита за iPhone',
    device: 'iphone',
    slots: [
      { title: 'Калъф', roles: ['case-iphone'], required: true },
      { title: 'Протектор', roles: ['protector'], required: true },
      { title: 'Зарядно', roles: ['charger'], required: true },
    ],
  },
  {
    title: 'Пътуване с MacBook',
    device: 'mac-laptop',
    slots: [
      { title: 'Калъф', roles: ['sleeve'], required: true },
      { title: 'Хъб', roles: ['hub'], required: true },
      { title: 'Зарядно', roles: ['charger'], required: true },
    ],
  },
  {
    title: 'Активен ден',
    device: 'watch',
    slots: [
      { title: 'Каишка', roles: ['band'], required: true },
      { title: 'Слушалки', roles: ['audio'], required: true },
    ],
  },
];

const DEVICE_POOLS = ['mac-laptop', 'mac-desktop', 'iphone', 'ipad', 'watch'];

/** The device pool, or the first non-empty one; the last resort is any pooled simple product. */
const devicePool = (ctx: BuildContext, wanted: string): number[] => {
  for (const key of [wanted, ...DEVICE_POOLS]) {
    const list = ctx.pools.get(`dev:${key}`);
    if (list && list.length > 0) return list;
  }
  for (const list of ctx.pools.values()) if (list.length > 0) return list;
  return [];
};

/** Up to `count` candidates for a slot: those made for the device first, then any of the role. */
const candidates = (
  ctx: BuildContext,
  roles: readonly Role[],
  compat: readonly string[],
  count: number,
  offset: number,
) => {
  const picked: number[] = [];
  const take = (list: readonly number[] | undefined) => {
    if (!list || list.length === 0) return;
    for (let i = 0; i < list.length && picked.length < count; i += 1) {
      const at = list[(offset + i) % list.length]!;
      if (!picked.includes(at)) picked.push(at);
    }
  };
  for (const role of roles) for (const c of compat) take(ctx.pools.get(`${role}|${c}`));
  for (const role of roles) take(ctx.pools.get(role));
  return picked;
};

const compositeStock = (ctx: BuildContext, parts: readonly CatalogProduct[]) => {
  const qty = Math.min(...parts.map((p) => p.stock.qty));
  const key: AvailabilityKey = qty >= 4 ? 'In stock' : qty > 0 ? 'Limited Qty' : 'On request';
  return { ...stockFor(key, ctx.random), qty: Math.max(0, qty) };
};

const WINDOWS: readonly SpecialWindow[] = ['current', 'open', 'past', 'future'];

export const makeBundle = (ctx: BuildContext, index: number): CatalogProduct => {
  const { random } = ctx;
  const template = cycle(BUNDLES, index);
  const round = Math.floor(index / BUNDLES.length);
  const devices = devicePool(ctx, template.device);
  const deviceAt = cycle(devices, round);
  const device = ctx.products[deviceAt]!;
  const compat = ctx.meta[deviceAt]!.compat;
  const batch = Math.floor(round / Math.max(1, devices.length));
  const link = (p: CatalogProduct, isDefault: boolean) => ({
    id: ctx.nextLinkId(),
    sku: p.sku,
    qty: 1,
    is_default: isDefault,
    price: p.price,
    name: p.name,
    image: p.image,
  });
  const options: BundleOption[] = [
    {
      option_id: ctx.nextOptionId(),
      title: 'Устройство',
      required: true,
      type: 'select',
      product_links: [link(device, true)],
    },
  ];
  const parts = [device];
  const used: string[] = [];
  for (const slot of template.slots) {
    const picks = candidates(ctx, slot.roles, compat, 3, round + index);
    if (picks.length === 0) continue;
    used.push(slot.inName ?? slot.title.toLowerCase());
    parts.push(ctx.products[picks[0]!]!);
    options.push({
      option_id: ctx.nextOptionId(),
      title: slot.title,
      required: slot.required,
      type: slot.required ? 'select' : 'checkbox',
      product_links: picks.map((at, i) => link(ctx.products[at]!, i === 0)),
    });
  }
  const defaults = options.map((o) => o.product_links.find((l) => l.is_default) ?? o.product_links[0]!);
  const net = defaults.reduce((sum, l) => sum + l.price * l.qty, 0);
  const window = random.chance(0.7) ? (WINDOWS[random.weighted([60, 10, 15, 15])] as SpecialWindow) : null;
  const special = window
    ? { net: Math.round(net * (0.9 + random.int(0, 5) / 100)), ...specialWindowDates(window, ctx.day, random) }
    : null;
  const name = `Комплект „${template.title}“: ${[device.name, ...used].join(' + ')}${edition(batch)}`;
  const intro = `Комплект „${template.title}“ събира ${device.name} и подбрани аксесоари на по-добра цена, отколкото поотделно.`;
  const product = addProduct(ctx, {
    type: 'bundle',
    prefix: 'KIT',
    name,
    category: 'komplekti',
    brand: 'Apple',
    price: priceFieldsNet(net, special),
    attributes: {},
    description: describe(
      intro,
      ['Изберете аксесоарите, които ви трябват – цената се променя според избора ви.'],
      options.map((o) => [o.title, o.product_links.map((l) => l.name).join(' / ')] as [string, string]),
    ),
    short: intro,
    stock: compositeStock(ctx, parts),
    visibility: pickVisibility(random),
    flags: random.chance(0.25) ? ['bundle', 'special-offers'] : ['bundle'],
    ageDays: random.int(5, 300),
    meta: { kind: 'bundle', role: 'composite', compat, sellable: true },
  });
  product.bundle_options = options;
  return product;
};

export const makeGrouped = (ctx: BuildContext, index: number): CatalogProduct => {
  const { random } = ctx;
  const template = cycle(SETS, index);
  const round = Math.floor(index / SETS.length);
  const devices = devicePool(ctx, template.device);
  const at = cycle(devices, round + 1);
  const device = ctx.products[at]!;
  const compat = ctx.meta[at]!.compat;
  const batch = Math.floor(round / Math.max(1, devices.length));
  const members = [device];
  for (const slot of template.slots) {
    const [pick] = candidates(ctx, slot.roles, compat, 1, round + index);
    if (pick !== undefined && !members.includes(ctx.products[pick]!)) members.push(ctx.products[pick]!);
  }
  const net = members.reduce((sum, p) => sum + p.price, 0);
  const name = `Сет „${template.title}“ с ${device.name}${edition(batch)}`;
  const intro = `Сет „${template.title}“: ${members.map((m) => m.name).join(', ')}. Добавете в количката всички продукти наведнъж или само тези, които ви трябват.`;
  const product = addProduct(ctx, {
    type: 'grouped',
    prefix: 'SET',
    name,
    category: device.category[0]?.slug ?? 'komplekti',
    brand: 'Apple',
    price: priceFieldsNet(net, null),
    attributes: {},
    description: describe(
      intro,
      ['Всеки продукт от сета се купува и отделно, с количество по ваш избор.'],
      members.map((m, i) => [`Продукт ${i + 1}`, m.name] as [string, string]),
    ),
    short: intro,
    stock: compositeStock(ctx, members),
    visibility: pickVisibility(random),
    ageDays: random.int(5, 300),
    meta: { kind: 'set', role: 'composite', compat, sellable: true },
  });
  product.product_links = members.map((m, position) => ({
    link_type: 'associated',
    linked_product_sku: m.sku,
    linked_product_type: m.type_id,
    qty: 1,
    position,
  }));
  return product;
};
