import { describe, expect, it } from 'vitest';
import {
  invoiceDataBodySchema,
  notificationTokenBodySchema,
  updateUserBodySchema,
} from '../../../schema/account/profile-calls.ts';
import { userSchema } from '../../../schema/account/user.ts';
import { describeZodError } from '../../../schema/validation/describe-zod-error.ts';

const problemOf = (result: { error?: Parameters<typeof describeZodError>[0] }) =>
  result.error ? describeZodError(result.error) : undefined;

describe('update user (POST /api/user)', () => {
  const user = { email: 'ivan@example.bg', firstname: 'Иван', lastname: 'Петров' };

  it('given the changeable fields, when parsed, then they are accepted', () => {
    expect(updateUserBodySchema.parse(user)).toEqual(user);
  });

  it('given the server-owned group, when parsed, then it is refused by name', () => {
    expect(problemOf(updateUserBodySchema.safeParse({ ...user, group_id: 4 }))?.field).toBe('group_id');
  });

  it('given a name with a digit, when parsed, then the error names lastname', () => {
    expect(problemOf(updateUserBodySchema.safeParse({ ...user, lastname: 'Петров2' }))?.field).toBe('lastname');
  });
});

describe('invoice data (POST /api/user/update-invoice-data)', () => {
  const invoice = {
    company: 'Ябълка ООД',
    eik: '175074752',
    vatNumber: 'BG175074752',
    mol: 'Иван Петров Иванов',
    city: 'София',
    streetAddress: 'бул. Витоша 1, ет. 2',
  };

  it('given a company with its ЕИК, VAT number, МОЛ and address, when parsed, then it is accepted', () => {
    expect(invoiceDataBodySchema.parse(invoice)).toEqual(invoice);
  });

  it('given a company not registered for VAT, when parsed, then the VAT number is absent', () => {
    expect(invoiceDataBodySchema.parse({ ...invoice, vatNumber: '' }).vatNumber).toBeUndefined();
  });

  it.each([
    ['eik', '175074751', 'eik: ЕИК (БУЛСТАТ) трябва да съдържа само цифри и да е валиден.'],
    ['vatNumber', 'BG175074751', 'vatNumber: ДДС номерът трябва да е BG, последвано от валиден ЕИК или ЕГН.'],
    ['company', ' ', 'company: Полето е задължително.'],
    ['company', 'Я'.repeat(51), 'company: Името на фирмата може да съдържа най-много 50 знака.'],
    ['mol', 'И', 'mol: Името трябва да съдържа поне 2 букви.'],
    ['city', 'Я'.repeat(31), 'city: Населеното място може да съдържа най-много 30 знака.'],
    ['streetAddress', 'Я'.repeat(101), 'streetAddress: Адресът може да съдържа най-много 100 знака.'],
  ])('given %s = %s, when parsed, then it is refused: %s', (field, value, message) => {
    expect(problemOf(invoiceDataBodySchema.safeParse({ ...invoice, [field]: value }))).toEqual({ field, message });
  });
});

describe('store notification token (POST /api/user/store-notification-token)', () => {
  it('given a token and a user id, then it is accepted; given an empty token, then it is required', () => {
    expect(notificationTokenBodySchema.safeParse({ token: 'push-token', userId: 'u1' }).success).toBe(true);
    expect(problemOf(notificationTokenBodySchema.safeParse({ token: '', userId: 'u1' }))?.message).toBe(
      'token: Полето е задължително.',
    );
  });
});

describe('the current user', () => {
  it('given an account made under older rules (a one-letter name), when loaded, then it still parses', () => {
    const user = { id: 'u1', email: 'a@b.bg', firstname: 'И', lastname: 'П', group_id: 1, groupToken: 'g' };
    expect(userSchema.parse(user)).toEqual(user);
  });
});
