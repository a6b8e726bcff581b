import { describe, expect, it } from 'vitest';
import {
  changePasswordBodyOf,
  changePasswordBodySchema,
  changePasswordFormSchema,
  loginBodySchema,
  refreshBodySchema,
  registerBodyOf,
  registerBodySchema,
  registerFormSchema,
  resetPasswordBodySchema,
} from '../../../schema/account/auth-calls.ts';
import { describeZodError } from '../../../schema/validation/describe-zod-error.ts';

const customer = { email: 'ivan@example.bg', firstname: 'Иван', lastname: 'Петров', egn: '0543151230' };

/** The field and sentence a failed parse reports, as every boundary reports bad input. */
const problemOf = (result: { error?: Parameters<typeof describeZodError>[0] }) =>
  result.error ? describeZodError(result.error) : undefined;

describe('register (POST /api/user/create)', () => {
  it('given a customer and a password, when parsed, then the body is accepted as sent', () => {
    expect(registerBodySchema.parse({ customer, password: 'parola123' })).toEqual({ customer, password: 'parola123' });
  });

  it('given no ЕГН or a blank one, when parsed, then the customer has none (a foreign customer has no ЕГН)', () => {
    const { egn: _, ...withoutEgn } = customer;
    expect(registerBodySchema.parse({ customer: withoutEgn, password: 'parola123' }).customer.egn).toBeUndefined();
    expect(registerBodySchema.parse({ customer: { ...customer, egn: ' ' }, password: 'parola123' }).customer.egn).toBe(
      undefined,
    );
  });

  it('given an invalid ЕГН, when parsed, then the error names customer.egn', () => {
    expect(
      problemOf(registerBodySchema.safeParse({ customer: { ...customer, egn: '8032056030' }, password: 'parola123' })),
    ).toEqual({
      field: 'customer.egn',
      message: 'customer.egn: ЕГН трябва да съдържа само цифри и да е валидно.',
    });
  });

  it('given a short password, when parsed, then the error names password', () => {
    expect(problemOf(registerBodySchema.safeParse({ customer, password: 'short' }))?.field).toBe('password');
  });

  it('given a field the call does not know, when parsed, then it is refused by name', () => {
    expect(
      problemOf(registerBodySchema.safeParse({ customer: { ...customer, group_id: 4 }, password: 'parola123' }))?.field,
    ).toBe('customer.group_id');
  });
});

describe('the register form', () => {
  const form = { ...customer, password: 'parola123', passwordConfirmation: 'parola123' };

  it('given the same password twice, when parsed, then it becomes the call body', () => {
    expect(registerBodyOf(registerFormSchema.parse(form))).toEqual({ customer, password: 'parola123' });
  });

  it('given two different passwords, when parsed, then the confirmation is refused as not identical', () => {
    expect(problemOf(registerFormSchema.safeParse({ ...form, passwordConfirmation: 'parola124' }))).toEqual({
      field: 'passwordConfirmation',
      message: 'passwordConfirmation: Паролите трябва да са еднакви.',
    });
  });

  it('given a one-letter name, when parsed, then the name is refused first', () => {
    expect(problemOf(registerFormSchema.safeParse({ ...form, firstname: 'И' }))).toEqual({
      field: 'firstname',
      message: 'firstname: Името трябва да съдържа поне 2 букви.',
    });
  });
});

describe('login (POST /api/user/login)', () => {
  it('given the e-mail as username and a password, when parsed, then it is accepted', () => {
    expect(loginBodySchema.parse({ username: ' ivan@example.bg ', password: 'x' })).toEqual({
      username: 'ivan@example.bg',
      password: 'x',
    });
  });

  it('given a username that is not an e-mail, when parsed, then the error names username', () => {
    expect(problemOf(loginBodySchema.safeParse({ username: 'ivan', password: 'parola123' }))).toEqual({
      field: 'username',
      message: 'username: Моля, въведете валиден имейл адрес.',
    });
  });

  it('given no password, when parsed, then it is required', () => {
    expect(problemOf(loginBodySchema.safeParse({ username: 'ivan@example.bg' }))).toEqual({
      field: 'password',
      message: 'password: Полето е задължително.',
    });
  });
});

describe('refresh and reset password', () => {
  it('given a refresh token, then it is accepted; given an empty one, then it is required', () => {
    expect(refreshBodySchema.safeParse({ refreshToken: 'abc.def' }).success).toBe(true);
    expect(problemOf(refreshBodySchema.safeParse({ refreshToken: '' }))?.message).toBe(
      'refreshToken: Полето е задължително.',
    );
  });

  it('given an e-mail, then a reset is accepted; given none, then the error names email', () => {
    expect(resetPasswordBodySchema.parse({ email: 'ivan@example.bg' })).toEqual({ email: 'ivan@example.bg' });
    expect(problemOf(resetPasswordBodySchema.safeParse({ email: 'ivan@' }))?.field).toBe('email');
  });
});

describe('change password (POST /api/user/change-password)', () => {
  const form = { currentPassword: 'old', newPassword: 'parola123', newPasswordConfirmation: 'parola123' };

  it('given the current password and a new one typed twice, then the body carries the two passwords', () => {
    expect(changePasswordBodyOf(changePasswordFormSchema.parse(form))).toEqual({
      currentPassword: 'old',
      newPassword: 'parola123',
    });
  });

  it('given a new password under 8 characters, then the error names newPassword', () => {
    expect(problemOf(changePasswordBodySchema.safeParse({ currentPassword: 'old', newPassword: 'short' }))).toEqual({
      field: 'newPassword',
      message: 'newPassword: Паролата трябва да съдържа поне 8 знака.',
    });
  });

  it('given a confirmation that differs, then the confirmation is refused as not identical', () => {
    expect(problemOf(changePasswordFormSchema.safeParse({ ...form, newPasswordConfirmation: 'parola12' }))?.field).toBe(
      'newPasswordConfirmation',
    );
  });
});
