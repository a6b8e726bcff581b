import { describe, expect, it } from 'vitest';
import {
  alertUnsubscribeQuerySchema,
  alertUnsubscribeUrl,
  signedByStore,
} from '../../../sync-server/alerts/alert-unsubscribe.ts';

const SECRET = 'a-key-the-store-keeps-in-shared-secrets';
const queryOf = (url: string) =>
  alertUnsubscribeQuerySchema.parse(Object.fromEntries(new URL(url).searchParams.entries()));

describe("an alert mail's one-click address", () => {
  it('given one made for an owner, product and alert, when it comes back unchanged, then the store knows it', () => {
    const url = alertUnsubscribeUrl('https://shop.example.bg', SECRET, 'user-1', 'APP3', 'stock');
    expect(url.startsWith('https://shop.example.bg/alerts/unsubscribe?')).toBe(true);
    expect(signedByStore(SECRET, queryOf(url))).toBe(true);
  });

  it('given one made for one alert, when the owner, product or kind is changed, then the store refuses it', () => {
    const query = queryOf(alertUnsubscribeUrl('https://shop.example.bg', SECRET, 'user-1', 'APP3', 'stock'));
    expect(signedByStore(SECRET, { ...query, o: 'user-2' })).toBe(false);
    expect(signedByStore(SECRET, { ...query, s: 'APP4' })).toBe(false);
    expect(signedByStore(SECRET, { ...query, k: 'price' })).toBe(false);
    expect(signedByStore('another-store-key', query)).toBe(false);
  });

  it('given a signature of the wrong shape, then the address is not even read', () => {
    const query = queryOf(alertUnsubscribeUrl('https://shop.example.bg', SECRET, 'user-1', 'APP3', 'stock'));
    expect(alertUnsubscribeQuerySchema.safeParse({ ...query, t: 'short' }).success).toBe(false);
  });
});
