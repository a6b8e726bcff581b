import { describe, expect, it } from 'vitest';
import { newsletterBodySchema } from '../../../schema/newsletter/newsletter.ts';

describe('the newsletter call body (spec: data (email) or email)', () => {
  it('takes the address as `email` or inside `data`, Bulgarian unless asked otherwise', () => {
    expect(newsletterBodySchema.parse({ email: ' a@example.bg ' })).toEqual({ email: 'a@example.bg', language: 'bg' });
    expect(newsletterBodySchema.parse({ data: { email: 'b@example.bg' }, language: 'en' })).toEqual({
      email: 'b@example.bg',
      language: 'en',
    });
  });
  it('refuses a malformed address, markup and unknown fields', () => {
    expect(newsletterBodySchema.safeParse({ email: 'nope' }).success).toBe(false);
    expect(newsletterBodySchema.safeParse({ email: '<script>@x.bg' }).success).toBe(false);
    expect(newsletterBodySchema.safeParse({ email: 'a@example.bg', admin: true }).success).toBe(false);
  });
});
