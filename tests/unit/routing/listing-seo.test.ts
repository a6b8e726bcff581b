import { describe, expect, it } from 'vitest';
import { canonicalPathFor, robotsFor } from '../../../client/catalog/routing/index.ts';
import { ATTRIBUTES } from './fixtures.ts';

describe('spec: "More than one filter segment makes the page noindex, follow."', () => {
  it('counts segments: values and the price range', () => {
    expect(robotsFor({})).toBe('index,follow');
    expect(robotsFor({ cvyat: ['201'] })).toBe('index,follow');
    expect(robotsFor({}, { from: 100, to: 200 })).toBe('index,follow');
    expect(robotsFor({ cvyat: ['201', '202'] })).toBe('noindex,follow');
    expect(robotsFor({ cvyat: ['201'], ram: ['301'] })).toBe('noindex,follow');
    expect(robotsFor({ cvyat: ['201'] }, { from: 100, to: null })).toBe('noindex,follow');
  });
});

describe('spec: "... meta tags, and a canonical link."', () => {
  it('an indexed page (no or one segment) is its own canonical path', () => {
    expect(canonicalPathFor('macbook-air', {}, undefined, ATTRIBUTES)).toBe('/macbook-air');
    expect(canonicalPathFor('macbook-air', { displey: ['101'] }, undefined, ATTRIBUTES)).toBe('/macbook-air/13-inch');
  });

  it('a noindex page points at the bare category', () => {
    expect(canonicalPathFor('macbook-air', { displey: ['101'], cvyat: ['201'] }, undefined, ATTRIBUTES)).toBe(
      '/macbook-air',
    );
  });
});
