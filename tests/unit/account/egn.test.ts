import { describe, expect, it } from 'vitest';
import { egnBirthDate, egnSchema, isValidEgn } from '../../../schema/account/egn.ts';
import { describeZodError } from '../../../schema/validation/describe-zod-error.ts';

// Vectors from BULGARIA.md, and ones whose check digit is right, so only the rule under test can refuse them.
describe('ЕГН validity', () => {
  it.each([
    ['8032056031', 'BULGARIA.md, 5 December 1880 (month 32 = December of the 1800s)'],
    ['7523169263', 'BULGARIA.md, 1875'],
    ['7542011030', 'BULGARIA.md, 2075'],
    ['0543151230', 'BULGARIA.md, 2005'],
    ['9001010000', 'a weighted sum of 10 mod 11, whose check digit is 0'],
    ['0042291239', '29 February 2000, a leap year'],
    ['9602291238', '29 February 1996'],
  ])('given %s (%s), when checked, then it is valid', (egn) => {
    expect(isValidEgn(egn)).toBe(true);
  });

  it.each([
    ['8032056030', 'BULGARIA.md: wrong check digit'],
    ['8019010008', 'BULGARIA.md: no such month'],
    ['8019010001', 'month 19 with a right check digit'],
    ['9002311230', '31 February, with a right check digit'],
    ['9904311231', '31 April, with a right check digit'],
    ['0002291230', '29 February 1900, not a leap year, with a right check digit'],
    ['9000011236', 'day 0'],
    ['803205603', 'nine digits'],
    ['80320560311', 'eleven digits'],
    ['80320560З1', 'a Cyrillic З among the digits'],
    ['8032 56031', 'a space inside'],
    ['-032056031', 'a sign'],
    ['', 'nothing'],
  ])('given %s (%s), when checked, then it is invalid', (egn) => {
    expect(isValidEgn(egn)).toBe(false);
  });
});

describe('the birth date an ЕГН encodes', () => {
  it('given the month offsets, then +20 is the 1800s, none the 1900s and +40 the 2000s', () => {
    expect(egnBirthDate('8032056031')).toEqual({ year: 1880, month: 12, day: 5 });
    expect(egnBirthDate('7542011030')).toEqual({ year: 2075, month: 2, day: 1 });
    expect(egnBirthDate('9001010000')).toEqual({ year: 1990, month: 1, day: 1 });
  });

  it('given a date that does not exist, then there is none', () => {
    expect(egnBirthDate('9002311230')).toBeUndefined();
  });
});

describe('the ЕГН field', () => {
  it('given spaces around a valid ЕГН, when parsed, then they are dropped', () => {
    expect(egnSchema.parse(' 0543151230 ')).toBe('0543151230');
  });

  it("given an invalid ЕГН, when parsed, then the error names the field with the spec's message", () => {
    const result = egnSchema.safeParse('8032056030');
    expect(result.success).toBe(false);
    expect(describeZodError(result.error!, 'egn')).toEqual({
      field: 'egn',
      message: 'egn: ЕГН трябва да съдържа само цифри и да е валидно.',
    });
  });

  it('given a number instead of text, when parsed, then it is refused as missing', () => {
    expect(egnSchema.safeParse(8032056031).error?.issues[0]?.message).toBe('Полето е задължително.');
  });
});
