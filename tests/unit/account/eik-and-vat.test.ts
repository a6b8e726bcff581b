import { describe, expect, it } from 'vitest';
import { eikSchema, isValidEik } from '../../../schema/account/eik.ts';
import { bgVatNumberSchema, isValidBgVatNumber } from '../../../schema/account/vat-number.ts';

// Vectors from BULGARIA.md, and ones made to reach each branch of the check.
describe('ЕИК (БУЛСТАТ) validity', () => {
  it.each([
    ['175074752', 'BULGARIA.md, 9 digits'],
    ['131272009', 'BULGARIA.md, the first weights give 10, so the second ones decide'],
    ['100000550', 'both weightings give 10, so the check digit is 0'],
    ['1213961230342', 'BULGARIA.md, 13 digits'],
    ['1213961230193', '13 digits, the second weights of the last four decide'],
    ['1213961230710', '13 digits, both weightings give 10, so the 13th is 0'],
  ])('given %s (%s), when checked, then it is valid', (eik) => {
    expect(isValidEik(eik)).toBe(true);
  });

  it.each([
    ['175074751', 'BULGARIA.md: wrong check digit'],
    ['131272000', 'the first weights give 10 and 0 is not what the second ones give'],
    ['100000551', 'both weightings give 10 but the check digit is not 0'],
    ['1213961230343', '13 digits, wrong 13th'],
    ['1750747510342', '13 digits whose first nine are not a valid ЕИК'],
    ['17507475', 'eight digits'],
    ['1750747520', 'ten digits'],
    ['17507475A', 'a letter'],
    ['', 'nothing'],
  ])('given %s (%s), when checked, then it is invalid', (eik) => {
    expect(isValidEik(eik)).toBe(false);
  });

  it("given an invalid ЕИК, when parsed, then the error carries the spec's message", () => {
    expect(eikSchema.safeParse('175074751').error?.issues[0]?.message).toBe(
      'ЕИК (БУЛСТАТ) трябва да съдържа само цифри и да е валиден.',
    );
  });
});

describe('Bulgarian VAT number', () => {
  it.each([
    ['BG175074752', 'BG and a company ЕИК'],
    ['BG131272009', 'BG and an ЕИК checked with the second weights'],
    ['BG8032056031', 'BG and an ЕГН (a person registered for VAT)'],
  ])('given %s (%s), when checked, then it is valid', (vat) => {
    expect(isValidBgVatNumber(vat)).toBe(true);
  });

  it.each([
    ['175074752', 'no BG'],
    ['BG175074751', 'an invalid ЕИК'],
    ['BG8032056030', 'an invalid ЕГН'],
    ['BG1213961230342', 'a 13-digit branch code (VIES takes 9 or 10 digits)'],
    ['DE175074752', 'another country'],
  ])('given %s (%s), when checked, then it is invalid', (vat) => {
    expect(isValidBgVatNumber(vat)).toBe(false);
  });

  it('given lower case and spaces, when parsed, then it is stored as BG and the digits', () => {
    expect(bgVatNumberSchema.parse(' bg 175 074 752 ')).toBe('BG175074752');
  });

  it("given an invalid one, when parsed, then the error carries the spec's message", () => {
    expect(bgVatNumberSchema.safeParse('BG175074751').error?.issues[0]?.message).toBe(
      'ДДС номерът трябва да е BG, последвано от валиден ЕИК или ЕГН.',
    );
  });
});
