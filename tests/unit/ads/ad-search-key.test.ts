import { describe, expect, it } from 'vitest';
import { adCityKey, adSearchText, adTsQuery } from '../../../schema/ads/ad-search-key.ts';
import { AD_LIST_DEFAULT_SIZE, AD_LIST_MAX_SIZE, adListQuerySchema } from '../../../schema/ads/ad-list.ts';

describe('ad search across scripts', () => {
  it('finds an iPhone by its Bulgarian spoken name and a Bulgarian word by its Latin spelling', () => {
    const text = adSearchText({ title: 'iPhone 15 Pro с калъф', description: 'Продавам', model: 'iPhone 15 Pro' });
    expect(text.split(' ')).toEqual(expect.arrayContaining(['iphone', '15', 'pro', 'kalaf', 'prodavam']));
    expect(adTsQuery('айфон')).toBe('iphone:*');
    expect(adTsQuery('Калъф')).toBe('kalaf:*');
    expect(adTsQuery('МакБук Еър')).toBe('macbook:* & air:*');
  });

  it('makes a query of words only (nothing a tsquery would read as an operator), or none', () => {
    expect(adTsQuery("iphone' | !x & (y):*")).toBe('iphone:* & x:* & y:*');
    expect(adTsQuery(' !!! ')).toBeUndefined();
  });

  it('matches a city however it is written', () => {
    expect(adCityKey('София')).toBe(adCityKey(' sofia '));
    expect(adCityKey('Велико Търново')).toBe('veliko tarnovo');
  });
});

describe('the public list query (spec section 5 defaults)', () => {
  it('takes a size of 0 or less as the default and a negative start as 0, and caps the size', () => {
    expect(adListQuerySchema.parse({ size: 0, from: -5 })).toMatchObject({ size: AD_LIST_DEFAULT_SIZE, from: 0 });
    expect(adListQuerySchema.parse({ size: 10_000 }).size).toBe(AD_LIST_MAX_SIZE);
  });
});
