import { describe, expect, it } from 'vitest';
import { LISTING_VIEWS, parseListingView } from '../../../client/catalog/listing/listing-view.ts';

describe('spec: "Grid and list views": the remembered choice', () => {
  it('grid and list', () => {
    expect(LISTING_VIEWS).toEqual(['grid', 'list']);
  });

  it('a stored choice reads back; nothing or anything else is the grid', () => {
    expect(parseListingView('list')).toBe('list');
    expect(parseListingView('grid')).toBe('grid');
    expect(parseListingView(null)).toBe('grid');
    expect(parseListingView('"list"')).toBe('grid');
  });
});
