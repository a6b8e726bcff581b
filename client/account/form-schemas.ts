import { z } from 'zod';
import { accountText } from '../../schema/account/messages.ts';
import { emailSchema, loginPasswordSchema, passwordSchema } from '../../schema/account/user-fields.ts';

/**
 * The two forms whose schema is not in schema/account as it is: the login form names the e-mail field 'email'
 * (the call's 'username' is the e-mail the account was made with), and the new-password form of a reset link
 * asks for the password twice. The rules are the call bodies' own.
 */
export const LOGIN_FIELDS = ['email', 'password'] as const;
export const loginFormSchema = z.object({ email: emailSchema, password: loginPasswordSchema });

export const RESET_CONFIRM_FIELDS = ['newPassword', 'newPasswordConfirmation'] as const;
export const resetConfirmFormSchema = z
  .object({ newPassword: passwordSchema, newPasswordConfirmation: z.string({ error: accountText('required') }) })
  .superRefine((form, ctx) => {
    if (form.newPassword !== form.newPasswordConfirmation) {
      ctx.addIssue({ code: 'custom', message: accountText('passwordsDiffer'), path: ['newPasswordConfirmation'] });
    }
  });

export const REGISTER_FIELDS = ['firstname', 'lastname', 'email', 'egn', 'password', 'passwordConfirmation'] as const;
export const PROFILE_FIELDS = ['firstname', 'lastname', 'email', 'egn'] as const;
export const CHANGE_PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'newPasswordConfirmation'] as const;
export const INVOICE_FIELDS = ['company', 'eik', 'vatNumber', 'mol', 'city', 'streetAddress'] as const;

/** A form's blank values. */
export const blankValues = <F extends string>(fields: readonly F[]): Record<F, string> =>
  Object.fromEntries(fields.map((name) => [name, ''])) as Record<F, string>;
