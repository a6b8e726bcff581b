/**
 * The product families the generator draws from: real Apple models with Bulgarian retail prices (leva, VAT
 * included, for the smallest configuration), the accessories a Bulgarian Apple shop sells for them, and software.
 * Pure data; the makers in products*.ts turn it into catalogue products.
 */

import type { DeviceKind } from '../../sync-server/catalog/product-image-svg.ts';

export interface DeviceConfig {
  /** Shown in the name: '10-ядрен CPU, 8-ядрен GPU' or 'Wi‑Fi + Cellular'; '' for none. */
  label: string;
  procesor: string;
  ram?: string;
  /** Shelf price in leva with VAT for the smallest size. */
  leva: number;
}

export interface SizeStep {
  label: string;
  /** Added to the config's price, leva. */
  leva: number;
}

export interface CtoSpec {
  chips: readonly (readonly [string, number])[];
  ram: readonly (readonly [string, number])[];
  ssd: readonly (readonly [string, number])[];
  /** Power adapter choice (laptops). */
  power?: readonly (readonly [string, number])[];
}

export interface DeviceModel {
  key: string;
  /** Sku prefix. */
  code: string;
  name: string;
  /** The `model` attribute's option label. */
  modelLabel: string;
  category: string;
  kind: DeviceKind;
  year: number;
  displey?: string;
  colours: readonly string[];
  sizeAttribute: 'disk' | 'razmer';
  sizes: readonly SizeStep[];
  configs: readonly DeviceConfig[];
  /** Sold with a Bulgarian (БДС) and a US keyboard, as separate products. */
  keyboard?: boolean;
  touchbar?: boolean;
  cto?: CtoSpec;
  isNew?: boolean;
  /** Accessory compatibility keys (COMPAT). */
  compat: readonly string[];
}

const disks = (...steps: (readonly [string, number])[]): SizeStep[] => steps.map(([label, leva]) => ({ label, leva }));
const MAC_LAPTOP_DISKS = disks(['256 GB', 0], ['512 GB', 400], ['1 TB', 800], ['2 TB', 1600]);
const PRO_DISKS = disks(['512 GB', 0], ['1 TB', 400], ['2 TB', 1200], ['4 TB', 2400]);
const MAX_DISKS = disks(['1 TB', 0], ['2 TB', 800], ['4 TB', 2000], ['8 TB', 4400]);
const LAPTOP_POWER = [
  ['30W USB‑C захранващ адаптер', 0],
  ['35W двоен USB‑C захранващ адаптер', 40],
  ['70W USB‑C захранващ адаптер', 40],
] as const;
const PRO_POWER = [
  ['70W USB‑C захранващ адаптер', 0],
  ['96W USB‑C захранващ адаптер', 40],
] as const;

export const DEVICE_MODELS: readonly DeviceModel[] = [
  {
    key: 'mba13-m4',
    code: 'MBA13',
    name: 'MacBook Air 13" M4',
    modelLabel: 'MacBook Air 13" (M4, 2025)',
    category: 'macbook-air',
    kind: 'laptop',
    year: 2025,
    displey: '13"',
    colours: ['sky-blue', 'silver', 'starlight', 'midnight'],
    sizeAttribute: 'disk',
    sizes: MAC_LAPTOP_DISKS,
    configs: [
      { label: '10-ядрен CPU, 8-ядрен GPU', procesor: 'Apple M4', ram: '16 GB', leva: 2199 },
      { label: '10-ядрен CPU, 10-ядрен GPU', procesor: 'Apple M4', ram: '16 GB', leva: 2599 },
      { label: '10-ядрен CPU, 10-ядрен GPU', procesor: 'Apple M4', ram: '24 GB', leva: 2999 },
    ],
    keyboard: true,
    cto: {
      chips: [
        ['Apple M4 с 10-ядрен CPU и 8-ядрен GPU', 0],
        ['Apple M4 с 10-ядрен CPU и 10-ядрен GPU', 200],
      ],
      ram: [
        ['16 GB обединена памет', 0],
        ['24 GB обединена памет', 400],
        ['32 GB обединена памет', 800],
      ],
      ssd: [
        ['256 GB SSD', 0],
        ['512 GB SSD', 400],
        ['1 TB SSD', 800],
        ['2 TB SSD', 1600],
      ],
      power: LAPTOP_POWER,
    },
    compat: ['mba13'],
  },
  {
    key: 'mba15-m4',
    code: 'MBA15',
    name: 'MacBook Air 15" M4',
    modelLabel: 'MacBook Air 15" (M4, 2025)',
    category: 'macbook-air',
    kind: 'laptop',
    year: 2025,
    displey: '15"',
    colours: ['sky-blue', 'silver', 'starlight', 'midnight'],
    sizeAttribute: 'disk',
    sizes: MAC_LAPTOP_DISKS,
    configs: [
      { label: '10-ядрен CPU, 10-ядрен GPU', procesor: 'Apple M4', ram: '16 GB', leva: 2799 },
      { label: '10-ядрен CPU, 10-ядрен GPU', procesor: 'Apple M4', ram: '24 GB', leva: 3199 },
    ],
    keyboard: true,
    cto: {
      chips: [['Apple M4 с 10-ядрен CPU и 10-ядрен GPU', 0]],
      ram: [
        ['16 GB обединена памет', 0],
        ['24 GB обединена памет', 400],
        ['32 GB обединена памет', 800],
      ],
      ssd: [
        ['256 GB SSD', 0],
        ['512 GB SSD', 400],
        ['1 TB SSD', 800],
        ['2 TB SSD', 1600],
      ],
      power: LAPTOP_POWER,
    },
    compat: ['mba15'],
  },
  {
    key: 'mba13-m3',
    code: 'MBA13M3',
    name: 'MacBook Air 13" M3',
    modelLabel: 'MacBook Air 13" (M3, 2024)',
    category: 'macbook-air',
    kind: 'laptop',
    year: 2024,
    displey: '13"',
    colours: ['midnight', 'starlight', 'silver', 'space-gray'],
    sizeAttribute: 'disk',
    sizes: disks(['256 GB', 0], ['512 GB', 400]),
    configs: [{ label: '8-ядрен CPU, 8-ядрен GPU', procesor: 'Apple M3', ram: '16 GB', leva: 1899 }],
    keyboard: true,
    compat: ['mba13'],
  },
  {
    key: 'mbp14-m5',
    code: 'MBP14',
    name: 'MacBook Pro 14" M5',
    modelLabel: 'MacBook Pro 14" (M5, 2025)',
    category: 'macbook-pro',
    kind: 'laptop',
    year: 2025,
    displey: '14"',
    colours: ['space-black', 'silver'],
    sizeAttribute: 'disk',
    sizes: PRO_DISKS,
    configs: [
      { label: '10-ядрен CPU, 10-ядрен GPU', procesor: 'Apple M5', ram: '16 GB', leva: 3399 },
      { label: '10-ядрен CPU, 10-ядрен GPU', procesor: 'Apple M5', ram: '24 GB', leva: 3799 },
    ],
    keyboard: true,
    touchbar: false,
    isNew: true,
    cto: {
      chips: [['Apple M5 с 10-ядрен CPU и 10-ядрен GPU', 0]],
      ram: [
        ['16 GB обединена памет', 0],
        ['24 GB обединена памет', 400],
        ['32 GB обединена памет', 800],
      ],
      ssd: [
        ['512 GB SSD', 0],
        ['1 TB SSD', 400],
        ['2 TB SSD', 1200],
        ['4 TB SSD', 2400],
      ],
      power: PRO_POWER,
    },
    compat: ['mbp14'],
  },
  {
    key: 'mbp14-m4pro',
    code: 'MBP14P',
    name: 'MacBook Pro 14" M4 Pro',
    modelLabel: 'MacBook Pro 14" (M4 Pro, 2024)',
    category: 'macbook-pro',
    kind: 'laptop',
    year: 2024,
    displey: '14"',
    colours: ['space-black', 'silver'],
    sizeAttribute: 'disk',
    sizes: PRO_DISKS,
    configs: [
      { label: '12-ядрен CPU, 16-ядрен GPU', procesor: 'Apple M4 Pro', ram: '24 GB', leva: 4599 },
      { label: '14-ядрен CPU, 20-ядрен GPU', procesor: 'Apple M4 Pro', ram: '24 GB', leva: 5399 },
      { label: '14-ядрен CPU, 20-ядрен GPU', procesor: 'Apple M4 Pro', ram: '48 GB', leva: 6199 },
    ],
    keyboard: true,
    touchbar: false,
    cto: {
      chips: [
        ['Apple M4 Pro с 12-ядрен CPU и 16-ядрен GPU', 0],
        ['Apple M4 Pro с 14-ядрен CPU и 20-ядрен GPU', 600],
      ],
      ram: [
        ['24 GB обединена памет', 0],
        ['48 GB обединена памет', 800],
      ],
      ssd: [
        ['512 GB SSD', 0],
        ['1 TB SSD', 400],
        ['2 TB SSD', 1200],
        ['4 TB SSD', 2400],
      ],
      power: PRO_POWER,
    },
    compat: ['mbp14'],
  },
  {
    key: 'mbp14-m4max',
    code: 'MBP14X',
    name: 'MacBook Pro 14" M4 Max',
    modelLabel: 'MacBook Pro 14" (M4 Max, 2024)',
    category: 'macbook-pro',
    kind: 'laptop',
    year: 2024,
    displey: '14"',
    colours: ['space-black', 'silver'],
    sizeAttribute: 'disk',
    sizes: MAX_DISKS,
    configs: [
      { label: '14-ядрен CPU, 32-ядрен GPU', procesor: 'Apple M4 Max', ram: '36 GB', leva: 7399 },
      { label: '16-ядрен CPU, 40-ядрен GPU', procesor: 'Apple M4 Max', ram: '48 GB', leva: 8999 },
    ],
    keyboard: true,
    touchbar: false,
    cto: {
      chips: [
        ['Apple M4 Max с 14-ядрен CPU и 32-ядрен GPU', 0],
        ['Apple M4 Max с 16-ядрен CPU и 40-ядрен GPU', 1200],
      ],
      ram: [
        ['36 GB обединена памет', 0],
        ['48 GB обединена памет', 400],
        ['64 GB обединена памет', 800],
        ['128 GB обединена памет', 2400],
      ],
      ssd: [
        ['1 TB SSD', 0],
        ['2 TB SSD', 800],
        ['4 TB SSD', 2000],
        ['8 TB SSD', 4400],
      ],
    },
    compat: ['mbp14'],
  },
  {
    key: 'mbp16-m4pro',
    code: 'MBP16P',
    name: 'MacBook Pro 16" M4 Pro',
    modelLabel: 'MacBook Pro 16" (M4 Pro, 2024)',
    category: 'macbook-pro',
    kind: 'laptop',
    year: 2024,
    displey: '16"',
    colours: ['space-black', 'silver'],
    sizeAttribute: 'disk',
    sizes: PRO_DISKS,
    configs: [
      { label: '14-ядрен CPU, 20-ядрен GPU', procesor: 'Apple M4 Pro', ram: '24 GB', leva: 5699 },
      { label: '14-ядрен CPU, 20-ядрен GPU', procesor: 'Apple M4 Pro', ram: '48 GB', leva: 6499 },
    ],
    keyboard: true,
    touchbar: false,
    cto: {
      chips: [['Apple M4 Pro с 14-ядрен CPU и 20-ядрен GPU', 0]],
      ram: [
        ['24 GB обединена памет', 0],
        ['48 GB обединена памет', 800],
      ],
      ssd: [
        ['512 GB SSD', 0],
        ['1 TB SSD', 400],
        ['2 TB SSD', 1200],
        ['4 TB SSD', 2400],
      ],
    },
    compat: ['mbp16'],
  },
  {
    key: 'mbp16-m4max',
    code: 'MBP16X',
    name: 'MacBook Pro 16" M4 Max',
    modelLabel: 'MacBook Pro 16" (M4 Max, 2024)',
    category: 'macbook-pro',
    kind: 'laptop',
    year: 2024,
    displey: '16"',
    colours: ['space-black', 'silver'],
    sizeAttribute: 'disk',
    sizes: MAX_DISKS,
    configs: [
      { label: '14-ядрен CPU, 32-ядрен GPU', procesor: 'Apple M4 Max', ram: '36 GB', leva: 8199 },
      { label: '16-ядрен CPU, 40-ядрен GPU', procesor: 'Apple M4 Max', ram: '48 GB', leva: 9199 },
      { label: '16-ядрен CPU, 40-ядрен GPU', procesor: 'Apple M4 Max', ram: '64 GB', leva: 9999 },
      { label: '16-ядрен CPU, 40-ядрен GPU', procesor: 'Apple M4 Max', ram: '128 GB', leva: 11999 },
    ],
    keyboard: true,
    touchbar: false,
    cto: {
      chips: [
        ['Apple M4 Max с 14-ядрен CPU и 32-ядрен GPU', 0],
        ['Apple M4 Max с 16-ядрен CPU и 40-ядрен GPU', 1000],
      ],
      ram: [
        ['36 GB обединена памет', 0],
        ['48 GB обединена памет', 400],
        ['64 GB обединена памет', 1200],
        ['128 GB обединена памет', 2800],
      ],
      ssd: [
        ['1 TB SSD', 0],
        ['2 TB SSD', 800],
        ['4 TB SSD', 2000],
        ['8 TB SSD', 4400],
      ],
    },
    compat: ['mbp16'],
  },
  {
    key: 'imac24-m4',
    code: 'IMAC24',
    name: 'iMac 24" M4',
    modelLabel: 'iMac 24" (M4, 2024)',
    category: 'imac',
    kind: 'imac',
    year: 2024,
    displey: '24"',
    colours: ['blue', 'purple', 'pink', 'orange', 'yellow', 'green', 'silver'],
    sizeAttribute: 'disk',
    sizes: MAC_LAPTOP_DISKS,
    configs: [
      { label: '8-ядрен CPU, 8-ядрен GPU', procesor: 'Apple M4', ram: '16 GB', leva: 2799 },
      { label: '10-ядрен CPU, 10-ядрен GPU', procesor: 'Apple M4', ram: '16 GB', leva: 3199 },
      { label: '10-ядрен CPU, 10-ядрен GPU', procesor: 'Apple M4', ram: '24 GB', leva: 3599 },
    ],
    keyboard: true,
    cto: {
      chips: [
        ['Apple M4 с 8-ядрен CPU и 8-ядрен GPU', 0],
        ['Apple M4 с 10-ядрен CPU и 10-ядрен GPU', 400],
      ],
      ram: [
        ['16 GB обединена памет', 0],
        ['24 GB обединена памет', 400],
        ['32 GB обединена памет', 800],
      ],
      ssd: [
        ['256 GB SSD', 0],
        ['512 GB SSD', 400],
        ['1 TB SSD', 800],
        ['2 TB SSD', 1600],
      ],
    },
    compat: ['imac'],
  },
  {
    key: 'macmini-m4',
    code: 'MMINI',
    name: 'Mac mini',
    modelLabel: 'Mac mini (M4, 2024)',
    category: 'mac-mini',
    kind: 'mini',
    year: 2024,
    colours: ['silver'],
    sizeAttribute: 'disk',
    sizes: MAC_LAPTOP_DISKS,
    configs: [
      { label: 'M4, 10-ядрен CPU, 10-ядрен GPU', procesor: 'Apple M4', ram: '16 GB', leva: 1199 },
      { label: 'M4, 10-ядрен CPU, 10-ядрен GPU', procesor: 'Apple M4', ram: '24 GB', leva: 1599 },
      { label: 'M4 Pro, 12-ядрен CPU, 16-ядрен GPU', procesor: 'Apple M4 Pro', ram: '24 GB', leva: 2799 },
      { label: 'M4 Pro, 14-ядрен CPU, 20-ядрен GPU', procesor: 'Apple M4 Pro', ram: '48 GB', leva: 3999 },
    ],
    cto: {
      chips: [
        ['Apple M4 с 10-ядрен CPU и 10-ядрен GPU', 0],
        ['Apple M4 Pro с 12-ядрен CPU и 16-ядрен GPU', 1200],
        ['Apple M4 Pro с 14-ядрен CPU и 20-ядрен GPU', 1800],
      ],
      ram: [
        ['16 GB обединена памет', 0],
        ['24 GB обединена памет', 400],
        ['32 GB обединена памет', 800],
        ['64 GB обединена памет', 2000],
      ],
      ssd: [
        ['256 GB SSD', 0],
        ['512 GB SSD', 400],
        ['1 TB SSD', 800],
        ['2 TB SSD', 1600],
      ],
    },
    compat: ['mac-mini'],
  },
  {
    key: 'macstudio-2025',
    code: 'MSTUDIO',
    name: 'Mac Studio',
    modelLabel: 'Mac Studio (2025)',
    category: 'mac-studio',
    kind: 'studio',
    year: 2025,
    colours: ['silver'],
    sizeAttribute: 'disk',
    sizes: disks(['512 GB', 0], ['1 TB', 400], ['2 TB', 1200], ['4 TB', 2400], ['8 TB', 4800]),
    configs: [
      { label: 'M4 Max, 14-ядрен CPU, 32-ядрен GPU', procesor: 'Apple M4 Max', ram: '36 GB', leva: 4399 },
      { label: 'M4 Max, 16-ядрен CPU, 40-ядрен GPU', procesor: 'Apple M4 Max', ram: '64 GB', leva: 5599 },
      { label: 'M3 Ultra, 28-ядрен CPU, 60-ядрен GPU', procesor: 'Apple M3 Ultra', ram: '96 GB', leva: 8799 },
    ],
    cto: {
      chips: [
        ['Apple M4 Max с 14-ядрен CPU и 32-ядрен GPU', 0],
        ['Apple M4 Max с 16-ядрен CPU и 40-ядрен GPU', 800],
        ['Apple M3 Ultra с 28-ядрен CPU и 60-ядрен GPU', 4000],
      ],
      ram: [
        ['36 GB обединена памет', 0],
        ['64 GB обединена памет', 800],
        ['128 GB обединена памет', 2400],
      ],
      ssd: [
        ['512 GB SSD', 0],
        ['1 TB SSD', 400],
        ['2 TB SSD', 1200],
        ['4 TB SSD', 2400],
        ['8 TB SSD', 4800],
      ],
    },
    compat: ['mac-studio'],
  },
  {
    key: 'macpro-m2u',
    code: 'MPRO',
    name: 'Mac Pro M2 Ultra',
    modelLabel: 'Mac Pro (M2 Ultra, 2023)',
    category: 'mac-pro',
    kind: 'tower',
    year: 2023,
    colours: ['silver'],
    sizeAttribute: 'disk',
    sizes: MAX_DISKS,
    configs: [
      { label: '24-ядрен CPU, 60-ядрен GPU', procesor: 'Apple M2 Ultra', ram: '64 GB', leva: 15999 },
      { label: '24-ядрен CPU, 76-ядрен GPU', procesor: 'Apple M2 Ultra', ram: '192 GB', leva: 23999 },
    ],
    cto: {
      chips: [
        ['Apple M2 Ultra с 24-ядрен CPU и 60-ядрен GPU', 0],
        ['Apple M2 Ultra с 24-ядрен CPU и 76-ядрен GPU', 2000],
      ],
      ram: [
        ['64 GB обединена памет', 0],
        ['128 GB обединена памет', 1600],
        ['192 GB обединена памет', 3200],
      ],
      ssd: [
        ['1 TB SSD', 0],
        ['2 TB SSD', 800],
        ['4 TB SSD', 2000],
        ['8 TB SSD', 4400],
      ],
    },
    compat: ['mac-pro'],
  },
  tablet('ipad-a16', 'IPAD11', 'iPad 11" (A16)', 'iPad (A16, 2025)', 'ipad', '11"', 2025, 'A16', 699, 350, {
    colours: ['blue', 'pink', 'yellow', 'silver'],
    sizes: disks(['128 GB', 0], ['256 GB', 200], ['512 GB', 600]),
    compat: ['ipad-11'],
  }),
  tablet(
    'ipadmini-a17',
    'IPADMINI',
    'iPad mini (A17 Pro)',
    'iPad mini (A17 Pro, 2024)',
    'ipad-mini',
    '8,3"',
    2024,
    'A17 Pro',
    1099,
    350,
    {
      colours: ['space-gray', 'blue', 'purple', 'starlight'],
      sizes: disks(['128 GB', 0], ['256 GB', 200], ['512 GB', 600]),
      compat: ['ipad-mini'],
    },
  ),
  tablet(
    'ipadair11-m3',
    'IPADA11',
    'iPad Air 11" M3',
    'iPad Air 11" (M3, 2025)',
    'ipad-air',
    '11"',
    2025,
    'Apple M3',
    1299,
    350,
    {
      colours: ['space-gray', 'blue', 'purple', 'starlight'],
      sizes: disks(['128 GB', 0], ['256 GB', 250], ['512 GB', 700], ['1 TB', 1150]),
      compat: ['ipad-air-11'],
    },
  ),
  tablet(
    'ipadair13-m3',
    'IPADA13',
    'iPad Air 13" M3',
    'iPad Air 13" (M3, 2025)',
    'ipad-air',
    '13"',
    2025,
    'Apple M3',
    1699,
    350,
    {
      colours: ['space-gray', 'blue', 'purple', 'starlight'],
      sizes: disks(['128 GB', 0], ['256 GB', 250], ['512 GB', 700], ['1 TB', 1150]),
      compat: ['ipad-air-13'],
    },
  ),
  tablet(
    'ipadpro11-m5',
    'IPADP11',
    'iPad Pro 11" M5',
    'iPad Pro 11" (M5, 2025)',
    'ipad-pro',
    '11"',
    2025,
    'Apple M5',
    2199,
    450,
    {
      colours: ['space-black', 'silver'],
      sizes: disks(['256 GB', 0], ['512 GB', 450], ['1 TB', 1350], ['2 TB', 2250]),
      compat: ['ipad-pro-11'],
      isNew: true,
    },
  ),
  tablet(
    'ipadpro13-m5',
    'IPADP13',
    'iPad Pro 13" M5',
    'iPad Pro 13" (M5, 2025)',
    'ipad-pro',
    '13"',
    2025,
    'Apple M5',
    2899,
    450,
    {
      colours: ['space-black', 'silver'],
      sizes: disks(['256 GB', 0], ['512 GB', 450], ['1 TB', 1350], ['2 TB', 2250]),
      compat: ['ipad-pro-13'],
      isNew: true,
    },
  ),
  phone('iphone17promax', 'IP17PM', 'iPhone 17 Pro Max', '6,9"', 2025, 'A19 Pro', 2799, {
    colours: ['cosmic-orange', 'deep-blue', 'silver'],
    sizes: disks(['256 GB', 0], ['512 GB', 500], ['1 TB', 1000], ['2 TB', 2000]),
    isNew: true,
  }),
  phone('iphone17pro', 'IP17P', 'iPhone 17 Pro', '6,3"', 2025, 'A19 Pro', 2549, {
    colours: ['cosmic-orange', 'deep-blue', 'silver'],
    sizes: disks(['256 GB', 0], ['512 GB', 500], ['1 TB', 1000]),
    isNew: true,
  }),
  phone('iphoneair', 'IPAIR', 'iPhone Air', '6,5"', 2025, 'A19 Pro', 2399, {
    colours: ['space-black', 'cloud-white', 'light-gold', 'sky-blue'],
    sizes: disks(['256 GB', 0], ['512 GB', 500], ['1 TB', 1000]),
    isNew: true,
  }),
  phone('iphone17', 'IP17', 'iPhone 17', '6,3"', 2025, 'A19', 1799, {
    colours: ['black', 'white', 'mist-blue', 'sage', 'lavender'],
    sizes: disks(['256 GB', 0], ['512 GB', 500]),
    isNew: true,
  }),
  phone('iphone16e', 'IP16E', 'iPhone 16e', '6,1"', 2025, 'A18', 1199, {
    colours: ['black', 'white'],
    sizes: disks(['128 GB', 0], ['256 GB', 250], ['512 GB', 750]),
  }),
  phone('iphone16', 'IP16', 'iPhone 16', '6,1"', 2024, 'A18', 1599, {
    colours: ['black', 'white', 'pink', 'teal', 'ultramarine'],
    sizes: disks(['128 GB', 0], ['256 GB', 250], ['512 GB', 750]),
  }),
  phone('iphone16plus', 'IP16PL', 'iPhone 16 Plus', '6,7"', 2024, 'A18', 1799, {
    colours: ['black', 'white', 'pink', 'teal', 'ultramarine'],
    sizes: disks(['128 GB', 0], ['256 GB', 250], ['512 GB', 750]),
  }),
  phone('iphone15', 'IP15', 'iPhone 15', '6,1"', 2023, 'A16 Bionic', 1399, {
    colours: ['black', 'blue', 'green', 'yellow', 'pink'],
    sizes: disks(['128 GB', 0], ['256 GB', 250], ['512 GB', 750]),
  }),
  watch('watch-s11', 'AWS11', 'Apple Watch Series 11', 'Apple Watch Series 11 (2025)', 2025, {
    colours: ['jet-black', 'rose-gold', 'silver', 'space-gray'],
    sizes: disks(['42 мм', 0], ['46 мм', 60]),
    configs: [
      { label: 'GPS', procesor: '', leva: 849 },
      { label: 'GPS + Cellular', procesor: '', leva: 1099 },
    ],
    compat: ['watch-42', 'watch-46'],
    isNew: true,
  }),
  watch('watch-se3', 'AWSE3', 'Apple Watch SE 3', 'Apple Watch SE 3 (2025)', 2025, {
    colours: ['midnight', 'starlight'],
    sizes: disks(['40 мм', 0], ['44 мм', 60]),
    configs: [
      { label: 'GPS', procesor: '', leva: 549 },
      { label: 'GPS + Cellular', procesor: '', leva: 749 },
    ],
    compat: ['watch-40', 'watch-44'],
  }),
  watch('watch-ultra3', 'AWU3', 'Apple Watch Ultra 3', 'Apple Watch Ultra 3 (2025)', 2025, {
    colours: ['natural-titanium', 'black-titanium'],
    sizes: disks(['49 мм', 0]),
    configs: [{ label: 'GPS + Cellular', procesor: '', leva: 1699 }],
    compat: ['watch-49'],
    isNew: true,
  }),
];

/** Discontinued models: the generator's EOL (`is_old`) products, and outlet stock of them. */
export const EOL_MODELS: readonly DeviceModel[] = [
  {
    key: 'mbp13-2020',
    code: 'MBP13TB',
    name: 'MacBook Pro 13" с Touch Bar (2020)',
    modelLabel: 'MacBook Pro 13" (Intel, 2020)',
    category: 'macbook-pro',
    kind: 'laptop',
    year: 2020,
    displey: '13"',
    colours: ['space-gray', 'silver'],
    sizeAttribute: 'disk',
    sizes: disks(['512 GB', 0], ['1 TB', 400]),
    configs: [{ label: '4-ядрен Intel Core i5', procesor: 'Intel Core i5', ram: '16 GB', leva: 3699 }],
    keyboard: true,
    touchbar: true,
    compat: ['mbp13'],
  },
  {
    key: 'mbp16-2019',
    code: 'MBP16TB',
    name: 'MacBook Pro 16" с Touch Bar (2019)',
    modelLabel: 'MacBook Pro 16" (Intel, 2019)',
    category: 'macbook-pro',
    kind: 'laptop',
    year: 2019,
    displey: '16"',
    colours: ['space-gray', 'silver'],
    sizeAttribute: 'disk',
    sizes: disks(['512 GB', 0], ['1 TB', 400]),
    configs: [
      { label: '6-ядрен Intel Core i7', procesor: 'Intel Core i7', ram: '16 GB', leva: 4999 },
      { label: '8-ядрен Intel Core i9', procesor: 'Intel Core i9', ram: '32 GB', leva: 5999 },
    ],
    keyboard: true,
    touchbar: true,
    compat: ['mbp16'],
  },
  {
    key: 'mbp13-m2',
    code: 'MBP13M2',
    name: 'MacBook Pro 13" M2 с Touch Bar',
    modelLabel: 'MacBook Pro 13" (M2, 2022)',
    category: 'macbook-pro',
    kind: 'laptop',
    year: 2022,
    displey: '13"',
    colours: ['space-gray', 'silver'],
    sizeAttribute: 'disk',
    sizes: disks(['256 GB', 0], ['512 GB', 400]),
    configs: [{ label: '8-ядрен CPU, 10-ядрен GPU', procesor: 'Apple M2', ram: '8 GB', leva: 2799 }],
    keyboard: true,
    touchbar: true,
    compat: ['mbp13'],
  },
  {
    key: 'mba13-m1',
    code: 'MBA13M1',
    name: 'MacBook Air 13" M1',
    modelLabel: 'MacBook Air 13" (M1, 2020)',
    category: 'macbook-air',
    kind: 'laptop',
    year: 2020,
    displey: '13"',
    colours: ['space-gray', 'silver', 'gold'],
    sizeAttribute: 'disk',
    sizes: disks(['256 GB', 0], ['512 GB', 400]),
    configs: [{ label: '8-ядрен CPU, 7-ядрен GPU', procesor: 'Apple M1', ram: '8 GB', leva: 1999 }],
    keyboard: true,
    compat: ['mba13'],
  },
  {
    key: 'imacpro-2017',
    code: 'IMACPRO',
    name: 'iMac Pro 27" (2017)',
    modelLabel: 'iMac Pro 27" (Intel Xeon W, 2017)',
    category: 'imac-pro',
    kind: 'imac',
    year: 2017,
    displey: '27"',
    colours: ['space-gray'],
    sizeAttribute: 'disk',
    sizes: disks(['1 TB', 0], ['2 TB', 1600]),
    configs: [
      { label: '8-ядрен Intel Xeon W', procesor: 'Intel Xeon W', ram: '32 GB', leva: 10999 },
      { label: '10-ядрен Intel Xeon W', procesor: 'Intel Xeon W', ram: '64 GB', leva: 13999 },
    ],
    keyboard: true,
    compat: ['imac'],
  },
  {
    key: 'imac27-2020',
    code: 'IMAC27',
    name: 'iMac 27" 5K (2020)',
    modelLabel: 'iMac 27" 5K (Intel, 2020)',
    category: 'imac',
    kind: 'imac',
    year: 2020,
    displey: '27"',
    colours: ['silver'],
    sizeAttribute: 'disk',
    sizes: disks(['512 GB', 0], ['1 TB', 500]),
    configs: [{ label: '8-ядрен Intel Core i7', procesor: 'Intel Core i7', ram: '16 GB', leva: 5199 }],
    keyboard: true,
    compat: ['imac'],
  },
  phone('iphone16pro', 'IP16P', 'iPhone 16 Pro', '6,3"', 2024, 'A18 Pro', 2399, {
    colours: ['natural-titanium', 'black-titanium', 'white', 'gold'],
    sizes: disks(['128 GB', 0], ['256 GB', 250], ['512 GB', 750], ['1 TB', 1250]),
  }),
  phone('iphone16promax', 'IP16PM', 'iPhone 16 Pro Max', '6,9"', 2024, 'A18 Pro', 2799, {
    colours: ['natural-titanium', 'black-titanium', 'white', 'gold'],
    sizes: disks(['256 GB', 0], ['512 GB', 500], ['1 TB', 1000]),
  }),
  phone('iphone15pro', 'IP15P', 'iPhone 15 Pro', '6,1"', 2023, 'A17 Pro', 2399, {
    colours: ['natural-titanium', 'black-titanium', 'blue', 'white'],
    sizes: disks(['128 GB', 0], ['256 GB', 250], ['512 GB', 750]),
  }),
  phone('iphone14pro', 'IP14P', 'iPhone 14 Pro', '6,1"', 2022, 'A16 Bionic', 2299, {
    colours: ['space-black', 'silver', 'gold', 'purple'],
    sizes: disks(['128 GB', 0], ['256 GB', 250], ['512 GB', 750]),
  }),
  phone('iphone13mini', 'IP13MINI', 'iPhone 13 mini', '5,4"', 2021, 'A15 Bionic', 1499, {
    colours: ['midnight', 'starlight', 'pink', 'blue', 'red'],
    sizes: disks(['128 GB', 0], ['256 GB', 250]),
  }),
  phone('iphone12', 'IP12', 'iPhone 12', '6,1"', 2020, 'A14 Bionic', 1599, {
    colours: ['black', 'white', 'blue', 'green', 'red'],
    sizes: disks(['64 GB', 0], ['128 GB', 100], ['256 GB', 300]),
  }),
  tablet(
    'ipad9',
    'IPAD9',
    'iPad 10,2" (9. поколение)',
    'iPad 10,2" (9. поколение, 2021)',
    'ipad',
    '10,2"',
    2021,
    'A13 Bionic',
    699,
    300,
    {
      colours: ['space-gray', 'silver'],
      sizes: disks(['64 GB', 0], ['256 GB', 300]),
      compat: ['ipad-10'],
    },
  ),
  tablet(
    'ipadpro129-m2',
    'IPADP129',
    'iPad Pro 12,9" M2',
    'iPad Pro 12,9" (M2, 2022)',
    'ipad-pro',
    '12,9"',
    2022,
    'Apple M2',
    2699,
    400,
    {
      colours: ['space-gray', 'silver'],
      sizes: disks(['128 GB', 0], ['256 GB', 200], ['512 GB', 600], ['1 TB', 1400]),
      compat: ['ipad-pro-13'],
    },
  ),
  watch('watch-s9', 'AWS9', 'Apple Watch Series 9', 'Apple Watch Series 9 (2023)', 2023, {
    colours: ['midnight', 'starlight', 'silver', 'pink', 'red'],
    sizes: disks(['41 мм', 0], ['45 мм', 60]),
    configs: [{ label: 'GPS', procesor: '', leva: 849 }],
    compat: ['watch-42', 'watch-46'],
  }),
  watch('watch-ultra2', 'AWU2', 'Apple Watch Ultra 2', 'Apple Watch Ultra 2 (2024)', 2024, {
    colours: ['natural-titanium', 'black-titanium'],
    sizes: disks(['49 мм', 0]),
    configs: [{ label: 'GPS + Cellular', procesor: '', leva: 1699 }],
    compat: ['watch-49'],
  }),
  {
    key: 'ipodtouch7',
    code: 'IPOD7',
    name: 'iPod touch (7. поколение)',
    modelLabel: 'iPod touch (7. поколение, 2019)',
    category: 'ipod-touch',
    kind: 'ipod',
    year: 2019,
    displey: '4"',
    colours: ['space-gray', 'silver', 'gold', 'pink', 'blue', 'red'],
    sizeAttribute: 'disk',
    sizes: disks(['32 GB', 0], ['128 GB', 200], ['256 GB', 400]),
    configs: [{ label: '', procesor: 'A10 Fusion', leva: 499 }],
    compat: ['ipod'],
  },
];

export const ALL_DEVICE_MODELS: readonly DeviceModel[] = [...DEVICE_MODELS, ...EOL_MODELS];

function tablet(
  key: string,
  code: string,
  name: string,
  modelLabel: string,
  category: string,
  displey: string,
  year: number,
  procesor: string,
  leva: number,
  cellular: number,
  rest: { colours: string[]; sizes: SizeStep[]; compat: string[]; isNew?: boolean },
): DeviceModel {
  return {
    key,
    code,
    name,
    modelLabel,
    category,
    kind: 'tablet',
    year,
    displey,
    sizeAttribute: 'disk',
    configs: [
      { label: 'Wi‑Fi', procesor, leva },
      { label: 'Wi‑Fi + Cellular', procesor, leva: leva + cellular },
    ],
    ...rest,
  };
}

function phone(
  key: string,
  code: string,
  name: string,
  displey: string,
  year: number,
  procesor: string,
  leva: number,
  rest: { colours: string[]; sizes: SizeStep[]; isNew?: boolean },
): DeviceModel {
  return {
    key,
    code,
    name,
    modelLabel: `${name} (${year})`,
    category: 'iphone',
    kind: 'phone',
    year,
    displey,
    sizeAttribute: 'disk',
    configs: [{ label: '', procesor, leva }],
    compat: [key.replace(/^iphone/, 'iphone-')],
    ...rest,
  };
}

function watch(
  key: string,
  code: string,
  name: string,
  modelLabel: string,
  year: number,
  rest: { colours: string[]; sizes: SizeStep[]; configs: DeviceConfig[]; compat: string[]; isNew?: boolean },
): DeviceModel {
  return {
    key,
    code,
    name,
    modelLabel,
    category: 'apple-watch',
    kind: 'watch',
    year,
    sizeAttribute: 'razmer',
    ...rest,
  };
}

/** Accessory compatibility: key -> the device as named in "Калъф за …". */
export const COMPAT_NAMES: Readonly<Record<string, string>> = {
  'iphone-17promax': 'iPhone 17 Pro Max',
  'iphone-17pro': 'iPhone 17 Pro',
  'iphone-air': 'iPhone Air',
  'iphone-17': 'iPhone 17',
  'iphone-16e': 'iPhone 16e',
  'iphone-16promax': 'iPhone 16 Pro Max',
  'iphone-16pro': 'iPhone 16 Pro',
  'iphone-16plus': 'iPhone 16 Plus',
  'iphone-16': 'iPhone 16',
  'iphone-15promax': 'iPhone 15 Pro Max',
  'iphone-15pro': 'iPhone 15 Pro',
  'iphone-15plus': 'iPhone 15 Plus',
  'iphone-15': 'iPhone 15',
  'iphone-14': 'iPhone 14',
  'iphone-14plus': 'iPhone 14 Plus',
  'iphone-13': 'iPhone 13',
  'watch-40': 'Apple Watch 40 мм',
  'watch-42': 'Apple Watch 42 мм',
  'watch-44': 'Apple Watch 44 мм',
  'watch-46': 'Apple Watch 46 мм',
  'watch-49': 'Apple Watch Ultra 49 мм',
  'ipad-11': 'iPad 11" (A16)',
  'ipad-mini': 'iPad mini (A17 Pro)',
  'ipad-air-11': 'iPad Air 11" (M3)',
  'ipad-air-13': 'iPad Air 13" (M3)',
  'ipad-pro-11': 'iPad Pro 11" (M5)',
  'ipad-pro-13': 'iPad Pro 13" (M5)',
  mba13: 'MacBook Air 13"',
  mba15: 'MacBook Air 15"',
  mbp14: 'MacBook Pro 14"',
  mbp16: 'MacBook Pro 16"',
  'airpods-4': 'AirPods 4',
  'airpods-pro-3': 'AirPods Pro 3',
  'airpods-pro-2': 'AirPods Pro 2',
};

const IPHONES = Object.keys(COMPAT_NAMES).filter((k) => k.startsWith('iphone-'));
const IPADS = ['ipad-11', 'ipad-mini', 'ipad-air-11', 'ipad-air-13', 'ipad-pro-11', 'ipad-pro-13'];
const MACBOOKS = ['mba13', 'mba15', 'mbp14', 'mbp16'];
const AIRPODS = ['airpods-4', 'airpods-pro-3', 'airpods-pro-2'];

/** The part a product plays in bundles and grouped sets. */
export type Role =
  | 'case-iphone'
  | 'protector'
  | 'band'
  | 'ipad-case'
  | 'ipad-keyboard'
  | 'sleeve'
  | 'hub'
  | 'charger'
  | 'cable'
  | 'watch-charger'
  | 'ssd'
  | 'egpu'
  | 'keyboard'
  | 'mouse'
  | 'pencil'
  | 'display'
  | 'audio'
  | 'tv'
  | 'tag'
  | 'other';

export interface Variant {
  label: string;
  leva?: number;
  disk?: string;
  klaviatura?: string;
}

/** A simple product line: crossed with its compatible devices, colours and variants into products. */
export interface SimpleTemplate {
  key: string;
  /** What it is, in Bulgarian: 'Силиконов калъф с MagSafe'. */
  generic: string;
  brand: string;
  /** The brand's line name ('Ultra Hybrid MagFit'); absent for Apple's own, named by `generic`. */
  line?: string;
  category: string;
  kind: DeviceKind;
  role: Role;
  leva: number;
  compat?: readonly string[];
  colours?: readonly string[];
  variants?: readonly Variant[];
  /** A headline device (AirPods, HomePod, Studio Display): listed first and never multiplied by brand. */
  device?: boolean;
  displey?: string;
  procesor?: string;
  isNew?: boolean;
}

const KB_VARIANTS: Variant[] = [
  { label: 'БДС клавиатура', klaviatura: 'Кирилизирана (БДС)' },
  { label: 'US клавиатура', klaviatura: 'US English' },
];
const ssd = (...caps: (readonly [string, number])[]): Variant[] =>
  caps.map(([disk, leva]) => ({ label: disk, disk, leva }));

// prettier-ignore
export const DEVICE_TEMPLATES: readonly SimpleTemplate[] = [
  { key: 'airpods4', generic: 'AirPods 4', brand: 'Apple', category: 'airpods', kind: 'earbuds', role: 'audio', leva: 299, device: true },
  { key: 'airpods4anc', generic: 'AirPods 4 с активно шумопотискане', brand: 'Apple', category: 'airpods', kind: 'earbuds', role: 'audio', leva: 399, device: true },
  { key: 'airpodspro3', generic: 'AirPods Pro 3', brand: 'Apple', category: 'airpods', kind: 'earbuds', role: 'audio', leva: 479, device: true, isNew: true },
  { key: 'airpodsmax', generic: 'AirPods Max (USB‑C)', brand: 'Apple', category: 'airpods', kind: 'headphones', role: 'audio', leva: 1099, device: true, colours: ['midnight', 'starlight', 'blue', 'purple', 'orange'] },
  { key: 'homepod', generic: 'HomePod (2. поколение)', brand: 'Apple', category: 'homepod', kind: 'speaker', role: 'audio', leva: 649, device: true, colours: ['white', 'midnight'] },
  { key: 'homepodmini', generic: 'HomePod mini', brand: 'Apple', category: 'homepod', kind: 'speaker', role: 'audio', leva: 199, device: true, colours: ['white', 'midnight', 'yellow', 'orange', 'blue'] },
  { key: 'appletv', generic: 'Apple TV 4K', brand: 'Apple', category: 'apple-tv', kind: 'tv', role: 'tv', leva: 299, device: true, procesor: 'A15 Bionic', variants: [{ label: 'Wi‑Fi, 64 GB', disk: '64 GB' }, { label: 'Wi‑Fi + Ethernet, 128 GB', disk: '128 GB', leva: 349 }] },
  { key: 'siriremote', generic: 'Siri Remote (USB‑C)', brand: 'Apple', category: 'apple-tv', kind: 'tv', role: 'tv', leva: 129, device: true },
  { key: 'studiodisplay', generic: 'Studio Display', brand: 'Apple', category: 'monitori', kind: 'display', role: 'display', leva: 3199, device: true, displey: '27"', variants: [{ label: 'стандартно стъкло, стойка с регулируем наклон' }, { label: 'nano-texture стъкло, стойка с регулируем наклон', leva: 3999 }, { label: 'стандартно стъкло, стойка с регулируема височина', leva: 3999 }, { label: 'стандартно стъкло, VESA адаптер' }] },
  { key: 'prodisplay', generic: 'Pro Display XDR', brand: 'Apple', category: 'monitori', kind: 'display', role: 'display', leva: 9999, device: true, displey: '32"', variants: [{ label: 'стандартно стъкло' }, { label: 'nano-texture стъкло', leva: 11999 }] },
  { key: 'prostand', generic: 'Pro Stand за Pro Display XDR', brand: 'Apple', category: 'monitori', kind: 'display', role: 'display', leva: 1999, device: true },
  { key: 'pencilpro', generic: 'Apple Pencil Pro', brand: 'Apple', category: 'aksesoari-za-ipad', kind: 'pencil', role: 'pencil', leva: 259, device: true },
  { key: 'pencilusbc', generic: 'Apple Pencil (USB‑C)', brand: 'Apple', category: 'aksesoari-za-ipad', kind: 'pencil', role: 'pencil', leva: 159, device: true },
  { key: 'pencil2', generic: 'Apple Pencil (2. поколение)', brand: 'Apple', category: 'aksesoari-za-ipad', kind: 'pencil', role: 'pencil', leva: 259, device: true },
  { key: 'magickb', generic: 'Magic Keyboard с Touch ID', brand: 'Apple', category: 'keyboards-magic-mouse', kind: 'keyboard', role: 'keyboard', leva: 349, device: true, variants: KB_VARIANTS },
  { key: 'magickbnum', generic: 'Magic Keyboard с Touch ID и цифров блок', brand: 'Apple', category: 'keyboards-magic-mouse', kind: 'keyboard', role: 'keyboard', leva: 449, device: true, colours: ['white', 'black'], variants: KB_VARIANTS },
  { key: 'magickbusbc', generic: 'Magic Keyboard (USB‑C)', brand: 'Apple', category: 'keyboards-magic-mouse', kind: 'keyboard', role: 'keyboard', leva: 199, device: true, variants: KB_VARIANTS },
  { key: 'magicmouse', generic: 'Magic Mouse (USB‑C)', brand: 'Apple', category: 'keyboards-magic-mouse', kind: 'mouse', role: 'mouse', leva: 169, device: true, colours: ['white', 'black'] },
  { key: 'magictrackpad', generic: 'Magic Trackpad (USB‑C)', brand: 'Apple', category: 'keyboards-magic-mouse', kind: 'trackpad', role: 'mouse', leva: 299, device: true, colours: ['white', 'black'] },
  { key: 'imacpro', generic: 'iMac Pro 27" 5K, 8-ядрен Intel Xeon W, 32 GB RAM, 1 TB – последна бройка', brand: 'Apple', category: 'imac-pro', kind: 'imac', role: 'other', leva: 8999, device: true, displey: '27"', procesor: 'Intel Xeon W', colours: ['space-gray'] },
  { key: 'airtag', generic: 'AirTag', brand: 'Apple', category: 'drugi', kind: 'tag', role: 'tag', leva: 69, device: true, variants: [{ label: '1 брой' }, { label: 'комплект от 4 броя', leva: 229 }] },
  { key: 'ipodtouch', generic: 'iPod touch (7. поколение) – последни бройки', brand: 'Apple', category: 'ipod-touch', kind: 'ipod', role: 'audio', leva: 499, device: true, procesor: 'A10 Fusion', colours: ['space-gray', 'pink'], variants: [{ label: '32 GB', disk: '32 GB' }] },
  { key: 'giftcard', generic: 'Подаръчна карта Apple Store България', brand: 'Apple Store България', category: 'drugi', kind: 'generic', role: 'other', leva: 50, device: true, variants: [{ label: '50 лв.' }, { label: '100 лв.', leva: 100 }, { label: '200 лв.', leva: 200 }, { label: '500 лв.', leva: 500 }] },
];

// prettier-ignore
export const ACCESSORY_TEMPLATES: readonly SimpleTemplate[] = [
  // iPhone
  { key: 'silicone', generic: 'Силиконов калъф с MagSafe', brand: 'Apple', category: 'kalafi-i-protektori', kind: 'case', role: 'case-iphone', leva: 99, compat: IPHONES, colours: ['black', 'white', 'pink', 'green', 'blue', 'orange', 'purple', 'yellow'] },
  { key: 'clearcase', generic: 'Прозрачен калъф с MagSafe', brand: 'Apple', category: 'kalafi-i-protektori', kind: 'case', role: 'case-iphone', leva: 99, compat: IPHONES, colours: ['clear'] },
  { key: 'techwoven', generic: 'Калъф TechWoven с MagSafe', brand: 'Apple', category: 'kalafi-i-protektori', kind: 'case', role: 'case-iphone', leva: 119, compat: IPHONES, colours: ['black', 'blue', 'purple', 'sand', 'olive'] },
  { key: 'wallet', generic: 'Портфейл с MagSafe', brand: 'Apple', category: 'kalafi-i-protektori', kind: 'case', role: 'case-iphone', leva: 129, compat: IPHONES, colours: ['black', 'brown', 'deep-blue', 'olive'] },
  { key: 'spigen', generic: 'Калъф', brand: 'Spigen', line: 'Ultra Hybrid MagFit', category: 'kalafi-i-protektori', kind: 'case', role: 'case-iphone', leva: 49, compat: IPHONES, colours: ['clear', 'black'] },
  { key: 'otterbox', generic: 'Калъф', brand: 'OtterBox', line: 'Symmetry с MagSafe', category: 'kalafi-i-protektori', kind: 'case', role: 'case-iphone', leva: 79, compat: IPHONES, colours: ['black', 'blue', 'pink', 'clear'] },
  { key: 'nomad', generic: 'Кожен калъф', brand: 'Nomad', line: 'Modern Leather', category: 'kalafi-i-protektori', kind: 'case', role: 'case-iphone', leva: 119, compat: IPHONES, colours: ['brown', 'black', 'olive'] },
  { key: 'uag', generic: 'Удароустойчив калъф', brand: 'UAG', line: 'Monarch Pro', category: 'kalafi-i-protektori', kind: 'case', role: 'case-iphone', leva: 129, compat: IPHONES, colours: ['black', 'olive', 'sand'] },
  { key: 'panzer', generic: 'Стъклен протектор за екран', brand: 'PanzerGlass', line: 'Ultra-Wide Fit', category: 'kalafi-i-protektori', kind: 'case', role: 'protector', leva: 59, compat: IPHONES },
  { key: 'belkinglass', generic: 'Протектор за екран', brand: 'Belkin', line: 'ScreenForce UltraGlass 2', category: 'kalafi-i-protektori', kind: 'case', role: 'protector', leva: 69, compat: IPHONES },
  { key: 'esrcamera', generic: 'Протектор за камера', brand: 'ESR', line: 'Armorite', category: 'kalafi-i-protektori', kind: 'case', role: 'protector', leva: 29, compat: IPHONES },
  // AirPods
  { key: 'airpodscase', generic: 'Силиконов калъф', brand: 'Spigen', line: 'Silicone Fit', category: 'kalafi-i-protektori', kind: 'case', role: 'other', leva: 39, compat: AIRPODS, colours: ['black', 'blue', 'pink'] },
  { key: 'airpodsleather', generic: 'Кожен калъф', brand: 'Nomad', line: 'Modern Leather', category: 'kalafi-i-protektori', kind: 'case', role: 'other', leva: 79, compat: AIRPODS, colours: ['brown', 'black'] },
  // Apple Watch
  { key: 'sportband', generic: 'Спортна каишка', brand: 'Apple', category: 'kaishki', kind: 'band', role: 'band', leva: 99, compat: ['watch-40', 'watch-42', 'watch-44', 'watch-46'], colours: ['black', 'white', 'plum', 'blue', 'orange', 'pink', 'green'] },
  { key: 'sportloop', generic: 'Спортна верижка', brand: 'Apple', category: 'kaishki', kind: 'band', role: 'band', leva: 99, compat: ['watch-40', 'watch-42', 'watch-44', 'watch-46'], colours: ['blue', 'plum', 'green', 'sand', 'black'] },
  { key: 'braided', generic: 'Плетена соло верижка', brand: 'Apple', category: 'kaishki', kind: 'band', role: 'band', leva: 199, compat: ['watch-42', 'watch-46'], colours: ['black', 'blue', 'orange', 'green'] },
  { key: 'milanese', generic: 'Миланска верижка', brand: 'Apple', category: 'kaishki', kind: 'band', role: 'band', leva: 199, compat: ['watch-42', 'watch-46'], colours: ['silver', 'gold', 'space-black'] },
  { key: 'leather', generic: 'Кожена каишка с модерна катарама', brand: 'Apple', category: 'kaishki', kind: 'band', role: 'band', leva: 299, compat: ['watch-42'], colours: ['brown', 'black', 'deep-blue'] },
  { key: 'alpine', generic: 'Каишка Alpine Loop', brand: 'Apple', category: 'kaishki', kind: 'band', role: 'band', leva: 199, compat: ['watch-49'], colours: ['olive', 'orange', 'blue'] },
  { key: 'trail', generic: 'Каишка Trail Loop', brand: 'Apple', category: 'kaishki', kind: 'band', role: 'band', leva: 199, compat: ['watch-49'], colours: ['black', 'blue', 'green'] },
  { key: 'ocean', generic: 'Каишка Ocean Band', brand: 'Apple', category: 'kaishki', kind: 'band', role: 'band', leva: 199, compat: ['watch-49'], colours: ['black', 'white', 'orange', 'blue'] },
  { key: 'timilanese', generic: 'Титаниева миланска верижка', brand: 'Apple', category: 'kaishki', kind: 'band', role: 'band', leva: 449, compat: ['watch-49'], colours: ['natural-titanium', 'black-titanium'] },
  { key: 'nikeband', generic: 'Спортна каишка Nike', brand: 'Apple', category: 'kaishki', kind: 'band', role: 'band', leva: 99, compat: ['watch-42', 'watch-46'], colours: ['black', 'white', 'pink', 'blue'] },
  { key: 'nomadband', generic: 'Спортна каишка', brand: 'Nomad', line: 'Sport Band', category: 'kaishki', kind: 'band', role: 'band', leva: 129, compat: ['watch-42', 'watch-46', 'watch-49'], colours: ['black', 'sand', 'blue'] },
  { key: 'watchglass', generic: 'Протектор за Apple Watch', brand: 'Spigen', line: 'Glas.tR EZ Fit', category: 'kaishki', kind: 'case', role: 'protector', leva: 39, compat: ['watch-42', 'watch-46', 'watch-49'] },
  // iPad
  { key: 'smartfolio', generic: 'Калъф Smart Folio', brand: 'Apple', category: 'aksesoari-za-ipad', kind: 'case', role: 'ipad-case', leva: 199, compat: IPADS, colours: ['white', 'black', 'sky-blue', 'purple', 'yellow'] },
  { key: 'magickbipad', generic: 'Magic Keyboard', brand: 'Apple', category: 'aksesoari-za-ipad', kind: 'keyboard', role: 'ipad-keyboard', leva: 699, compat: ['ipad-air-11', 'ipad-air-13', 'ipad-pro-11', 'ipad-pro-13'], colours: ['black', 'white'], variants: KB_VARIANTS },
  { key: 'kbfolio', generic: 'Magic Keyboard Folio', brand: 'Apple', category: 'aksesoari-za-ipad', kind: 'keyboard', role: 'ipad-keyboard', leva: 549, compat: ['ipad-11'], colours: ['white'], variants: KB_VARIANTS },
  { key: 'combotouch', generic: 'Калъф с клавиатура', brand: 'Logitech', line: 'Combo Touch', category: 'aksesoari-za-ipad', kind: 'keyboard', role: 'ipad-keyboard', leva: 379, compat: ['ipad-11', 'ipad-air-11', 'ipad-air-13', 'ipad-pro-11', 'ipad-pro-13'], colours: ['space-gray', 'sand'] },
  { key: 'ipadglass', generic: 'Стъклен протектор', brand: 'PanzerGlass', line: 'Classic Fit', category: 'aksesoari-za-ipad', kind: 'case', role: 'protector', leva: 59, compat: IPADS },
  { key: 'esrrebound', generic: 'Калъф', brand: 'ESR', line: 'Rebound Magnetic', category: 'aksesoari-za-ipad', kind: 'case', role: 'ipad-case', leva: 69, compat: IPADS, colours: ['black', 'blue', 'pink'] },
  // Mac
  { key: 'incase', generic: 'Калъф за лаптоп', brand: 'Incase', line: 'Compact Sleeve', category: 'kalafi-za-mac', kind: 'case', role: 'sleeve', leva: 129, compat: MACBOOKS, colours: ['black', 'space-gray', 'sand'] },
  { key: 'tomtoc', generic: 'Защитен калъф', brand: 'tomtoc', line: 'Defender-A13', category: 'kalafi-za-mac', kind: 'case', role: 'sleeve', leva: 99, compat: MACBOOKS, colours: ['black', 'space-gray', 'blue'] },
  { key: 'bookbook', generic: 'Кожен калъф', brand: 'Twelve South', line: 'BookBook', category: 'kalafi-za-mac', kind: 'case', role: 'sleeve', leva: 229, compat: MACBOOKS, colours: ['brown'] },
  { key: 'smartshell', generic: 'Твърд калъф', brand: 'Speck', line: 'SmartShell', category: 'kalafi-za-mac', kind: 'case', role: 'sleeve', leva: 119, compat: MACBOOKS, colours: ['clear', 'black'] },
  { key: 'clearguard', generic: 'Протектор за клавиатура', brand: 'Moshi', line: 'ClearGuard', category: 'kalafi-za-mac', kind: 'keyboard', role: 'protector', leva: 49, compat: MACBOOKS, variants: KB_VARIANTS },
  { key: 'satechihub', generic: 'USB‑C многопортов адаптер', brand: 'Satechi', line: 'Pro Hub Max', category: 'kalafi-za-mac', kind: 'charger', role: 'hub', leva: 199, compat: MACBOOKS, colours: ['space-gray', 'silver'] },
  { key: 'curveflex', generic: 'Стойка за лаптоп', brand: 'Twelve South', line: 'Curve Flex', category: 'kalafi-za-mac', kind: 'generic', role: 'other', leva: 199, colours: ['silver', 'black'] },
  // Power, cables, adapters
  { key: 'usbc20', generic: '20W USB‑C захранващ адаптер', brand: 'Apple', category: 'zaryadni-i-kabeli', kind: 'charger', role: 'charger', leva: 45 },
  { key: 'usbc35', generic: '35W двоен USB‑C захранващ адаптер', brand: 'Apple', category: 'zaryadni-i-kabeli', kind: 'charger', role: 'charger', leva: 119 },
  { key: 'usbc70', generic: '70W USB‑C захранващ адаптер', brand: 'Apple', category: 'zaryadni-i-kabeli', kind: 'charger', role: 'charger', leva: 139 },
  { key: 'usbc96', generic: '96W USB‑C захранващ адаптер', brand: 'Apple', category: 'zaryadni-i-kabeli', kind: 'charger', role: 'charger', leva: 169 },
  { key: 'usbc140', generic: '140W USB‑C захранващ адаптер', brand: 'Apple', category: 'zaryadni-i-kabeli', kind: 'charger', role: 'charger', leva: 229 },
  { key: 'usbccable', generic: 'USB‑C кабел за зареждане', brand: 'Apple', category: 'zaryadni-i-kabeli', kind: 'cable', role: 'cable', leva: 45, variants: [{ label: '1 м' }, { label: '2 м, 240W', leva: 75 }] },
  { key: 'lightning', generic: 'USB‑C към Lightning кабел', brand: 'Apple', category: 'zaryadni-i-kabeli', kind: 'cable', role: 'cable', leva: 45, variants: [{ label: '1 м' }, { label: '2 м', leva: 75 }] },
  { key: 'tb5', generic: 'Thunderbolt 5 (USB‑C) Pro кабел', brand: 'Apple', category: 'zaryadni-i-kabeli', kind: 'cable', role: 'cable', leva: 159, variants: [{ label: '1 м' }, { label: '2 м', leva: 259 }] },
  { key: 'magsafe', generic: 'MagSafe зарядно', brand: 'Apple', category: 'zaryadni-i-kabeli', kind: 'charger', role: 'charger', leva: 99, variants: [{ label: '1 м' }, { label: '2 м', leva: 119 }] },
  { key: 'magsafe3', generic: 'USB‑C към MagSafe 3 кабел (2 м)', brand: 'Apple', category: 'zaryadni-i-kabeli', kind: 'cable', role: 'cable', leva: 109, colours: ['midnight', 'starlight', 'silver', 'space-gray', 'sky-blue', 'space-black'] },
  { key: 'avadapter', generic: 'USB‑C Digital AV Multiport адаптер', brand: 'Apple', category: 'zaryadni-i-kabeli', kind: 'charger', role: 'hub', leva: 149 },
  { key: 'usbadapter', generic: 'USB‑C към USB адаптер', brand: 'Apple', category: 'zaryadni-i-kabeli', kind: 'cable', role: 'hub', leva: 45 },
  { key: 'jack', generic: 'USB‑C към 3,5 мм жак адаптер за слушалки', brand: 'Apple', category: 'zaryadni-i-kabeli', kind: 'cable', role: 'cable', leva: 25 },
  { key: 'watchcharger', generic: 'Магнитно бързо зарядно за Apple Watch с USB‑C (1 м)', brand: 'Apple', category: 'zaryadni-i-kabeli', kind: 'cable', role: 'watch-charger', leva: 69 },
  { key: 'belkin3in1', generic: 'Безжично зарядно 3 в 1', brand: 'Belkin', line: 'BoostCharge Pro с Qi2', category: 'zaryadni-i-kabeli', kind: 'charger', role: 'charger', leva: 299, colours: ['black', 'white'] },
  { key: 'belkin2in1', generic: 'Безжично зарядно 2 в 1', brand: 'Belkin', line: 'BoostCharge Pro с Qi2 15W', category: 'zaryadni-i-kabeli', kind: 'charger', role: 'charger', leva: 199, colours: ['black', 'white'] },
  { key: 'ankernano', generic: 'USB‑C зарядно', brand: 'Anker', line: 'Nano 30W', category: 'zaryadni-i-kabeli', kind: 'charger', role: 'charger', leva: 49, colours: ['white', 'black', 'blue', 'pink'] },
  { key: 'ankerprime', generic: 'USB‑C зарядно', brand: 'Anker', line: 'Prime 100W GaN', category: 'zaryadni-i-kabeli', kind: 'charger', role: 'charger', leva: 169, colours: ['black'] },
  { key: 'mophie', generic: 'Външна батерия', brand: 'mophie', line: 'powerstation plus 10 000 mAh', category: 'zaryadni-i-kabeli', kind: 'charger', role: 'charger', leva: 129, colours: ['black'] },
  { key: 'maggo', generic: 'Външна батерия с MagSafe', brand: 'Anker', line: 'MagGo 10 000 mAh', category: 'zaryadni-i-kabeli', kind: 'charger', role: 'charger', leva: 139, colours: ['black', 'white', 'blue'] },
  { key: 'belt', generic: 'Плетен кабел USB‑C', brand: 'Native Union', line: 'Belt Cable Pro (2,4 м)', category: 'zaryadni-i-kabeli', kind: 'cable', role: 'cable', leva: 69, colours: ['black', 'sand', 'olive'] },
  { key: 'ugreen', generic: 'Кабел USB‑C към USB‑C', brand: 'Ugreen', line: '100W (2 м)', category: 'zaryadni-i-kabeli', kind: 'cable', role: 'cable', leva: 29, colours: ['black', 'white'] },
  { key: 'ts4', generic: 'Thunderbolt 4 докинг станция', brand: 'CalDigit', line: 'TS4', category: 'zaryadni-i-kabeli', kind: 'charger', role: 'hub', leva: 799, colours: ['space-gray'] },
  { key: 'owcdock', generic: 'Thunderbolt докинг станция', brand: 'OWC', line: 'Thunderbolt Go Dock', category: 'zaryadni-i-kabeli', kind: 'charger', role: 'hub', leva: 699 },
  // Keyboards and mice
  { key: 'mxkeys', generic: 'Безжична клавиатура', brand: 'Logitech', line: 'MX Keys S for Mac', category: 'keyboards-magic-mouse', kind: 'keyboard', role: 'keyboard', leva: 249, colours: ['space-gray', 'silver'], variants: KB_VARIANTS },
  { key: 'mxmaster', generic: 'Безжична мишка', brand: 'Logitech', line: 'MX Master 3S for Mac', category: 'keyboards-magic-mouse', kind: 'mouse', role: 'mouse', leva: 229, colours: ['space-gray', 'silver'] },
  { key: 'mxanywhere', generic: 'Безжична мишка', brand: 'Logitech', line: 'MX Anywhere 3S for Mac', category: 'keyboards-magic-mouse', kind: 'mouse', role: 'mouse', leva: 179, colours: ['space-gray', 'silver', 'pink'] },
  { key: 'slimx3', generic: 'Клавиатура с подсветка', brand: 'Satechi', line: 'Slim X3', category: 'keyboards-magic-mouse', kind: 'keyboard', role: 'keyboard', leva: 199, colours: ['space-gray'], variants: KB_VARIANTS },
  { key: 'keychron', generic: 'Механична клавиатура', brand: 'Keychron', line: 'K2 Pro за Mac', category: 'keyboards-magic-mouse', kind: 'keyboard', role: 'keyboard', leva: 229, colours: ['black'], variants: KB_VARIANTS },
  // External SSD
  { key: 't7shield', generic: 'Външен SSD диск', brand: 'Samsung', line: 'T7 Shield', category: 'external-ssd', kind: 'drive', role: 'ssd', leva: 199, colours: ['black', 'sand', 'blue'], variants: ssd(['1 TB', 199], ['2 TB', 349], ['4 TB', 649]) },
  { key: 't9', generic: 'Външен SSD диск', brand: 'Samsung', line: 'T9', category: 'external-ssd', kind: 'drive', role: 'ssd', leva: 279, colours: ['black'], variants: ssd(['1 TB', 279], ['2 TB', 449], ['4 TB', 849]) },
  { key: 'sandisk', generic: 'Външен SSD диск', brand: 'SanDisk', line: 'Extreme Portable SSD V2', category: 'external-ssd', kind: 'drive', role: 'ssd', leva: 139, colours: ['space-gray'], variants: ssd(['500 GB', 139], ['1 TB', 199], ['2 TB', 329], ['4 TB', 599]) },
  { key: 'sandiskpro', generic: 'Външен SSD диск', brand: 'SanDisk', line: 'Extreme PRO Portable SSD V2', category: 'external-ssd', kind: 'drive', role: 'ssd', leva: 249, colours: ['space-gray'], variants: ssd(['1 TB', 249], ['2 TB', 399], ['4 TB', 749]) },
  { key: 'lacie', generic: 'Външен SSD диск', brand: 'LaCie', line: 'Rugged SSD Pro5', category: 'external-ssd', kind: 'drive', role: 'ssd', leva: 449, colours: ['orange'], variants: ssd(['1 TB', 449], ['2 TB', 749], ['4 TB', 1399]) },
  { key: 'envoy', generic: 'Външен SSD диск', brand: 'OWC', line: 'Envoy Ultra (Thunderbolt 5)', category: 'external-ssd', kind: 'drive', role: 'ssd', leva: 699, colours: ['space-gray'], variants: ssd(['2 TB', 699], ['4 TB', 1199]) },
  { key: 'x10pro', generic: 'Външен SSD диск', brand: 'Crucial', line: 'X10 Pro', category: 'external-ssd', kind: 'drive', role: 'ssd', leva: 229, colours: ['black'], variants: ssd(['1 TB', 229], ['2 TB', 349], ['4 TB', 599]) },
  // eGPU and PCIe
  { key: 'egfx350', generic: 'eGPU кутия', brand: 'Sonnet', line: 'eGFX Breakaway Box 350', category: 'egpu-pcie', kind: 'egpu', role: 'egpu', leva: 649 },
  { key: 'egfx750', generic: 'eGPU кутия', brand: 'Sonnet', line: 'eGFX Breakaway Box 750ex', category: 'egpu-pcie', kind: 'egpu', role: 'egpu', leva: 999 },
  { key: 'corex', generic: 'eGPU кутия', brand: 'Razer', line: 'Core X Chroma', category: 'egpu-pcie', kind: 'egpu', role: 'egpu', leva: 799 },
  { key: 'helios', generic: 'PCIe разширителна кутия', brand: 'OWC', line: 'Mercury Helios 3S', category: 'egpu-pcie', kind: 'egpu', role: 'egpu', leva: 499 },
  { key: 'echo', generic: 'Thunderbolt PCIe кутия', brand: 'Sonnet', line: 'Echo Express SE I T4', category: 'egpu-pcie', kind: 'egpu', role: 'egpu', leva: 599 },
  { key: 'fusion', generic: 'PCIe карта за SSD', brand: 'Sonnet', line: 'Fusion Dual U.2', category: 'egpu-pcie', kind: 'egpu', role: 'egpu', leva: 549 },
  { key: 'accelsior', generic: 'PCIe карта за SSD', brand: 'OWC', line: 'Accelsior 8M2', category: 'egpu-pcie', kind: 'egpu', role: 'egpu', leva: 1299 },
  { key: 'solo10g', generic: 'PCIe мрежова карта 10GbE', brand: 'Sonnet', line: 'Solo10G', category: 'egpu-pcie', kind: 'egpu', role: 'egpu', leva: 349 },
  // Other
  { key: 'airtagholder', generic: 'Държач за AirTag', brand: 'Belkin', line: 'Secure Holder', category: 'drugi', kind: 'tag', role: 'tag', leva: 39, colours: ['black', 'white'] },
  { key: 'cloth', generic: 'Полираща кърпа', brand: 'Apple', category: 'drugi', kind: 'generic', role: 'other', leva: 45 },
];

/** Brands a bigger catalogue adds for the same accessory lines (`--products` beyond the natural range). */
export const EXPANSION_BRANDS: readonly string[] = [
  'ESR',
  'Spigen',
  'UAG',
  'Nomad',
  'Mujjo',
  'Decoded',
  'Bellroy',
  'Pitaka',
  'Tech21',
  'ZAGG',
  'Incipio',
  'Case-Mate',
  'Speck',
  'dbramante1928',
  'Njord',
  'Woodcessories',
  'Casetify',
  'X-Doria',
  'Torras',
  'Peak Design',
  'Twelve South',
  'Satechi',
  'Anker',
  'Ugreen',
  'Baseus',
  'Hama',
  'Cellularline',
  'Puro',
  'Tucano',
  'Ringke',
  'Nillkin',
  'Moshi',
  'Native Union',
  'Belkin',
  'mophie',
  'OtterBox',
  'Mous',
  'Rhinoshield',
  'Thule',
  'Griffin',
];

export interface SoftwareTitle {
  name: string;
  brand: string;
  leva: number;
  /** Licence options, each its own product: label and price factor. */
  licences: readonly (readonly [string, number])[];
  blurb: string;
}

const SEATS = [
  ['1 потребител', 1],
  ['3 потребителя', 2.2],
  ['5 потребителя', 3.2],
] as const;
const YEARS = [
  ['абонамент за 1 година', 1],
  ['абонамент за 2 години', 1.8],
] as const;
const ONCE = [['безсрочен лиценз', 1]] as const;

// prettier-ignore
export const SOFTWARE_TITLES: readonly SoftwareTitle[] = [
  { name: 'Final Cut Pro', brand: 'Apple', leva: 629, licences: ONCE, blurb: 'професионален видеомонтаж с магнитна времева линия и монтаж на 8K материал' },
  { name: 'Logic Pro', brand: 'Apple', leva: 399, licences: ONCE, blurb: 'цялостно студио за запис, композиране и миксиране на музика' },
  { name: 'Motion', brand: 'Apple', leva: 99, licences: ONCE, blurb: 'анимирани титри, преходи и ефекти за Final Cut Pro' },
  { name: 'Compressor', brand: 'Apple', leva: 99, licences: ONCE, blurb: 'гъвкаво кодиране и експорт на видео за всички платформи' },
  { name: 'MainStage', brand: 'Apple', leva: 59, licences: ONCE, blurb: 'инструментите и ефектите на Logic Pro на живо на сцената' },
  { name: 'Pro Apps Bundle за образование', brand: 'Apple', leva: 399, licences: ONCE, blurb: 'Final Cut Pro, Logic Pro, Motion, Compressor и MainStage за ученици, студенти и преподаватели' },
  { name: 'Microsoft 365 Business Standard', brand: 'Microsoft', leva: 289, licences: YEARS, blurb: 'Office приложенията, Teams и фирмена поща за малкия бизнес' },
  { name: 'Paragon NTFS за Mac', brand: 'Paragon Software', leva: 49, licences: [['1 Mac', 1], ['3 Mac', 2]], blurb: 'четене и запис на дискове с NTFS от Windows' },
  { name: 'Microsoft 365 Personal', brand: 'Microsoft', leva: 139, licences: YEARS, blurb: 'Word, Excel, PowerPoint, Outlook и 1 TB в OneDrive' },
  { name: 'Microsoft 365 Family', brand: 'Microsoft', leva: 199, licences: YEARS, blurb: 'Office приложенията за до шестима души, по 1 TB в OneDrive за всеки' },
  { name: 'Microsoft Office Home 2024 за Mac', brand: 'Microsoft', leva: 299, licences: ONCE, blurb: 'Word, Excel и PowerPoint с еднократна покупка' },
  { name: 'Microsoft Office Home & Business 2024 за Mac', brand: 'Microsoft', leva: 599, licences: ONCE, blurb: 'Office с Outlook и право на търговска употреба' },
  { name: 'Parallels Desktop 20 за Mac', brand: 'Parallels', leva: 219, licences: [['Standard Edition, безсрочен лиценз', 1], ['Pro Edition, абонамент за 1 година', 1.1], ['Business Edition, абонамент за 1 година', 1.4]], blurb: 'Windows и Linux на Mac с Apple чип, без рестартиране' },
  { name: 'Adobe Creative Cloud Pro', brand: 'Adobe', leva: 1499, licences: [['абонамент за 1 година', 1]], blurb: 'над 20 приложения на Adobe, включително Photoshop, Illustrator и Premiere Pro' },
  { name: 'Adobe Photoshop', brand: 'Adobe', leva: 549, licences: [['абонамент за 1 година', 1]], blurb: 'водещият редактор на снимки и графика, с генеративно запълване' },
  { name: 'Adobe Lightroom', brand: 'Adobe', leva: 279, licences: [['абонамент за 1 година, 1 TB', 1]], blurb: 'обработка и каталогизиране на снимки на всички устройства' },
  { name: 'ESET Cyber Security за Mac', brand: 'ESET', leva: 69, licences: [['1 устройство, 1 година', 1], ['3 устройства, 1 година', 2], ['5 устройства, 2 години', 4.5]], blurb: 'защита от зловреден софтуер и фишинг за macOS' },
  { name: 'Norton 360 Deluxe', brand: 'Norton', leva: 119, licences: [['5 устройства, 1 година', 1]], blurb: 'антивирус, VPN и мениджър на пароли' },
  { name: 'Bitdefender Antivirus за Mac', brand: 'Bitdefender', leva: 79, licences: [['1 Mac, 1 година', 1], ['3 Mac, 1 година', 1.7]], blurb: 'лека защита, която не забавя вашия Mac' },
  { name: 'CleanMyMac', brand: 'MacPaw', leva: 89, licences: [['1 Mac, 1 година', 1], ['2 Mac, 1 година', 1.6], ['5 Mac, 1 година', 2.8]], blurb: 'почистване, оптимизация и защита на Mac с едно кликване' },
  { name: 'Affinity Photo 2', brand: 'Serif', leva: 149, licences: ONCE, blurb: 'професионална обработка на снимки без абонамент' },
  { name: 'Affinity Designer 2', brand: 'Serif', leva: 149, licences: ONCE, blurb: 'векторна и растерна графика за дизайнери' },
  { name: 'Affinity Publisher 2', brand: 'Serif', leva: 149, licences: ONCE, blurb: 'предпечат на книги, списания и брошури' },
  { name: 'Pixelmator Pro', brand: 'Pixelmator', leva: 99, licences: ONCE, blurb: 'редактор на изображения, създаден специално за Mac' },
  { name: 'DaVinci Resolve Studio 20', brand: 'Blackmagic Design', leva: 579, licences: ONCE, blurb: 'монтаж, цветови корекции, визуални ефекти и звук в едно приложение' },
  { name: 'Capture One Pro', brand: 'Capture One', leva: 649, licences: [['безсрочен лиценз', 1], ['абонамент за 1 година', 0.55]], blurb: 'обработка на RAW файлове и снимане с кабел в студио' },
  { name: '1Password Families', brand: '1Password', leva: 119, licences: YEARS, blurb: 'пароли и лични данни за цялото семейство на едно място' },
  { name: 'Little Snitch 6', brand: 'Objective Development', leva: 99, licences: ONCE, blurb: 'контрол на мрежовите връзки на всяко приложение' },
  { name: 'Setapp', brand: 'MacPaw', leva: 229, licences: [['абонамент за 1 година', 1]], blurb: 'над 240 приложения за Mac с един абонамент' },
  { name: 'NordVPN Complete', brand: 'Nord Security', leva: 229, licences: [['абонамент за 2 години', 1]], blurb: 'сигурна и бърза VPN връзка за 10 устройства' },
  { name: 'Acronis True Image', brand: 'Acronis', leva: 99, licences: [['Essentials, 1 компютър, 1 година', 1], ['Advanced, 1 компютър, 1 година, 50 GB', 1.4]], blurb: 'резервни копия на целия диск и защита от рансъмуер' },
  { name: 'Things 3 за Mac', brand: 'Cultured Code', leva: 99, licences: ONCE, blurb: 'награждаваният организатор на задачи' },
  { name: 'ScreenFlow 10', brand: 'Telestream', leva: 329, licences: SEATS, blurb: 'запис на екрана и монтаж на видео уроци' },
];
