import type { AccountResult } from '../store/index.ts';
import type { FormErrors } from './field-errors.ts';
import { issueMessage, type UiMessage } from '../ui/form/ui-message.ts';
import '../i18n/account-texts.ts';

type Refusal = Extract<AccountResult, { ok: false }>;

/**
 * The server's refusals we know (sync-server/accounts/user-routes.ts), by status and the field it names (the first match wins). Their texts
 * are English sentences for developers; the shopper reads ours, in the interface language.
 */
const KNOWN: readonly { status: number; field?: string; key: string }[] = [
  { status: 401, field: 'password', key: 'account.refusals.wrongCredentials' },
  { status: 409, key: 'account.refusals.emailTaken' },
  { status: 400, field: 'currentPassword', key: 'account.refusals.wrongCurrentPassword' },
  { status: 400, field: 'token', key: 'account.refusals.resetLinkInvalid' },
  // Any other 401: no user on this device any more, or a session that could not be renewed.
  { status: 401, key: 'account.refusals.notLoggedIn' },
];

/** 'customer.email' → 'email': the register body nests the customer, the form is flat. */
const lastSegment = (field: string): string => field.split('.').at(-1) ?? field;

/** The server prefixes a schema's message with its field ("customer.egn: ЕГН трябва…"); the form names it already. */
const withoutFieldPrefix = (message: string, field: string | undefined): string => {
  const colon = message.indexOf(': ');
  if (colon < 0) return message;
  const prefix = message.slice(0, colon);
  return prefix === field || prefix === 'body' || /^[\w.]+$/.test(prefix) ? message.slice(colon + 2) : message;
};

/** What the shopper reads for a refusal. */
export const refusalMessage = (refusal: Refusal): UiMessage => {
  // No answer at all (offline, timed out) or the server failing: nothing the shopper typed is wrong.
  if (refusal.status === 0) return { key: 'account.form.offline' };
  if (refusal.status >= 500) return { key: 'account.form.failed' };
  const known = KNOWN.find(
    (k) => k.status === refusal.status && (k.field === undefined || k.field === lastSegment(refusal.field ?? '')),
  );
  if (known) return { key: known.key };
  return issueMessage(withoutFieldPrefix(refusal.message, refusal.field));
};

/** A refusal shown where it belongs: on the field it names when the form has it, else over the whole form. */
export const refusalErrors = <F extends string>(refusal: Refusal, fields: readonly F[]): FormErrors<F> => {
  const message = refusalMessage(refusal);
  const named = refusal.field === undefined ? undefined : lastSegment(refusal.field);
  const field = fields.find((name) => name === named);
  return field === undefined
    ? { fields: {}, form: message }
    : { fields: { [field]: message } as FormErrors<F>['fields'] };
};
