import { describe, expect, it } from 'vitest';
import { EMAIL_MAX, FIRST_NAME_MAX, FULL_NAME_MAX, PASSWORD_MAX } from '../../../schema/account/limits.ts';
import {
  emailSchema,
  firstNameSchema,
  fullNameSchema,
  lastNameSchema,
  loginPasswordSchema,
  passwordSchema,
} from '../../../schema/account/user-fields.ts';

const messageOf = (result: { error?: { issues: { message: string }[] } }): string | undefined =>
  result.error?.issues[0]?.message;

describe('first and last names', () => {
  it.each([
    ['Ян', 'two Cyrillic letters: our minimum (the Bulgarian dictionary says 3)'],
    ['Ли', 'two Cyrillic letters'],
    ['Bo', 'two Latin letters'],
    ['Мария-Магдалена', 'a hyphen inside'],
    ['Jean Luc', 'a space inside'],
    ["O'Neil", 'an apostrophe inside'],
    ['José', 'a Latin accent'],
    ['Ñúñez', 'accents throughout'],
  ])('given %s (%s), when parsed, then it is accepted', (name) => {
    expect(firstNameSchema.parse(name)).toBe(name);
    expect(lastNameSchema.parse(name)).toBe(name);
  });

  it('given outer spaces, repeated spaces and decomposed accents, when parsed, then it is stored tidy', () => {
    expect(firstNameSchema.parse('  Jean   Luc ')).toBe('Jean Luc');
    expect(firstNameSchema.parse('Jose\u0301')).toBe('José');
  });

  it.each([
    ['Я', 'one letter'],
    ['', 'nothing'],
    ['   ', 'only spaces'],
  ])("given %s (%s), when parsed, then it is refused with 'at least 2 letters'", (name) => {
    expect(messageOf(firstNameSchema.safeParse(name))).toBe('Името трябва да съдържа поне 2 букви.');
  });

  it.each([
    ['Иван1', 'a digit'],
    ['Иван!', 'a symbol'],
    ['-Иван', 'a hyphen at the start'],
    ['Иван-', 'a hyphen at the end'],
    ['Анна--Мария', 'two hyphens in a row'],
    ['Ἀλέξανδρος', 'Greek letters'],
    ['李', 'a Han character'],
  ])('given %s (%s), when parsed, then it is refused for its characters', (name) => {
    expect(messageOf(lastNameSchema.safeParse(name))).toBe(
      'Името може да съдържа само букви на кирилица или латиница, тире, апостроф и интервал.',
    );
  });

  it(`given ${FIRST_NAME_MAX} letters, then it fits; given one more, then it is too long`, () => {
    expect(firstNameSchema.safeParse('Я'.repeat(FIRST_NAME_MAX)).success).toBe(true);
    expect(messageOf(firstNameSchema.safeParse('Я'.repeat(FIRST_NAME_MAX + 1)))).toBe(
      'Името може да съдържа най-много 30 знака.',
    );
    expect(messageOf(lastNameSchema.safeParse('Я'.repeat(31)))).toBe('Фамилията може да съдържа най-много 30 знака.');
  });

  it(`given a full name, then it may have ${FULL_NAME_MAX} characters`, () => {
    const fifty = `${'Я'.repeat(24)} ${'Я'.repeat(25)}`;
    expect(fullNameSchema.safeParse(fifty).success).toBe(true);
    expect(messageOf(fullNameSchema.safeParse(`${fifty}Я`))).toBe('Пълното име може да съдържа най-много 50 знака.');
  });

  it('given no name at all, when parsed, then it is required', () => {
    expect(messageOf(firstNameSchema.safeParse(undefined))).toBe('Полето е задължително.');
  });
});

describe('passwords', () => {
  it('given 8 characters, then it is accepted; given 7, then it is too short', () => {
    expect(passwordSchema.parse('abcdefgh')).toBe('abcdefgh');
    expect(messageOf(passwordSchema.safeParse('abcdefg'))).toBe('Паролата трябва да съдържа поне 8 знака.');
  });

  it('given spaces around it, then they are part of the password', () => {
    expect(passwordSchema.parse(' abcdef ')).toBe(' abcdef ');
  });

  it('given emoji, then each counts as one character, as a person sees it', () => {
    expect(passwordSchema.safeParse('😀😀😀😀').success).toBe(false);
    expect(passwordSchema.safeParse('😀😀😀😀😀😀😀😀').success).toBe(true);
  });

  it(`given more than ${PASSWORD_MAX} characters, then it is too long`, () => {
    expect(passwordSchema.safeParse('a'.repeat(PASSWORD_MAX)).success).toBe(true);
    expect(messageOf(passwordSchema.safeParse('a'.repeat(PASSWORD_MAX + 1)))).toBe(
      'Паролата може да съдържа най-много 128 знака.',
    );
  });

  it('given a login, then a short password of an older account is still sent, but an empty one is not', () => {
    expect(loginPasswordSchema.parse('abc')).toBe('abc');
    expect(messageOf(loginPasswordSchema.safeParse(''))).toBe('Полето е задължително.');
    expect(loginPasswordSchema.safeParse('a'.repeat(PASSWORD_MAX + 1)).success).toBe(false);
  });
});

describe('e-mail', () => {
  it('given an address with spaces around it, when parsed, then it is trimmed', () => {
    expect(emailSchema.parse(' ivan@example.bg ')).toBe('ivan@example.bg');
  });

  it.each(['ivan', 'ivan@', '@example.bg', 'ivan@example', 'iv an@example.bg', ''])(
    'given %s, when parsed, then it is not a valid e-mail',
    (email) => {
      expect(messageOf(emailSchema.safeParse(email))).toBe('Моля, въведете валиден имейл адрес.');
    },
  );

  it(`given ${EMAIL_MAX} characters, then it fits; given one more, then it is too long`, () => {
    const domain = '@example.bg';
    expect(emailSchema.safeParse('a'.repeat(EMAIL_MAX - domain.length) + domain).success).toBe(true);
    expect(messageOf(emailSchema.safeParse('a'.repeat(EMAIL_MAX + 1 - domain.length) + domain))).toBe(
      'Имейл адресът може да съдържа най-много 100 знака.',
    );
  });
});
