import { describe, expect, it } from 'vitest';
import { bgPhoneSchema, isValidBgPhone, normaliseBgPhone } from '../../../schema/account/phone.ts';

describe('Bulgarian phone numbers', () => {
  it.each([
    ['+359888123456', '+359888123456', 'a mobile, international form'],
    ['0888123456', '+359888123456', 'a mobile, national form with its leading 0'],
    ['0888 123 456', '+359888123456', 'spaces between digits'],
    ['+359 (0) 88 812-3456', '+359888123456', "the '+359 (0)' form, brackets and a hyphen"],
    ['00359 98 123 4567', '+359981234567', 'the 00 international prefix, a 98 mobile'],
    ['+359 87 123 4567', '+359871234567', 'an 87 mobile'],
    ['+359 89 123 4567', '+359891234567', 'an 89 mobile'],
    ['02 987 6543', '+35929876543', 'a Sofia landline of 7 digits'],
    ['02 987 654', '+3592987654', 'a Sofia landline of 6 digits'],
    ['032 123 456', '+35932123456', 'a Plovdiv landline (area code 32)'],
    ['052/123 456', '+35952123456', 'a Varna landline with a slash'],
  ])('given %s, when parsed, then it is %s (%s)', (input, normalised) => {
    expect(isValidBgPhone(input)).toBe(true);
    expect(bgPhoneSchema.parse(input)).toBe(normalised);
  });

  it.each([
    ['888123456', 'no 0 and no country code'],
    ['359888123456', 'a country code without + or 00'],
    ['+49 30 1234567', 'another country'],
    ['0888 123 45', 'a mobile one digit short'],
    ['0888 123 4567', 'a mobile one digit long'],
    ['0861 234 567', 'a 9-digit number that is not a mobile prefix'],
    ['02 123 45', 'a Sofia number of 5 digits'],
    ['02 1234 5678', 'a Sofia number of 8 digits'],
    ['012 345 678', 'a national number starting with 1'],
    ['0888 123 45a', 'a letter'],
    ['', 'nothing'],
  ])('given %s (%s), when checked, then it is refused', (input) => {
    expect(isValidBgPhone(input)).toBe(false);
    expect(bgPhoneSchema.safeParse(input).error?.issues[0]?.message).toBe(
      'Моля, въведете валиден български телефонен номер.',
    );
  });

  it('given a text that is not a phone, when normalised, then it is only trimmed', () => {
    expect(normaliseBgPhone(' 12 ')).toBe('12');
  });
});
