/**
 * Account data kept on this device, per user: the shipping address (the server has no call for it) and the last
 * invoice details sent (the server has no call to read them back). Keyed by the user's id, so another account on
 * the same device never sees them, and removed when nobody is logged in: an address and a phone number are personal
 * data, and the spec's logout clears the checkout details for the same reason.
 */
export type DraftKind = 'shipping' | 'invoice';

const PREFIX = 'account.draft.';

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

const keyOf = (kind: DraftKind, userId: string): string => `${PREFIX}${kind}.${userId}`;

/** The stored text fields of a draft, only those the form has; anything unreadable is no draft. */
export const readDraft = <F extends string>(
  storage: DraftStorage,
  kind: DraftKind,
  userId: string,
  fields: readonly F[],
): Partial<Record<F, string>> => {
  let json: unknown;
  try {
    json = JSON.parse(storage.getItem(keyOf(kind, userId)) ?? 'null');
  } catch {
    return {};
  }
  if (typeof json !== 'object' || json === null) return {};
  const draft: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const value: unknown = (json as Record<string, unknown>)[field];
    if (typeof value === 'string') draft[field] = value;
  }
  return draft;
};

/** Stores a draft; false when the browser refused (quota, storage blocked). */
export const writeDraft = (storage: DraftStorage, kind: DraftKind, userId: string, value: object): boolean => {
  try {
    storage.setItem(keyOf(kind, userId), JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
};

/** The checkout's drafts (client/checkout/draft.ts), one per owner: the personal details typed at checkout. */
export const CHECKOUT_DRAFT_PREFIX = 'checkout.draft.';

const removeByPrefix = (storage: DraftStorage, prefix: string): void => {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
};

/** Removes every user's drafts (called while nobody is logged in). */
export const clearDrafts = (storage: DraftStorage): void => removeByPrefix(storage, PREFIX);

/**
 * At logout: the account's drafts and every checkout draft on the device go (spec: the logout clears the checkout
 * details), so the next person at a shared computer finds no name, address or phone number filled in.
 */
export const clearPersonalDrafts = (storage: DraftStorage): void => {
  removeByPrefix(storage, PREFIX);
  removeByPrefix(storage, CHECKOUT_DRAFT_PREFIX);
};

/** The browser's localStorage, or null where it is refused (blocked site data): drafts then are not kept. */
export const browserDraftStorage = (): DraftStorage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};
