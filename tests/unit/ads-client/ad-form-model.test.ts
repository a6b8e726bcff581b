import { describe, expect, it } from 'vitest';
import type { OwnAd } from '../../../schema/ads/ad.ts';
import {
  adPayloadOf,
  emptyAdForm,
  formValuesOf,
  invalidAdFields,
  parseEuroCents,
  type AdFormValues,
} from '../../../client/ads/ad-form-model.ts';

const ID = '0192a8b4-1c2d-7e3f-8a9b-0c1d2e3f4a5b';
const PHOTO = '0192a8b4-1c2d-4e3f-8a9b-0c1d2e3f4a5b';
const filled = (over: Partial<AdFormValues> = {}): AdFormValues => ({
  ...emptyAdForm({ name: 'Иван Петров', phone: '0888 123 456', email: 'ivan@example.com' }),
  title: 'MacBook Air M2, 8/256',
  description: 'Купен 2023, батерия 92%, без драскотини.',
  category: 'laptopi',
  model: 'MacBook Air',
  condition: 'good',
  price: '1 250,50',
  city: 'Пловдив',
  photos: [PHOTO],
  ...over,
});

describe('the ad form → the ad.save payload', () => {
  it('reads a euro price as typed, in cents', () => {
    expect(parseEuroCents('450')).toBe(45000);
    expect(parseEuroCents('450,5')).toBe(45050);
    expect(parseEuroCents('1 250.50 €')).toBe(125050);
    expect(parseEuroCents('12,345')).toBeUndefined();
    expect(parseEuroCents('-3')).toBeUndefined();
    expect(parseEuroCents('abc')).toBeUndefined();
  });

  it('makes the payload the server takes from a filled form, contact from the account', () => {
    const result = adPayloadOf(ID, filled());
    expect(result).toEqual({
      ok: true,
      ad: {
        id: ID,
        title: 'MacBook Air M2, 8/256',
        description: 'Купен 2023, батерия 92%, без драскотини.',
        category: 'laptopi',
        model: 'MacBook Air',
        condition: 'good',
        price: { kind: 'fixed', cents: 125050 },
        city: 'Пловдив',
        photos: [PHOTO],
        contact: { name: 'Иван Петров', phone: '0888 123 456', email: 'ivan@example.com' },
      },
    });
  });

  it('a negotiable price needs no amount; an empty model and e-mail are left out', () => {
    const result = adPayloadOf(ID, filled({ priceKind: 'negotiable', price: '', model: '', contactEmail: '' }));
    expect(result.ok && result.ad.price).toEqual({ kind: 'negotiable' });
    expect(result.ok && 'model' in result.ad).toBe(false);
    expect(result.ok && result.ad.contact.email).toBeUndefined();
  });

  it('names each field with a problem, in page order, in words the page translates', () => {
    const result = adPayloadOf(
      ID,
      filled({ title: 'Mac', description: '<b>бърза</b> продажба!!', category: '', price: '0', contactPhone: 'x' }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(invalidAdFields(result.errors)).toEqual(['title', 'description', 'category', 'price', 'contactPhone']);
    expect(result.errors.title).toEqual({ key: 'min', params: { n: 5 } });
    expect(result.errors.description).toEqual({ key: 'markup' });
    expect(result.errors.category).toEqual({ key: 'required' });
    expect(result.errors.price).toEqual({ key: 'price' });
    expect(result.errors.contactPhone).toEqual({ key: 'phone' });
  });

  it('refuses more than 8 photos and a price above the limit', () => {
    const nine = Array.from({ length: 9 }, (_, i) => `0192a8b4-1c2d-4e3f-8a9b-0c1d2e3f4a${String(i).padStart(2, '0')}`);
    const result = adPayloadOf(ID, filled({ photos: nine, price: '100 000,01' }));
    expect(!result.ok && result.errors.photos).toEqual({ key: 'photosMax', params: { n: 8 } });
    expect(!result.ok && result.errors.price).toEqual({ key: 'priceMax' });
  });

  it('an ad being edited fills the form back with the same payload', () => {
    const first = adPayloadOf(ID, filled());
    if (!first.ok) throw new Error('the filled form should pass');
    const own: OwnAd = {
      ...first.ad,
      status: 'refused',
      refusal: 'Снимките не са на устройството',
      createdAt: 1,
      updatedAt: 2,
    };
    expect(formValuesOf(own).price).toBe('1250,50');
    expect(adPayloadOf(ID, formValuesOf(own))).toEqual(first);
  });
});
