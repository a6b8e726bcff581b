import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blogDate } from '../../../client/catalog/home/blog-date.ts';

const intl = (text: string, locale: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Sofia' }).format(new Date(text));

describe("a blog post's date on home", () => {
  it('given any instant of 1997-2037, then the day in Sofia as Intl writes it, in Bulgarian and English', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1997, 0, 1), max: Date.UTC(2037, 11, 31) }), (instant) => {
        const text = new Date(instant).toISOString();
        expect(blogDate(text, 'bg')).toBe(intl(text, 'bg-BG'));
        expect(blogDate(text, 'en')).toBe(intl(text, 'en-GB'));
      }),
      { numRuns: 3_000 },
    );
  });

  it('given a post published at 23:30 UTC on 31 May, then it is 1 June in Sofia', () => {
    expect(blogDate('2026-05-31T23:30:00Z', 'bg')).toBe('1 юни 2026 г.');
    expect(blogDate('2026-05-31T23:30:00Z', 'en')).toBe('1 June 2026');
  });

  it('given a year outside the hand rule, then Intl writes it; given no date, then nothing', () => {
    expect(blogDate('1990-07-01T12:00:00Z', 'en')).toBe(intl('1990-07-01T12:00:00Z', 'en-GB'));
    expect(blogDate('not a date', 'bg')).toBe('');
  });
});
