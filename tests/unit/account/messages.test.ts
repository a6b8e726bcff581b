import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGE_TEXTS,
  accountMessageIn,
  accountMessageKey,
  accountText,
  type AccountMessage,
} from '../../../schema/account/messages.ts';

const messages = Object.keys(ACCOUNT_MESSAGE_TEXTS.bg) as AccountMessage[];

describe('account messages', () => {
  it('given every message, then Bulgarian and English both have it, and no two share a Bulgarian text', () => {
    expect(Object.keys(ACCOUNT_MESSAGE_TEXTS.en).sort()).toEqual([...messages].sort());
    expect(new Set(Object.values(ACCOUNT_MESSAGE_TEXTS.bg)).size).toBe(messages.length);
  });

  it("given an issue's Bulgarian text, then its i18n key and English text are found", () => {
    const text = accountText('nameTooShort');
    expect(accountMessageKey(text)).toBe('account.validation.nameTooShort');
    expect(accountMessageIn(text, 'en')).toBe('Name must have at least 2 letters.');
    expect(accountMessageIn(text, 'bg')).toBe(text);
  });

  it("given a text that is not an account message (zod's own), then it has no key and is left as it is", () => {
    expect(accountMessageKey('Unrecognized key: "x"')).toBeUndefined();
    expect(accountMessageIn('Unrecognized key: "x"', 'en')).toBe('Unrecognized key: "x"');
  });

  it("given the spec's wording, then the English texts keep it", () => {
    expect(ACCOUNT_MESSAGE_TEXTS.en.passwordTooShort).toBe('Password must have at least 8 characters.');
    expect(ACCOUNT_MESSAGE_TEXTS.en.passwordsDiffer).toBe('Passwords must be identical.');
    expect(ACCOUNT_MESSAGE_TEXTS.en.egnInvalid).toBe('The ID number must contain digits only and be valid.');
  });
});
