/**
 * Issue 29: the everyday words Bulgarian shoppers use for a kind of product, as data. A product's kinds are the
 * words of its categories' names (every category it is filed under, its parents included: an iPhone is in
 * "iPhone" and "Телефони"), so "телефони", "лаптоп" or "таблети" need no entry here; this table adds the words a
 * shopper uses that no category name holds, each pointing at words of the shop's category names
 * (tools/catalog/categories.ts; a unit test keeps every target a real category word).
 *
 * Where the words come from: the names shoppers give these products in Bulgarian shops' own menus and in search
 * suggestions (смартфон, GSM, часовник, слушалки, колонка, мишка, кейс), the English words for the same kinds
 * that Bulgarians also type (phone, computer, headphones), and Apple's product names that stand for a kind
 * ("AirPods" for headphones, "HomePod" for a speaker). Keys and targets are written as a shopper types them,
 * singular; both are folded to Latin and stemmed (schema/search/bg-stem.ts), so a plural or a Latin spelling of a
 * key finds the same kind ("часовници", "chasovnik"). A key's targets replace the word's own stem.
 */
export const KIND_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  // Phones: the category is "Телефони".
  смартфон: ['телефони'],
  gsm: ['телефони'],
  phone: ['телефони'],
  // Computers: a Mac desktop (the category "Mac") or a laptop ("Лаптопи"); not "Настолни компютри" as such,
  // which also files the monitors.
  компютър: ['mac', 'лаптопи'],
  computer: ['mac', 'лаптопи'],
  ноутбук: ['лаптопи'],
  notebook: ['лаптопи'],
  // Watches: the category is "Apple Watch".
  часовник: ['watch'],
  // Headphones and speakers: the categories are "AirPods" and "HomePod".
  слушалки: ['airpods'],
  headphones: ['airpods'],
  колонка: ['homepod'],
  тонколона: ['homepod'],
  speaker: ['homepod'],
  // Mice, keyboards and screens: "Клавиатури и Magic Mouse", "Монитори".
  мишка: ['mouse'],
  keyboard: ['клавиатури'],
  дисплей: ['монитори'],
  // Cases, chargers and cables: "Калъфи и протектори", "Калъфи и адаптери", "Зарядни, кабели и адаптери".
  кейс: ['калъфи'],
  калъфче: ['калъфи'],
  case: ['калъфи'],
  cover: ['калъфи'],
  charger: ['зарядни'],
  cable: ['кабели'],
  // Software: "Софтуер".
  програма: ['софтуер'],
  software: ['софтуер'],
};

/**
 * Words of category names that do not name a kind: joining words; the brand every product carries or fits
 * ("Apple Watch" is a watch; "apple" alone must not pull every Apple Watch and Apple TV ahead); and the words that
 * tell models apart within a kind ("MacBook Pro", "iPad mini", "Mac Studio"): "airpods pro" must not put every
 * MacBook Pro ahead, and the text already ranks the models the query names.
 */
export const KIND_STOP_WORDS: readonly string[] = [
  'и',
  'and',
  'apple',
  'pro',
  'air',
  'mini',
  'max',
  'plus',
  'ultra',
  'studio',
  'touch',
  'magic',
];
