import { z } from 'zod';
import { egnSchema } from './egn.ts';
import { TOKEN_MAX } from './limits.ts';
import { accountText } from './messages.ts';
import { optionalField } from './text-field.ts';
import { emailSchema, firstNameSchema, lastNameSchema, loginPasswordSchema, passwordSchema } from './user-fields.ts';

/**
 * Bodies of the account calls that make or open a session (spec commerce.md section 7), and of the forms behind
 * them. Bodies are strict: a field the call does not know is refused, not dropped.
 */

/**
 * The ЕГН is optional when registering: a foreign customer has none, and the spec asks for it only as "valid" when
 * given ("the ID number must be digits only and valid"). Checkout and credit, which need it, require it there.
 */
export const customerSchema = z
  .object({
    email: emailSchema,
    firstname: firstNameSchema,
    lastname: lastNameSchema,
    egn: optionalField(egnSchema),
  })
  .strict();
export type Customer = z.infer<typeof customerSchema>;

/** Register: "POST /api/user/create, body customer (email, firstname, lastname, egn) and password". */
export const registerBodySchema = z.object({ customer: customerSchema, password: passwordSchema }).strict();
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** The issue of a confirmation that differs, on the confirmation field. Spec: "passwords must be identical". */
const passwordsDiffer = (confirmationField: string) => ({
  code: 'custom' as const,
  message: accountText('passwordsDiffer'),
  path: [confirmationField],
});

/** The register form: the body's fields flat, with the password typed twice. */
export const registerFormSchema = customerSchema
  .extend({ password: passwordSchema, passwordConfirmation: z.string({ error: accountText('required') }) })
  .superRefine((form, ctx) => {
    if (form.password !== form.passwordConfirmation) ctx.addIssue(passwordsDiffer('passwordConfirmation'));
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** The call body of a filled register form. */
export const registerBodyOf = ({ password, passwordConfirmation: _, ...customer }: RegisterForm): RegisterBody => ({
  customer,
  password,
});

/** Login: "POST /api/user/login, body username, password". The username is the e-mail the account was made with. */
export const loginBodySchema = z.object({ username: emailSchema, password: loginPasswordSchema }).strict();
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Refresh: "POST /api/user/refresh, body refreshToken". */
export const refreshBodySchema = z
  .object({
    refreshToken: z
      .string({ error: accountText('required') })
      .min(1, { error: accountText('required') })
      .max(TOKEN_MAX),
  })
  .strict();
export type RefreshBody = z.infer<typeof refreshBodySchema>;

/** Reset password: "POST /api/user/reset-password, body email". */
export const resetPasswordBodySchema = z.object({ email: emailSchema }).strict();
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/**
 * Change password: "POST /api/user/change-password (token)"; the spec does not show the body. Ours carries the
 * current password (proof it is the account's owner at the keyboard) and the new one, which follows the new-password
 * rules.
 */
export const changePasswordBodySchema = z
  .object({ currentPassword: loginPasswordSchema, newPassword: passwordSchema })
  .strict();
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** The change password form: the new password typed twice. */
export const changePasswordFormSchema = changePasswordBodySchema
  .extend({ newPasswordConfirmation: z.string({ error: accountText('required') }) })
  .superRefine((form, ctx) => {
    if (form.newPassword !== form.newPasswordConfirmation) ctx.addIssue(passwordsDiffer('newPasswordConfirmation'));
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

export const changePasswordBodyOf = ({ newPasswordConfirmation: _, ...body }: ChangePasswordForm): ChangePasswordBody =>
  body;

/**
 * Reset password, second step (not in the spec, which shows only the request): the secret of the mailed link and
 * the new password. The link's secret is a single-use token.
 */
export const resetPasswordConfirmBodySchema = z
  .object({
    token: z
      .string({ error: accountText('required') })
      .min(1, { error: accountText('required') })
      .max(200),
    newPassword: passwordSchema,
  })
  .strict();
export type ResetPasswordConfirmBody = z.infer<typeof resetPasswordConfirmBodySchema>;
