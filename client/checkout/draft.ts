import { CHECKOUT_DRAFT_PREFIX } from '../lib/user-drafts.ts';
import { blankCheckout, STEPS, type CheckoutField, type CheckoutValues, type StepName } from './checkout-fields.ts';

/**
 * The checkout's local draft (spec commerce.md: "Personal, shipping and payment details are saved to local
 * storage"): every field as typed and the step reached, per owner (a guest's draft is not another user's), written
 * on each change, so a reload or a crash loses nothing. The password is never written.
 */
/** Shared with the logout, which clears every checkout draft (client/lib/user-drafts.ts). */
const PREFIX = CHECKOUT_DRAFT_PREFIX;

export interface CheckoutDraft {
  step: StepName;
  values: CheckoutValues;
  /**
   * The order this draft becomes, made with the draft: every tab of the device that places it places this one id,
   * so two tabs placing the same cart at once make one order (the server keeps one order per id).
   */
  orderId: string;
}

/** A new order id: a lower-case UUID, as the order command wants it. */
export const newOrderId = (): string => crypto.randomUUID().toLowerCase();

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const browserStorage = (): DraftStorage | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Storage blocked: the draft lives as long as the page.
    return undefined;
  }
};

export const readCheckoutDraft = (storage: DraftStorage | undefined, owner: string): CheckoutDraft | undefined => {
  let json: unknown;
  try {
    json = JSON.parse(storage?.getItem(PREFIX + owner) ?? 'null');
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null) return undefined;
  const { step, values, orderId } = json as { step?: unknown; values?: unknown; orderId?: unknown };
  const draft: CheckoutDraft = {
    step: STEPS.find((s) => s === step) ?? 'personal',
    values: blankCheckout(),
    orderId: typeof orderId === 'string' && /^[0-9a-f-]{36}$/.test(orderId) ? orderId : newOrderId(),
  };
  if (typeof values === 'object' && values !== null) {
    for (const field of Object.keys(draft.values) as CheckoutField[]) {
      const value = (values as Record<string, unknown>)[field];
      if (typeof value === 'string' && field !== 'password') draft.values[field] = value;
    }
  }
  return draft;
};

export const writeCheckoutDraft = (storage: DraftStorage | undefined, owner: string, draft: CheckoutDraft): void => {
  const { password: _password, ...kept } = draft.values;
  try {
    storage?.setItem(
      PREFIX + owner,
      JSON.stringify({ step: draft.step, orderId: draft.orderId, values: { ...kept, createAccount: '' } }),
    );
  } catch {
    // Quota or blocked: the page keeps the values; only a reload would lose them.
  }
};

/** After the order is placed: the details are in the order, and the password and createAccount are dropped (spec). */
export const clearCheckoutDraft = (storage: DraftStorage | undefined, owner: string): void => {
  try {
    storage?.removeItem(PREFIX + owner);
  } catch {
    // Nothing to clear where storage is blocked.
  }
};
