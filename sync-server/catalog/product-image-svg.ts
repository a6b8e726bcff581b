import type { AttributeValues, ProductType } from '../../schema/catalog/catalog-product.ts';
import { colourOfValue } from './catalog-colours.ts';

/** What the product looks like, for its generated image. */
export type DeviceKind =
  | 'laptop'
  | 'imac'
  | 'mini'
  | 'studio'
  | 'tower'
  | 'display'
  | 'tablet'
  | 'phone'
  | 'watch'
  | 'earbuds'
  | 'headphones'
  | 'speaker'
  | 'tv'
  | 'ipod'
  | 'keyboard'
  | 'mouse'
  | 'trackpad'
  | 'pencil'
  | 'case'
  | 'band'
  | 'cable'
  | 'charger'
  | 'drive'
  | 'egpu'
  | 'tag'
  | 'software'
  | 'bundle'
  | 'set'
  | 'generic';

/** What the image needs of a product: a catalogue product or a configurable child will do. */
export interface ProductImageInput {
  sku: string;
  name: string;
  type_id?: ProductType;
  attributes?: AttributeValues;
}

/** The device silhouette for a product, from its type and name (accessory words first: "Калъф за iPhone"). */
export const deviceKindOf = (product: Pick<ProductImageInput, 'name' | 'type_id'>): DeviceKind => {
  const name = product.name;
  if (product.type_id === 'bundle' || name.startsWith('Комплект')) return 'bundle';
  if (product.type_id === 'grouped' || name.startsWith('Сет ')) return 'set';
  if (product.type_id === 'downloadable') return 'software';
  const rules: [RegExp, DeviceKind][] = [
    [/каишка|верижка|Loop|Band/i, 'band'],
    [/Magic Keyboard|клавиатура|Keys|Slim X3/i, 'keyboard'],
    [/калъф|протектор|Folio|портфейл/i, 'case'],
    [/SSD/, 'drive'],
    [/eGPU|PCIe|eGFX/, 'egpu'],
    [/кабел|Lightning|жак/i, 'cable'],
    [/адаптер|зарядно|батерия|докинг|хъб/i, 'charger'],
    [/Magic Mouse|мишка/i, 'mouse'],
    [/Trackpad/, 'trackpad'],
    [/Pencil/, 'pencil'],
    [/AirTag|Държач/, 'tag'],
    [/MacBook/, 'laptop'],
    [/iMac/, 'imac'],
    [/Mac mini/, 'mini'],
    [/Mac Studio/, 'studio'],
    [/Mac Pro/, 'tower'],
    [/Studio Display|Pro Display|Pro Stand/, 'display'],
    [/iPad/, 'tablet'],
    [/iPhone/, 'phone'],
    [/Watch/, 'watch'],
    [/AirPods Max/, 'headphones'],
    [/AirPods/, 'earbuds'],
    [/HomePod/, 'speaker'],
    [/Apple TV|Siri Remote/, 'tv'],
    [/iPod/, 'ipod'],
  ];
  // The head of the name says what it is ("Magic Keyboard за iPad", "MacBook Air 13\", …, БДС клавиатура").
  const head = name.split(/ за |,/)[0] ?? name;
  for (const [pattern, kind] of rules) if (pattern.test(head)) return kind;
  for (const [pattern, kind] of rules) if (pattern.test(name)) return kind;
  return 'generic';
};

const DEFAULT_FILL: Partial<Record<DeviceKind, string>> = {
  software: '#5e5ce6',
  bundle: '#d9dde3',
  set: '#d9dde3',
  cable: '#f5f5f2',
  charger: '#f5f5f2',
  earbuds: '#f5f5f2',
  pencil: '#f5f5f2',
  tag: '#f5f5f2',
  egpu: '#3a3a3c',
  generic: '#c8102e',
};

const coloursOf = (attributes: AttributeValues | undefined): string[] => {
  const raw = attributes?.cvyat;
  const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return values.map((v) => colourOfValue(v)?.hex).filter((hex): hex is string => hex !== undefined);
};

/** A darker or lighter shade of a #rrggbb colour, for outlines and highlights. */
const shade = (hex: string, amount: number): string => {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (n >> shift) & 0xff;
    const v = amount < 0 ? c * (1 + amount) : c + (255 - c) * amount;
    return Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
};

const SCREEN = '#1d1d1f';
const GLASS = 'url(#glass)';

/** Shapes in a 600 x 520 drawing area, filled with the product colour `c` and outlined with `o`. */
const silhouette = (kind: DeviceKind, c: string, o: string): string => {
  const s = `fill="${c}" stroke="${o}" stroke-width="3"`;
  switch (kind) {
    case 'laptop':
      return `<rect x="150" y="140" width="300" height="200" rx="12" ${s}/><rect x="162" y="152" width="276" height="176" rx="4" fill="${SCREEN}"/><rect x="166" y="156" width="268" height="168" fill="${GLASS}"/><path d="M105 345h390l-22 26H127z" ${s}/><rect x="265" y="345" width="70" height="6" rx="3" fill="${o}"/>`;
    case 'imac':
      return `<rect x="120" y="100" width="360" height="260" rx="14" ${s}/><rect x="132" y="112" width="336" height="200" fill="${SCREEN}"/><rect x="136" y="116" width="328" height="192" fill="${GLASS}"/><path d="M260 360h80l18 80h-116z" ${s}/><rect x="220" y="436" width="160" height="10" rx="5" ${s}/>`;
    case 'mini':
      return `<rect x="170" y="250" width="260" height="80" rx="22" ${s}/><rect x="180" y="258" width="240" height="14" rx="7" fill="${shade(c, 0.35)}"/><circle cx="300" cy="300" r="6" fill="${o}"/>`;
    case 'studio':
      return `<rect x="180" y="200" width="240" height="140" rx="28" ${s}/><rect x="192" y="208" width="216" height="18" rx="9" fill="${shade(c, 0.35)}"/><g fill="${o}"><circle cx="215" cy="300" r="5"/><circle cx="240" cy="300" r="5"/><rect x="360" y="292" width="34" height="8" rx="4"/></g>`;
    case 'tower': {
      let holes = '';
      for (let y = 150; y <= 390; y += 30)
        for (let x = 235; x <= 365; x += 26) holes += `<circle cx="${x}" cy="${y}" r="9"/>`;
      return `<rect x="205" y="110" width="190" height="320" rx="18" ${s}/><g fill="${shade(c, -0.35)}">${holes}</g><rect x="215" y="100" width="170" height="18" rx="9" ${s}/>`;
    }
    case 'display':
      return `<rect x="110" y="110" width="380" height="240" rx="10" ${s}/><rect x="120" y="120" width="360" height="220" fill="${SCREEN}"/><rect x="124" y="124" width="352" height="212" fill="${GLASS}"/><path d="M270 350h60l30 100h-120z" ${s}/><rect x="225" y="446" width="150" height="10" rx="5" ${s}/>`;
    case 'tablet':
      return `<rect x="180" y="100" width="240" height="330" rx="26" ${s}/><rect x="194" y="114" width="212" height="302" rx="14" fill="${SCREEN}"/><rect x="198" y="118" width="204" height="294" rx="12" fill="${GLASS}"/>`;
    case 'phone':
    case 'case':
      return `<rect x="220" y="90" width="160" height="330" rx="34" ${s}/>${
        kind === 'phone'
          ? `<rect x="231" y="101" width="138" height="308" rx="26" fill="${SCREEN}"/><rect x="235" y="105" width="130" height="300" rx="24" fill="${GLASS}"/><rect x="275" y="114" width="50" height="14" rx="7" fill="${SCREEN}"/>`
          : `<rect x="236" y="106" width="62" height="62" rx="16" fill="${shade(c, -0.3)}"/><circle cx="300" cy="330" r="18" fill="none" stroke="${shade(c, 0.4)}" stroke-width="6"/>`
      }`;
    case 'ipod':
      return `<rect x="235" y="110" width="130" height="290" rx="24" ${s}/><rect x="245" y="130" width="110" height="200" rx="6" fill="${SCREEN}"/><rect x="248" y="133" width="104" height="194" fill="${GLASS}"/><circle cx="300" cy="365" r="18" fill="none" stroke="${o}" stroke-width="3"/>`;
    case 'watch':
    case 'band':
      return `<rect x="250" y="70" width="100" height="380" rx="40" fill="${kind === 'band' ? c : shade(c, -0.15)}" stroke="${o}" stroke-width="3"/>${
        kind === 'watch'
          ? `<rect x="222" y="170" width="156" height="180" rx="42" ${s}/><rect x="236" y="184" width="128" height="152" rx="32" fill="${SCREEN}"/><rect x="378" y="220" width="12" height="40" rx="6" fill="${o}"/>`
          : `<g fill="${shade(c, -0.3)}"><circle cx="300" cy="330" r="7"/><circle cx="300" cy="360" r="7"/><circle cx="300" cy="390" r="7"/></g><rect x="262" y="60" width="76" height="22" rx="6" fill="#c7c7cc"/>`
      }`;
    case 'earbuds':
      return `<rect x="200" y="250" width="200" height="150" rx="50" ${s}/><path d="M200 300h200" stroke="${o}" stroke-width="3"/><g ${s}><ellipse cx="250" cy="170" rx="34" ry="28"/><rect x="236" y="180" width="22" height="70" rx="11"/><ellipse cx="350" cy="170" rx="34" ry="28"/><rect x="342" y="180" width="22" height="70" rx="11"/></g>`;
    case 'headphones':
      return `<path d="M180 300v-50a120 120 0 0 1 240 0v50" fill="none" stroke="${o}" stroke-width="22"/><path d="M180 300v-50a120 120 0 0 1 240 0v50" fill="none" stroke="${c}" stroke-width="14"/><rect x="150" y="270" width="80" height="130" rx="36" ${s}/><rect x="370" y="270" width="80" height="130" rx="36" ${s}/>`;
    case 'speaker':
      return `<rect x="205" y="130" width="190" height="290" rx="90" ${s}/><rect x="245" y="140" width="110" height="30" rx="15" fill="${shade(c, 0.25)}"/><g stroke="${shade(c, -0.12)}" stroke-width="2">${Array.from({ length: 9 }, (_, i) => `<path d="M210 ${200 + i * 24}h180"/>`).join('')}</g>`;
    case 'tv':
      return `<rect x="190" y="250" width="220" height="80" rx="20" fill="#1d1d1f" stroke="#000" stroke-width="3"/><rect x="200" y="256" width="200" height="10" rx="5" fill="#3a3a3c"/><rect x="430" y="180" width="50" height="200" rx="22" ${s}/><circle cx="455" cy="220" r="16" fill="${o}"/>`;
    case 'keyboard': {
      let keys = '';
      for (let row = 0; row < 5; row += 1)
        for (let col = 0; col < 12; col += 1)
          keys += `<rect x="${128 + col * 29}" y="${258 + row * 22}" width="24" height="17" rx="3"/>`;
      return `<rect x="110" y="240" width="380" height="130" rx="16" ${s}/><g fill="${shade(c, 0.4)}" stroke="${o}" stroke-width="1">${keys}</g>`;
    }
    case 'mouse':
      return `<ellipse cx="300" cy="280" rx="85" ry="150" ${s}/><path d="M300 140v70" stroke="${o}" stroke-width="3"/>`;
    case 'trackpad':
      return `<rect x="160" y="180" width="280" height="220" rx="18" ${s}/><rect x="172" y="192" width="256" height="196" rx="12" fill="${shade(c, 0.2)}"/>`;
    case 'pencil':
      return `<g transform="rotate(-35 300 260)"><rect x="285" y="80" width="30" height="340" rx="6" ${s}/><path d="M285 420h30l-15 40z" ${s}/><rect x="285" y="80" width="30" height="24" fill="${shade(c, -0.1)}"/></g>`;
    case 'cable':
      return `<path d="M160 150c120 0 60 200 140 200s40-180 140-180" fill="none" stroke="${o}" stroke-width="16" stroke-linecap="round"/><path d="M160 150c120 0 60 200 140 200s40-180 140-180" fill="none" stroke="${c}" stroke-width="10" stroke-linecap="round"/><rect x="110" y="136" width="56" height="28" rx="8" ${s}/><rect x="434" y="156" width="56" height="28" rx="8" ${s}/>`;
    case 'charger':
      return `<rect x="220" y="180" width="160" height="160" rx="28" ${s}/><rect x="265" y="340" width="14" height="50" rx="4" fill="#8e8e93"/><rect x="321" y="340" width="14" height="50" rx="4" fill="#8e8e93"/><rect x="280" y="250" width="40" height="12" rx="6" fill="${o}"/>`;
    case 'drive':
      return `<rect x="200" y="170" width="200" height="260" rx="30" ${s}/><rect x="280" y="400" width="40" height="12" rx="6" fill="${o}"/><circle cx="300" cy="210" r="6" fill="#30d158"/>`;
    case 'egpu': {
      let vents = '';
      for (let i = 0; i < 10; i += 1) vents += `<rect x="${175 + i * 26}" y="210" width="12" height="160" rx="6"/>`;
      return `<rect x="150" y="180" width="300" height="220" rx="16" ${s}/><g fill="${shade(c, -0.45)}">${vents}</g>`;
    }
    case 'tag':
      return `<circle cx="300" cy="270" r="110" ${s}/><circle cx="300" cy="270" r="80" fill="${shade(c, -0.06)}"/><circle cx="300" cy="150" r="14" fill="none" stroke="${o}" stroke-width="6"/>`;
    case 'software':
      return `<rect x="190" y="140" width="220" height="260" rx="18" ${s}/><circle cx="300" cy="250" r="62" fill="#fff" opacity=".92"/><path d="M280 220l50 30-50 30z" fill="${c}"/>`;
    case 'bundle':
    case 'set':
      return `<rect x="140" y="230" width="200" height="170" rx="12" ${s}/><rect x="260" y="170" width="200" height="230" rx="12" fill="${shade(c, 0.2)}" stroke="${o}" stroke-width="3"/><path d="M360 170v230M260 250h200" stroke="${o}" stroke-width="3"/><path d="M330 150c15-30 45-30 30 20M390 150c-15-30-45-30-30 20" fill="none" stroke="#c8102e" stroke-width="8"/>`;
    case 'generic':
      return `<rect x="190" y="210" width="220" height="180" rx="10" ${s}/><rect x="175" y="180" width="250" height="50" rx="8" ${s}/><path d="M300 180v210" stroke="#fff" stroke-width="18"/><path d="M300 180c-30-50-80-40-60 0M300 180c30-50 80-40 60 0" fill="none" stroke="#fff" stroke-width="10"/>`;
  }
};

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Where the colour swatches of a configurable product sit: below the device, above the bottom edge. */
const SWATCH_Y = 640;

/**
 * A product picture as SVG (600 x 744, the gallery size): a clean render of the device's silhouette in the
 * product's colour, centred and lit on a soft studio background, with colour swatches for a configurable product.
 * No text in it (issue 19: pictures with the name and sku printed inside read as placeholders); the name is its
 * accessible label only, and the page says the rest. Served at `/images/products/<sku>.svg`; the same input always
 * gives the same bytes.
 */
export const productImageSvg = (product: ProductImageInput): string => {
  const kind = deviceKindOf(product);
  const colours = coloursOf(product.attributes);
  const fill = colours[0] ?? DEFAULT_FILL[kind] ?? '#d1d3d6';
  const outline = shade(fill, -0.35);
  const swatches =
    colours.length > 1
      ? colours
          .slice(0, 8)
          .map((hex, i, all) => {
            const x = 300 - ((all.length - 1) * 28) / 2 + i * 28;
            return `<circle cx="${x}" cy="${SWATCH_Y}" r="10" fill="${hex}" stroke="${shade(hex, -0.3)}" stroke-width="2"/>`;
          })
          .join('')
      : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 744" width="600" height="744" role="img" aria-label="${escapeXml(product.name)}">`,
    '<defs><radialGradient id="bg" cx=".5" cy=".42" r=".75"><stop offset="0" stop-color="#ffffff"/><stop offset=".7" stop-color="#f3f3f6"/><stop offset="1" stop-color="#e4e4ea"/></radialGradient>',
    '<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a4a6b"/><stop offset=".55" stop-color="#7d6fa8"/><stop offset="1" stop-color="#e59a7a"/></linearGradient>',
    '<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset=".45" stop-color="#fff" stop-opacity="0"/></linearGradient>',
    '<filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="14"/></filter></defs>',
    '<rect width="600" height="744" fill="url(#bg)"/>',
    // The device, larger and centred where the name used to be; a blurred floor shadow under it.
    '<ellipse cx="300" cy="575" rx="200" ry="18" fill="#000" opacity=".12" filter="url(#shadow)"/>',
    `<g transform="translate(300 372) scale(1.2) translate(-300 -275)">${silhouette(kind, fill, outline)}</g>`,
    '<rect width="600" height="744" fill="url(#sheen)" opacity=".5"/>',
    swatches,
    '</svg>',
  ].join('');
};
