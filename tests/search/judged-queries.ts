import type { CatalogProduct } from '../../schema/catalog/catalog-product.ts';

/**
 * Issue 19's judged set: queries real Bulgarian shoppers type (Apple's names in Cyrillic, Bulgarian words in
 * Latin, typos, model names, accessories), each with what a shopper expects at the top, judged against the
 * generated catalogue (`npm run catalog:generate`, seed 2011, 1,500 products) by category and name rather than
 * by sku, so a regenerated catalogue keeps them meaningful.
 *
 * Relevance: 2 when a product is what the shopper asked for (its category and its name both fit), 1 when it is
 * only of the right kind (the category fits), 0 otherwise. success@3 asks for a 2 among the first three.
 */
export type QueryKind =
  'cyrillic' | 'latin' | 'typo' | 'model' | 'accessory' | 'bulgarian-latin' | 'bulgarian' | 'kind-word';

export interface JudgedQuery {
  readonly query: string;
  readonly kind: QueryKind;
  /** Category slugs (any of them) a fitting product is in. */
  readonly categories: readonly string[];
  /** What a fitting product's name says (case-insensitive). */
  readonly name: RegExp;
}

const IPHONES = ['iphone'];
const MACBOOKS = ['macbook-air', 'macbook-pro'];
const IPADS = ['ipad', 'ipad-mini', 'ipad-air', 'ipad-pro'];
const CASES = ['kalafi-i-protektori'];
const CHARGERS = ['zaryadni-i-kabeli'];
/** Laptops and the Mac desktops (not the monitors filed under "Настолни компютри"). */
const COMPUTERS = ['laptopi', 'mac'];
const MACS = /^(macbook|imac|mac (mini|studio|pro))/i;

const q = (query: string, kind: QueryKind, categories: readonly string[], name: RegExp): JudgedQuery => ({
  query,
  kind,
  categories,
  name,
});

export const JUDGED_QUERIES: readonly JudgedQuery[] = [
  // Apple's names in Cyrillic, as Bulgarians write them.
  q('айфон', 'cyrillic', IPHONES, /^iphone/i),
  q('айфон 17', 'cyrillic', IPHONES, /^iphone 17/i),
  q('айфон 17 про', 'cyrillic', IPHONES, /^iphone 17 pro/i),
  q('айфон 17 про макс', 'cyrillic', IPHONES, /^iphone 17 pro max/i),
  q('айфон еър', 'cyrillic', IPHONES, /^iphone air/i),
  q('айфон 15', 'cyrillic', IPHONES, /^iphone 15/i),
  q('макбук', 'cyrillic', MACBOOKS, /^macbook/i),
  q('макбук еър', 'cyrillic', ['macbook-air'], /^macbook air/i),
  q('макбук про', 'cyrillic', ['macbook-pro'], /^macbook pro/i),
  q('айпад', 'cyrillic', IPADS, /^ipad/i),
  q('айпад мини', 'cyrillic', ['ipad-mini'], /^ipad mini/i),
  q('айпад про', 'cyrillic', ['ipad-pro'], /^ipad pro/i),
  q('айпад еър', 'cyrillic', ['ipad-air'], /^ipad air/i),
  q('аймак', 'cyrillic', ['imac'], /^imac/i),
  q('мак мини', 'cyrillic', ['mac-mini'], /^mac mini/i),
  q('мак студио', 'cyrillic', ['mac-studio'], /^mac studio/i),
  q('еърподс', 'cyrillic', ['airpods'], /^airpods/i),
  q('еърподс про', 'cyrillic', ['airpods'], /^airpods pro/i),
  q('ейрподс макс', 'cyrillic', ['airpods'], /^airpods max/i),
  q('епъл уоч', 'cyrillic', ['apple-watch'], /^apple watch/i),
  q('епъл уоч ултра', 'cyrillic', ['apple-watch'], /^apple watch ultra/i),
  q('хоумпод', 'cyrillic', ['homepod'], /^homepod/i),
  q('хоумпод мини', 'cyrillic', ['homepod'], /^homepod mini/i),
  q('епъл тв', 'cyrillic', ['apple-tv'], /^apple tv/i),
  q('айртаг', 'cyrillic', ['drugi'], /^airtag/i),
  q('епъл пенсил', 'cyrillic', ['aksesoari-za-ipad'], /^apple pencil/i),
  q('меджик маус', 'cyrillic', ['keyboards-magic-mouse'], /^magic mouse/i),
  q('меджик кийборд', 'cyrillic', ['keyboards-magic-mouse'], /^magic keyboard/i),
  q('студио дисплей', 'cyrillic', ['monitori'], /^studio display/i),
  // Latin, as Apple writes them.
  q('iphone 17 pro max', 'latin', IPHONES, /^iphone 17 pro max/i),
  q('iphone 16 plus', 'latin', IPHONES, /^iphone 16 plus/i),
  q('macbook air 15', 'latin', ['macbook-air'], /^macbook air 15/i),
  q('macbook pro 16', 'latin', ['macbook-pro'], /^macbook pro 16/i),
  q('ipad air', 'latin', ['ipad-air'], /^ipad air/i),
  q('apple watch se', 'latin', ['apple-watch'], /^apple watch se/i),
  q('airpods 4', 'latin', ['airpods'], /^airpods 4/i),
  q('mac mini', 'latin', ['mac-mini'], /^mac mini/i),
  q('imac', 'latin', ['imac'], /^imac/i),
  q('homepod mini', 'latin', ['homepod'], /^homepod mini/i),
  q('apple pencil pro', 'latin', ['aksesoari-za-ipad'], /^apple pencil pro/i),
  q('magic trackpad', 'latin', ['keyboards-magic-mouse'], /^magic trackpad/i),
  // Typos, either script.
  q('macbok', 'typo', MACBOOKS, /^macbook/i),
  q('macbok pro', 'typo', ['macbook-pro'], /^macbook pro/i),
  q('iphnoe 17', 'typo', IPHONES, /^iphone 17/i),
  q('ipda air', 'typo', ['ipad-air'], /^ipad air/i),
  q('airpod pro', 'typo', ['airpods'], /^airpods pro/i),
  q('aple watch', 'typo', ['apple-watch'], /^apple watch/i),
  q('макбок', 'typo', MACBOOKS, /^macbook/i),
  q('айфонн 17', 'typo', IPHONES, /^iphone 17/i),
  q('хомпод', 'typo', ['homepod'], /^homepod/i),
  // Models and chips.
  q('series 11', 'model', ['apple-watch'], /^apple watch series 11/i),
  q('ultra 3', 'model', ['apple-watch'], /^apple watch ultra 3/i),
  q('17 pro max', 'model', IPHONES, /^iphone 17 pro max/i),
  q('macbook air m4', 'model', ['macbook-air'], /^macbook air .*m4/i),
  q('ipad a16', 'model', ['ipad'], /^ipad 11" \(a16\)/i),
  q('ipad mini a17', 'model', ['ipad-mini'], /^ipad mini \(a17 pro\)/i),
  // Accessories: the accessory first, not the device it fits.
  q('калъф за iphone 17', 'accessory', CASES, /калъф.* за iphone 17/i),
  q('калъф за айфон 15', 'accessory', CASES, /калъф.* за iphone 15/i),
  q('калъф за макбук', 'accessory', ['kalafi-za-mac'], /калъф.* за macbook/i),
  q('каишка за apple watch', 'accessory', ['kaishki'], /каишка/i),
  q('протектор за екран', 'accessory', CASES, /протектор за екран/i),
  q('зарядно', 'accessory', CHARGERS, /зарядно/i),
  q('кабел usb-c', 'accessory', CHARGERS, /кабел/i),
  q('magsafe зарядно', 'accessory', CHARGERS, /magsafe зарядно/i),
  q('външен ssd', 'accessory', ['external-ssd'], /външен ssd/i),
  q('силиконов калъф', 'accessory', CASES, /^силиконов калъф/i),
  q('iphone case', 'accessory', CASES, /калъф.* за iphone/i),
  // Bulgarian words typed in Latin letters.
  q('kalaf', 'bulgarian-latin', [...CASES, 'kalafi-za-mac'], /калъф/i),
  q('kalaf iphone 17', 'bulgarian-latin', CASES, /калъф.* за iphone 17/i),
  q('zaryadno', 'bulgarian-latin', CHARGERS, /зарядно/i),
  q('kaishka', 'bulgarian-latin', ['kaishki'], /каишка/i),
  q('protektor', 'bulgarian-latin', CASES, /протектор/i),
  q('kabel', 'bulgarian-latin', CHARGERS, /кабел/i),
  q('podarachna karta', 'bulgarian-latin', ['drugi'], /подаръчна карта/i),
  q('vanshen ssd', 'bulgarian-latin', ['external-ssd'], /външен ssd/i),
  // Bulgarian words.
  q('подаръчна карта', 'bulgarian', ['drugi'], /подаръчна карта/i),
  q('безжично зарядно', 'bulgarian', CHARGERS, /безжично зарядно/i),
  q('клавиатура', 'bulgarian', ['keyboards-magic-mouse'], /клавиатура/i),
  // Issue 29: a kind of product by its everyday word, singular or plural, either script: that kind first.
  q('телефон', 'kind-word', IPHONES, /^iphone/i),
  q('телефони', 'kind-word', IPHONES, /^iphone/i),
  q('смартфони', 'kind-word', IPHONES, /^iphone/i),
  q('telefoni', 'kind-word', IPHONES, /^iphone/i),
  q('компютър', 'kind-word', COMPUTERS, MACS),
  q('компютри', 'kind-word', COMPUTERS, MACS),
  q('kompyutri', 'kind-word', COMPUTERS, MACS),
  q('лаптоп', 'kind-word', ['laptopi'], /^macbook/i),
  q('лаптопи', 'kind-word', ['laptopi'], /^macbook/i),
  q('laptop', 'kind-word', ['laptopi'], /^macbook/i),
  q('таблет', 'kind-word', IPADS, /^ipad/i),
  q('таблети', 'kind-word', IPADS, /^ipad/i),
  q('часовник', 'kind-word', ['apple-watch'], /^apple watch/i),
  q('часовници', 'kind-word', ['apple-watch'], /^apple watch/i),
  q('chasovnik', 'kind-word', ['apple-watch'], /^apple watch/i),
  q('слушалки', 'kind-word', ['airpods'], /^airpods/i),
  q('slushalki', 'kind-word', ['airpods'], /^airpods/i),
  q('калъфи', 'kind-word', [...CASES, 'kalafi-za-mac'], /калъф/i),
  q('зарядни', 'kind-word', CHARGERS, /зарядно/i),
  q('кабели', 'kind-word', CHARGERS, /кабел/i),
  q('мишка', 'kind-word', ['keyboards-magic-mouse'], /мишка|mouse/i),
  q('мишки', 'kind-word', ['keyboards-magic-mouse'], /мишка|mouse/i),
  q('клавиатури', 'kind-word', ['keyboards-magic-mouse'], /клавиатура|keyboard/i),
  q('монитор', 'kind-word', ['monitori'], /display|монитор/i),
  q('монитори', 'kind-word', ['monitori'], /display|монитор/i),
  q('колонка', 'kind-word', ['homepod'], /^homepod/i),
];

const slugsOf = (product: CatalogProduct): string[] => product.category.map((c) => c.slug);

/** 2: what the shopper asked for; 1: the right kind of product; 0: neither. */
export const relevanceOf = (judged: JudgedQuery, product: CatalogProduct): 0 | 1 | 2 => {
  const inCategory = slugsOf(product).some((slug) => judged.categories.includes(slug));
  if (!inCategory) return 0;
  return judged.name.test(product.name) ? 2 : 1;
};
