import { describe, expect, it } from 'vitest';
import {
  addToCompare,
  COMPARE_MAX,
  removeFromCompare,
  toNotification,
  toShortlistProduct,
  type CompareList,
} from '../../../client/shortlists/index.ts';
import { AIRPODS, IPAD, IPHONE, MACBOOK, WATCH } from './support.ts';

const given = (...products: (typeof MACBOOK)[]): CompareList => products.map(toShortlistProduct);

describe('compare list', () => {
  it('adding a product appends it and announces it by name', () => {
    const { list, notice } = addToCompare(given(IPHONE), MACBOOK);
    expect(list.map((p) => p.sku)).toEqual([IPHONE.sku, MACBOOK.sku]);
    expect(notice).toEqual({ key: 'shortlists.compareAdded', params: { productName: MACBOOK.name } });
    expect(toNotification(notice!)).toEqual({
      kind: 'success',
      message: { key: 'shortlists.compareAdded', params: { productName: MACBOOK.name } },
    });
  });

  it('adding a sku already there is ignored', () => {
    const before = given(IPHONE);
    expect(addToCompare(before, IPHONE)).toEqual({ list: before });
  });

  it(`holds at most ${COMPARE_MAX} products: a fifth is refused with a notice saying why`, () => {
    const full = given(MACBOOK, IPHONE, IPAD, WATCH);
    expect(full).toHaveLength(COMPARE_MAX);
    const { list, notice } = addToCompare(full, AIRPODS);
    expect(list).toBe(full);
    expect(notice).toEqual({ key: 'shortlists.compareFull', params: { productName: AIRPODS.name, max: 4 } });
    expect(toNotification(notice!).kind).toBe('info');
  });

  it('a product already in a full list is still just ignored', () => {
    expect(addToCompare(given(MACBOOK, IPHONE, IPAD, WATCH), IPAD).notice).toBeUndefined();
  });

  it('removal is by sku, with a notice; after it there is room again', () => {
    const { list, notice } = removeFromCompare(given(MACBOOK, IPHONE, IPAD, WATCH), IPHONE.sku);
    expect(list.map((p) => p.sku)).toEqual([MACBOOK.sku, IPAD.sku, WATCH.sku]);
    expect(notice).toEqual({ key: 'shortlists.compareRemoved', params: { productName: IPHONE.name } });
    expect(addToCompare(list, AIRPODS).notice?.key).toBe('shortlists.compareAdded');
  });

  it('removing a sku that is not there changes nothing and shows nothing', () => {
    const before = given(IPHONE);
    expect(removeFromCompare(before, 'NOPE')).toEqual({ list: before });
  });
});
