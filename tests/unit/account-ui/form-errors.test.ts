import { describe, expect, it } from 'vitest';
import { registerFormSchema } from '../../../schema/account/auth-calls.ts';
import { fieldErrorsOf, invalidFields } from '../../../client/account/field-errors.ts';
import { REGISTER_FIELDS } from '../../../client/account/form-schemas.ts';
import { issueMessage } from '../../../client/ui/form/ui-message.ts';

const validForm = {
  firstname: 'Мария',
  lastname: 'Иванова',
  email: 'maria@example.bg',
  egn: '',
  password: 'дълга парола',
  passwordConfirmation: 'дълга парола',
};

const errorsOf = (form: Record<string, string>) => {
  const parsed = registerFormSchema.safeParse(form);
  return parsed.success ? { fields: {} } : fieldErrorsOf(parsed.error.issues, REGISTER_FIELDS);
};

describe('the register form with the ЕГН rule', () => {
  it.each(['8032056031', '0543151230', ''])('given the ЕГН %j, when checked, then the form passes', (egn) => {
    expect(registerFormSchema.safeParse({ ...validForm, egn }).success).toBe(true);
  });

  it.each(['8032056030', '8019010008', '80320560'])(
    'given the invalid ЕГН %s, when checked, then the ЕГН field says so in the interface language',
    (egn) => {
      expect(errorsOf({ ...validForm, egn })).toEqual({ fields: { egn: { key: 'account.validation.egnInvalid' } } });
    },
  );

  it('given two different passwords, when checked, then the confirmation field says they differ', () => {
    expect(errorsOf({ ...validForm, passwordConfirmation: 'друга парола' }).fields).toEqual({
      passwordConfirmation: { key: 'account.validation.passwordsDiffer' },
    });
  });
});

describe('fieldErrorsOf', () => {
  it('given several problems, when collected, then each field keeps its first and the order follows the form', () => {
    const errors = errorsOf({
      ...validForm,
      firstname: '',
      email: 'no',
      password: 'short',
      passwordConfirmation: 'short',
    });
    expect(errors.fields).toEqual({
      firstname: { key: 'account.validation.nameTooShort' },
      email: { key: 'account.validation.emailInvalid' },
      password: { key: 'account.validation.passwordTooShort' },
    });
    expect(invalidFields(errors.fields, REGISTER_FIELDS)).toEqual(['firstname', 'email', 'password']);
  });

  it('given an issue on no field of the form, when collected, then it is the form’s', () => {
    const errors = fieldErrorsOf([{ path: ['extra'], message: 'Unrecognized key' }], REGISTER_FIELDS);
    expect(errors).toEqual({ fields: {}, form: { text: 'Unrecognized key' } });
  });
});

describe('issueMessage', () => {
  it('given an account message, our own key or any other text, when mapped, then key, key and text', () => {
    expect(issueMessage('Полето е задължително.')).toEqual({ key: 'account.validation.required' });
    expect(issueMessage('account.shipping.zipInvalid')).toEqual({ key: 'account.shipping.zipInvalid' });
    expect(issueMessage('Something else.')).toEqual({ text: 'Something else.' });
  });
});
