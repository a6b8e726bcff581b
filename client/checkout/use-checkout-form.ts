import { useEffect, useId, useMemo, useState, type ChangeEvent } from 'react';
import type { User } from '../../schema/account/user.ts';
import { checkoutMessageKey } from '../../schema/checkout/messages.ts';
import { creditMessageKey } from '../../schema/credit/messages.ts';
import { browserDraftStorage, readDraft } from '../lib/user-drafts.ts';
import type { FieldBinding } from '../ui/form/field-binding.ts';
import { issueMessage, type UiMessage } from '../ui/form/ui-message.ts';
import {
  FIELDS_OF,
  STEPS,
  blankCheckout,
  type CheckoutField,
  type CheckoutValues,
  type StepName,
} from './checkout-fields.ts';
import { stepIssues } from './checkout-details.ts';
import { browserStorage, newOrderId, readCheckoutDraft, writeCheckoutDraft } from './draft.ts';

/** A schema's message as the form shows it: the account's and the checkout's own are translated. */
const messageOf = (text: string): UiMessage => {
  const key = checkoutMessageKey(text) ?? creditMessageKey(text);
  return key ? { key } : issueMessage(text);
};

/** A logged-in user's saved details fill what the draft does not have (client/account/shipping-details.ts). */
const prefilled = (user: User | null): Partial<CheckoutValues> => {
  if (!user) return {};
  const storage = browserDraftStorage();
  const shipping = storage
    ? readDraft(storage, 'shipping', user.id, [
        'firstName',
        'lastName',
        'streetAddress',
        'city',
        'zipCode',
        'phoneNumber',
      ] as const)
    : {};
  const invoice = storage
    ? readDraft(storage, 'invoice', user.id, ['company', 'eik', 'vatNumber', 'mol', 'city', 'streetAddress'] as const)
    : {};
  return {
    firstName: user.firstname,
    lastName: user.lastname,
    emailAddress: user.email,
    ...(user.egn ? { egn: user.egn } : {}),
    shipFirstName: shipping.firstName ?? user.firstname,
    shipLastName: shipping.lastName ?? user.lastname,
    ...(shipping.streetAddress ? { streetAddress: shipping.streetAddress } : {}),
    ...(shipping.city ? { city: shipping.city } : {}),
    ...(shipping.zipCode ? { zipCode: shipping.zipCode } : {}),
    ...(shipping.phoneNumber ? { phoneNumber: shipping.phoneNumber } : {}),
    ...(invoice.company ? { company: invoice.company, wantInvoice: 'true' } : {}),
    ...(invoice.eik ? { taxId: invoice.eik } : {}),
    ...(invoice.vatNumber ? { vatNumber: invoice.vatNumber } : {}),
    ...(invoice.mol ? { mol: invoice.mol } : {}),
    ...(invoice.city ? { invoiceCity: invoice.city } : {}),
    ...(invoice.streetAddress ? { invoiceStreet: invoice.streetAddress } : {}),
  };
};

/** Blank fields of the draft take the user's saved details; what the shopper typed wins. */
const merge = (values: CheckoutValues, saved: Partial<CheckoutValues>): CheckoutValues => {
  const merged = { ...values };
  for (const [field, value] of Object.entries(saved) as [CheckoutField, string][]) {
    if (merged[field] === '' || (field === 'wantInvoice' && merged.company === '')) merged[field] = value;
  }
  return merged;
};

export interface CheckoutForm {
  step: StepName;
  values: CheckoutValues;
  orderId: string;
  field(name: CheckoutField): FieldBinding;
  set(name: CheckoutField, value: string): void;
  setMany(values: Partial<CheckoutValues>): void;
  errorOf(name: CheckoutField): UiMessage | undefined;
  /** Validates the step: true when it may be left forward; otherwise its first wrong field gets the focus. */
  complete(step: StepName): boolean;
  goTo(step: StepName): void;
  /** A new order id for the draft: its old one was placed before this checkout opened (a copy kept too long). */
  renewOrderId(): void;
  idOf(name: CheckoutField): string;
}

/**
 * The checkout's values across its steps, saved as the draft on each change (per owner, never the password), with
 * the step schemas' errors: a field's error shows once the shopper left it with something typed, or after the step's
 * "continue".
 */
export function useCheckoutForm(owner: string, user: User | null): CheckoutForm {
  const base = useId();
  const [state, setState] = useState(() => {
    const draft = readCheckoutDraft(browserStorage(), owner);
    return {
      step: draft?.step ?? ('personal' as StepName),
      values: merge(draft?.values ?? blankCheckout(), prefilled(user)),
      orderId: draft?.orderId ?? newOrderId(),
    };
  });
  const [touched, setTouched] = useState<ReadonlySet<CheckoutField>>(new Set());
  const [submitted, setSubmitted] = useState<ReadonlySet<StepName>>(new Set());
  useEffect(() => writeCheckoutDraft(browserStorage(), owner, state), [owner, state]);

  const errors = useMemo(() => {
    const found = new Map<CheckoutField, UiMessage>();
    for (const step of STEPS) {
      for (const issue of stepIssues(step, state.values)) {
        if (issue.field && !found.has(issue.field)) found.set(issue.field, messageOf(issue.message));
      }
    }
    return found;
  }, [state.values]);
  const stepOf = (name: CheckoutField): StepName => STEPS.find((s) => FIELDS_OF[s].includes(name)) ?? 'personal';
  const errorOf = (name: CheckoutField) =>
    submitted.has(stepOf(name)) || touched.has(name) ? errors.get(name) : undefined;
  const idOf = (name: CheckoutField) => `${base}-${name}`;
  const set = (name: CheckoutField, value: string) =>
    setState((current) => ({ ...current, values: { ...current.values, [name]: value } }));

  return {
    ...state,
    idOf,
    errorOf,
    set,
    setMany: (values) => setState((current) => ({ ...current, values: { ...current.values, ...values } })),
    field: (name) => ({
      id: idOf(name),
      name,
      value: state.values[name],
      error: errorOf(name),
      onChange: (event: ChangeEvent<HTMLInputElement>) => set(name, event.target.value),
      onBlur: () => {
        if (state.values[name] !== '' && !touched.has(name)) setTouched(new Set(touched).add(name));
      },
    }),
    complete: (step) => {
      setSubmitted(new Set(submitted).add(step));
      const firstWrong = FIELDS_OF[step].find((name) => errors.has(name));
      if (firstWrong === undefined) return true;
      // After the re-render that shows the errors.
      window.setTimeout(() => document.getElementById(idOf(firstWrong))?.focus(), 0);
      return false;
    },
    goTo: (step) => setState((current) => ({ ...current, step })),
    renewOrderId: () => setState((current) => ({ ...current, orderId: newOrderId() })),
  };
}
