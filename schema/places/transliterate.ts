/**
 * Bulgarian Cyrillic to Latin by the Transliteration Act (ДВ 19/2009, the "streamlined system"): what road signs
 * and passports use, so an English-speaking shopper types "Sofia", "Plovdiv", "Veliko Tarnovo". Only "ия" at a
 * word's end differs from letter by letter (-ia, not -iya).
 */
export const BG_LATIN_LETTERS: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sht',
  ъ: 'a',
  ь: 'y',
  ю: 'yu',
  я: 'ya',
};

const isLetter = (char: string | undefined): boolean => char !== undefined && /\p{L}/u.test(char);

export const transliterate = (text: string): string => {
  const chars = [...text];
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    const lower = char.toLowerCase();
    const next = chars[i + 1];
    let latin: string;
    if (lower === 'и' && next?.toLowerCase() === 'я' && !isLetter(chars[i + 2])) {
      latin = 'ia';
      i++;
    } else {
      latin = BG_LATIN_LETTERS[lower] ?? char;
    }
    if (char === lower || latin.length === 0) out += latin;
    // A capital before a capital is a word in capitals: "ЩИТ" is "SHTIT", "Щит" is "Shtit".
    else if (next !== undefined && next !== next.toLowerCase()) out += latin.toUpperCase();
    else out += latin[0]!.toUpperCase() + latin.slice(1);
  }
  return out;
};

/**
 * The form a name is searched by: Latin, lower case, without marks or punctuation, so "София", "sofia" and
 * "SOFIA" meet, and "Велико Търново" is found by "veliko t" and by "tarn".
 */
export const searchKey = (text: string): string =>
  transliterate(text.normalize('NFC'))
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
