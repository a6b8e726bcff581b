import { z } from 'zod';
import {
  EMAIL_MAX,
  FIRST_NAME_MAX,
  FULL_NAME_MAX,
  LAST_NAME_MAX,
  NAME_MIN_LETTERS,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from './limits.ts';
import { accountText, type AccountMessage } from './messages.ts';
import { textField, type FieldRule } from './text-field.ts';

/**
 * The fields of a user (spec commerce.md section 3: email, firstname, lastname, egn) and of the forms that change
 * them, with the rules of section 5: "name at least 2 letters (the Bulgarian variant says 3)", "password at least 8",
 * "a valid e-mail and phone are needed", "maximums: name 30, last name 30, full name 50, e-mail 100".
 */

/** One name: letters of the Cyrillic or Latin script (accents included). */
const LETTER = /[\p{Script=Cyrillic}\p{Script=Latin}]/gu;
/**
 * Runs of letters joined by single hyphens, apostrophes or spaces: 'Мария-Магдалена', "O'Neil", 'Jean Luc'; never
 * a separator at either end or two in a row.
 */
const NAME = /^[\p{Script=Cyrillic}\p{Script=Latin}]+(?:[-'’ ][\p{Script=Cyrillic}\p{Script=Latin}]+)*$/u;

/** How a name is stored: composed accents (NFC), no outer spaces, single spaces inside. */
export const normaliseName = (text: string): string => text.normalize('NFC').trim().replace(/\s+/g, ' ');

/**
 * The first problem of a name, in the order a shopper fixes them: too long, a character a name cannot have, too few
 * letters. Our choice for the spec's discrepancy is NAME_MIN_LETTERS = 2: names of two letters are real ('Ян',
 * 'Ли'), so the Bulgarian dictionary's 3 would refuse them.
 */
const nameRule =
  (max: number, tooLong: AccountMessage): FieldRule =>
  (name) => {
    if (name.length > max) return tooLong;
    if (name !== '' && !NAME.test(name)) return 'nameCharacters';
    if ((name.match(LETTER) ?? []).length < NAME_MIN_LETTERS) return 'nameTooShort';
    return undefined;
  };

export const firstNameSchema = textField(nameRule(FIRST_NAME_MAX, 'firstNameTooLong'), normaliseName);
export const lastNameSchema = textField(nameRule(LAST_NAME_MAX, 'lastNameTooLong'), normaliseName);
/** A whole name in one field (first and last, or all three): the invoice's МОЛ. */
export const fullNameSchema = textField(nameRule(FULL_NAME_MAX, 'fullNameTooLong'), normaliseName);

/**
 * A password is taken as typed (no trimming: a space is a character of it). Its length counts characters as a
 * person sees them (code points), so an emoji is one, not two. No composition rules: the spec has none, and
 * length is what makes a password strong.
 */
export const passwordRule: FieldRule = (password) => {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return 'passwordTooShort';
  if (length > PASSWORD_MAX) return 'passwordTooLong';
  return undefined;
};
export const passwordSchema = textField(passwordRule, (password) => password);

/**
 * The password a login sends: only present and not absurdly long. Login does not apply the rules of a new
 * password, as an account made under older rules must still be able to log in.
 */
const loginPasswordRule: FieldRule = (password) => {
  if (password === '') return 'required';
  if ([...password].length > PASSWORD_MAX) return 'passwordTooLong';
  return undefined;
};
export const loginPasswordSchema = textField(loginPasswordRule, (password) => password);

/**
 * An e-mail address, trimmed, at most 100 characters, valid by zod's default check (ASCII, a dot in the domain).
 * Its case is kept: the server decides how it compares addresses.
 */
export const emailSchema = z
  .string({ error: accountText('required') })
  .trim()
  .max(EMAIL_MAX, { error: accountText('emailTooLong') })
  .pipe(z.email({ error: accountText('emailInvalid') }));
