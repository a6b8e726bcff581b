import { describe, expect, it } from 'vitest';
import { refusalErrors, refusalMessage } from '../../../client/account/refusal.ts';
import { CHANGE_PASSWORD_FIELDS, LOGIN_FIELDS, REGISTER_FIELDS } from '../../../client/account/form-schemas.ts';

const refused = (status: number, message: string, field?: string) => ({ ok: false as const, status, message, field });

describe('a server refusal on the form', () => {
  it('given a taken e-mail on register (customer.email), when shown, then it is on the e-mail field, in our words', () => {
    expect(
      refusalErrors(refused(409, 'An account with this e-mail already exists', 'customer.email'), REGISTER_FIELDS),
    ).toEqual({ fields: { email: { key: 'account.refusals.emailTaken' } } });
  });

  it('given a wrong login, when shown, then it is on the password field', () => {
    expect(refusalErrors(refused(401, 'Wrong e-mail or password', 'password'), LOGIN_FIELDS)).toEqual({
      fields: { password: { key: 'account.refusals.wrongCredentials' } },
    });
  });

  it('given a wrong current password, when shown, then it is on that field', () => {
    expect(
      refusalErrors(refused(400, 'The current password is wrong', 'currentPassword'), CHANGE_PASSWORD_FIELDS).fields,
    ).toEqual({ currentPassword: { key: 'account.refusals.wrongCurrentPassword' } });
  });

  it('given the server’s schema refusal with its field prefix, when shown, then the prefix goes and the text maps', () => {
    const egn = refused(400, 'customer.egn: ЕГН трябва да съдържа само цифри и да е валидно.', 'customer.egn');
    expect(refusalErrors(egn, REGISTER_FIELDS)).toEqual({ fields: { egn: { key: 'account.validation.egnInvalid' } } });
  });

  it('given an expired reset link (field token), when shown, then it is over the form', () => {
    expect(refusalErrors(refused(400, 'The link is not valid or has expired', 'token'), ['newPassword'])).toEqual({
      fields: {},
      form: { key: 'account.refusals.resetLinkInvalid' },
    });
  });

  it('given no answer or a server failure, when shown, then it says so, not that the input is wrong', () => {
    expect(refusalMessage(refused(0, 'timeout'))).toEqual({ key: 'account.form.offline' });
    expect(refusalMessage(refused(503, 'Service Unavailable'))).toEqual({ key: 'account.form.failed' });
  });

  it('given a 401 of an account call (no user any more), when shown, then it asks to log in again', () => {
    expect(refusalMessage(refused(401, 'A logged-in user is required: not authorized'))).toEqual({
      key: 'account.refusals.notLoggedIn',
    });
  });

  it('given a refusal we do not know, when shown, then the server’s text is shown as it is', () => {
    expect(refusalMessage(refused(403, 'userId is another user', 'userId'))).toEqual({
      text: 'userId is another user',
    });
  });
});
