import { describe, expect, it } from 'vitest';
import { scrollBehaviour, type Resolution } from '../../../client/catalog/routing/index.ts';

const category = (slug: string) => ({
  kind: 'category' as const,
  slug,
  categoryId: 1,
  filters: {},
  unknownFilters: [],
  filterPath: '',
});
const listing = (slug: string): Resolution => category(slug);
const product = (slug: string, parentSku: string) => ({ kind: 'product' as const, slug, parentSku });

describe('spec: "Navigation scrolls to the top, except between listing pages or between product pages with the same slug, where the hash or the saved position is kept."', () => {
  it('between listing pages (category, flag, search): keep', () => {
    const { categoryId: _id, ...rest } = category('komplekti');
    const flag: Resolution = { ...rest, kind: 'flag', flag: 'bundle' };
    const search: Resolution = { kind: 'search', keywords: 'macbook' };
    expect(scrollBehaviour(listing('iphone'), listing('iphone'))).toBe('keep');
    expect(scrollBehaviour(listing('iphone'), flag)).toBe('keep');
    expect(scrollBehaviour(search, listing('ipad'))).toBe('keep');
  });

  it('between product pages with the same slug: keep; another slug: top', () => {
    expect(scrollBehaviour(product('iphone-17', 'IP17'), { ...product('iphone-17', 'IP17'), ctoOptions: ['a'] })).toBe(
      'keep',
    );
    expect(scrollBehaviour(product('iphone-17', 'IP17'), product('iphone-16', 'IP16'))).toBe('top');
  });

  it('anything else: top', () => {
    expect(scrollBehaviour(listing('iphone'), product('iphone-17', 'IP17'))).toBe('top');
    expect(scrollBehaviour(product('iphone-17', 'IP17'), listing('iphone'))).toBe('top');
    expect(scrollBehaviour({ kind: 'home' }, listing('iphone'))).toBe('top');
    expect(scrollBehaviour(listing('iphone'), { kind: 'static', slug: 'faq' })).toBe('top');
  });

  it('a redirect is not a page: keep, its target decides', () => {
    expect(scrollBehaviour(listing('iphone'), { kind: 'redirect', to: '/x', reason: 'legacy' })).toBe('keep');
  });
});
