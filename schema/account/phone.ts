import { textField } from './text-field.ts';

/**
 * Bulgarian phone numbers (BULGARIA.md): "`+359` then the national number without its leading 0; mobiles
 * `+359 87|88|89|98` and 7 more digits; Sofia landlines `+359 2` and 6-7 digits. Accept the national form with a
 * leading 0 too." Spec (commerce.md section 5): "a valid e-mail and phone are needed".
 *
 * BULGARIA.md names only mobiles and Sofia. Landlines elsewhere (Plovdiv 032 xxx xxx, Varna 052 xxx xxx) have an
 * area code of 3 to 9 and 8 national digits in all; we accept them too, as refusing a shopper's real number at
 * checkout loses the order.
 */
const MOBILE = /^(?:87|88|89|98)\d{7}$/;
const SOFIA = /^2\d{6,7}$/;
/** Numbering is prefix-free, so an 8-digit number under a mobile prefix is a mobile missing a digit, not a landline. */
const OTHER_LANDLINE = /^(?!87|88|89|98)[3-9]\d{7}$/;

/** What people put between digits: spaces, hyphens, dots, slashes and brackets. */
const SEPARATORS = /[\s\-./()]/g;

/**
 * The national number (without its leading 0) of an international (+359, 00359) or national (0…) form. The
 * common '+359 (0)88…' keeps the 0 after the country code, which is dropped too.
 */
const nationalNumberOf = (text: string): string | undefined => {
  const compact = text.replace(SEPARATORS, '');
  for (const prefix of ['+359', '00359']) {
    if (compact.startsWith(prefix)) return compact.slice(prefix.length).replace(/^0/, '');
  }
  return compact.startsWith('0') ? compact.slice(1) : undefined;
};

const isNationalNumber = (national: string): boolean =>
  MOBILE.test(national) || SOFIA.test(national) || OTHER_LANDLINE.test(national);

export const isValidBgPhone = (text: string): boolean => {
  const national = nationalNumberOf(text);
  return national !== undefined && isNationalNumber(national);
};

/** The one form a number is stored in, '+359888123456'; a text that is not a valid number comes back unchanged. */
export const normaliseBgPhone = (text: string): string => {
  const national = nationalNumberOf(text);
  return national !== undefined && isNationalNumber(national) ? `+359${national}` : text.trim();
};

/** A phone as a form sends it: '0888 123 456', '+359 88 812 3456' and '00359888123456' all parse to '+359888123456'. */
export const bgPhoneSchema = textField((text) => (isValidBgPhone(text) ? undefined : 'phoneInvalid'), normaliseBgPhone);
