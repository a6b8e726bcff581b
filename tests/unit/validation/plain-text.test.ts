import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeZodError } from '../../../schema/validation/describe-zod-error.ts';
import { plainText } from '../../../schema/validation/plain-text.ts';

/** Issue 18, "Bad input": HTML or script in any text field is refused, naming the field. */
describe('a plain-text field', () => {
  const form = z.object({ title: plainText(5, 80) });
  const refusal = (title: string) => {
    const parsed = form.safeParse({ title });
    return parsed.success ? undefined : describeZodError(parsed.error, 'payload.');
  };

  it.each([
    '<script>alert(1)</script>',
    'Продавам <b>iPhone</b>',
    'Mac </p> mini',
    '<!-- x --> iPad',
    'javascript:alert(1)',
    '< img src=x onerror=alert(1)>',
  ])('refuses markup: %s', (title) => {
    expect(refusal(title)).toMatchObject({ field: 'payload.title', message: expect.stringContaining('plain text') });
  });

  it.each(['MacBook Air < 1000 €', 'iPhone 15 <3', 'a > b, 2 < 3 като ново', 'Цена: 500 лв. (договаряне)'])(
    'keeps ordinary text with angle brackets: %s',
    (title) => {
      expect(refusal(title)).toBeUndefined();
    },
  );

  it('is trimmed and bounded', () => {
    expect(form.parse({ title: '  iPad mini 6  ' }).title).toBe('iPad mini 6');
    expect(refusal('abc')).toMatchObject({ field: 'payload.title' });
    expect(refusal('x'.repeat(81))).toMatchObject({ field: 'payload.title' });
  });
});
