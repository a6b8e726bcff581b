import { describe, expect, it } from 'vitest';
import type { AdInput } from '../../../schema/ads/ad.ts';
import {
  adContentHash,
  canonicalJson,
  decideSubmission,
  EMPTY_SESSION_HASHES,
  forgetSubmission,
} from '../../../client/ads/ad-hash.ts';

const ad = (over: Partial<AdInput> = {}): AdInput => ({
  id: '0192a8b4-1c2d-7e3f-8a9b-0c1d2e3f4a5b',
  title: 'iPhone 15 Pro, 256 GB',
  description: 'Като нов, с кутия и зарядно.',
  category: 'telefoni',
  model: 'iPhone 15 Pro',
  condition: 'like-new',
  price: { kind: 'fixed', cents: 65000 },
  city: 'София',
  photos: [],
  contact: { name: 'Иван', phone: '+359 888 123 456' },
  ...over,
});
const OTHER_ID = '0192a8b4-1c2d-7e3f-8a9b-0c1d2e3f4a5c';

describe('session ad hashes (the same ad is submitted once a session)', () => {
  it('hashes equal content alike whatever the order of its fields', () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: 3 } })).toBe(canonicalJson({ a: { c: 3, d: 2 }, b: 1 }));
    const reordered = Object.fromEntries(Object.entries(ad()).reverse()) as AdInput;
    expect(adContentHash(reordered)).toBe(adContentHash(ad()));
  });

  it('tells a change of any word, price or photo', () => {
    const base = adContentHash(ad());
    expect(adContentHash(ad({ title: 'iPhone 15 Pro, 512 GB' }))).not.toBe(base);
    expect(adContentHash(ad({ price: { kind: 'fixed', cents: 64999 } }))).not.toBe(base);
    expect(adContentHash(ad({ price: { kind: 'negotiable' } }))).not.toBe(base);
  });

  it('a double click or a resubmit of the same ad sends nothing the second time', () => {
    const first = decideSubmission(EMPTY_SESSION_HASHES, ad(), true);
    expect(first.submit).toBe(true);
    expect(decideSubmission(first.hashes, ad(), true).submit).toBe(false);
    expect(decideSubmission(first.hashes, ad(), false).submit).toBe(false);
  });

  it('the same new ad written again in a second form (another id) is not sent twice', () => {
    const first = decideSubmission(EMPTY_SESSION_HASHES, ad(), true);
    expect(decideSubmission(first.hashes, ad({ id: OTHER_ID }), true).submit).toBe(false);
  });

  it('an edit goes, and so does editing back to the first words', () => {
    const created = decideSubmission(EMPTY_SESSION_HASHES, ad(), true);
    const edited = decideSubmission(created.hashes, ad({ title: 'iPhone 15 Pro, отключен' }), false);
    expect(edited.submit).toBe(true);
    expect(decideSubmission(edited.hashes, ad(), false).submit).toBe(true);
  });

  it('after a failed save the same content may be sent again', () => {
    const first = decideSubmission(EMPTY_SESSION_HASHES, ad(), true);
    expect(decideSubmission(forgetSubmission(first.hashes, ad()), ad(), true).submit).toBe(true);
  });
});
