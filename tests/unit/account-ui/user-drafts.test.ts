import { describe, expect, it } from 'vitest';
import {
  clearDrafts,
  clearPersonalDrafts,
  readDraft,
  writeDraft,
  type DraftStorage,
} from '../../../client/lib/user-drafts.ts';
import { readCheckoutDraft, writeCheckoutDraft } from '../../../client/checkout/draft.ts';
import { blankCheckout } from '../../../client/checkout/checkout-fields.ts';
import { SHIPPING_FIELDS, shippingDetailsSchema } from '../../../client/account/shipping-details.ts';

const memoryStorage = (): DraftStorage & { keys(): string[] } => {
  const items = new Map<string, string>();
  return {
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
    key: (i) => [...items.keys()][i] ?? null,
    get length() {
      return items.size;
    },
    keys: () => [...items.keys()],
  };
};

describe('account drafts on the device', () => {
  it('given a draft of one user, when another user reads, then they see nothing', () => {
    const storage = memoryStorage();
    writeDraft(storage, 'shipping', 'user-a', { city: 'Пловдив' });
    expect(readDraft(storage, 'shipping', 'user-a', SHIPPING_FIELDS)).toEqual({ city: 'Пловдив' });
    expect(readDraft(storage, 'shipping', 'user-b', SHIPPING_FIELDS)).toEqual({});
  });

  it('given a stored value that is not JSON or has other fields, when read, then only the form’s text fields', () => {
    const storage = memoryStorage();
    storage.setItem('account.draft.invoice.user-a', '{not json');
    expect(readDraft(storage, 'invoice', 'user-a', ['company'])).toEqual({});
    storage.setItem('account.draft.invoice.user-a', JSON.stringify({ company: 'Ябълка ООД', eik: 5, x: 'y' }));
    expect(readDraft(storage, 'invoice', 'user-a', ['company', 'eik'])).toEqual({ company: 'Ябълка ООД' });
  });

  it('given drafts and other keys, when nobody is logged in, then only the drafts go', () => {
    const storage = memoryStorage();
    storage.setItem('recently-viewed', '[]');
    writeDraft(storage, 'shipping', 'user-a', {});
    writeDraft(storage, 'invoice', 'user-b', {});
    clearDrafts(storage);
    expect(storage.keys()).toEqual(['recently-viewed']);
  });

  it('given checkout details typed by a user and a guest, when the user logs out, then no name or address is left', () => {
    const storage = memoryStorage();
    const values = { ...blankCheckout(), firstName: 'Мария', phoneNumber: '0888123456' };
    writeCheckoutDraft(storage, 'user-1', { step: 'shipping', values, orderId: crypto.randomUUID() });
    writeCheckoutDraft(storage, 'guest-1', { step: 'personal', values, orderId: crypto.randomUUID() });
    writeDraft(storage, 'shipping', 'user-1', { city: 'Пловдив' });
    storage.setItem('recently-viewed', '[]');
    clearPersonalDrafts(storage);
    expect(storage.keys()).toEqual(['recently-viewed']);
    expect(readCheckoutDraft(storage, 'user-1')?.values.firstName ?? '').toBe('');
  });

  it('given a storage that refuses, when written, then false', () => {
    const storage = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(writeDraft(storage, 'shipping', 'user-a', {})).toBe(false);
  });
});

describe('the shipping details', () => {
  const valid = {
    firstName: 'Иван',
    lastName: 'Петров',
    streetAddress: 'ул. Витоша 1',
    city: 'София',
    zipCode: '1000',
    phoneNumber: '0888 123 456',
  };

  it('given a filled form, when parsed, then the phone is normalised and the country is BG', () => {
    expect(shippingDetailsSchema.parse(valid)).toEqual({ ...valid, phoneNumber: '+359888123456', country: 'BG' });
  });

  it.each([
    ['zipCode', '', 'Полето е задължително.'],
    ['zipCode', '10000', 'account.shipping.zipInvalid'],
    ['phoneNumber', '12345', 'Моля, въведете валиден български телефонен номер.'],
    ['city', ' ', 'Полето е задължително.'],
  ])('given %s = %j, when parsed, then %s', (field, value, message) => {
    const parsed = shippingDetailsSchema.safeParse({ ...valid, [field]: value });
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[field, message]]);
  });
});
