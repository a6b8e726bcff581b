import { describe, expect, it } from 'vitest';
import { commandTypes } from '../../../schema/commands/registry.ts';

const { 'cart.addItem': add, 'cart.updateQty': update, 'cart.removeItem': remove } = commandTypes;

describe('a quantity is a whole number of at least 1', () => {
  it.each([0, -1, 1.5, '2', 1000, Number.NaN])('refuses qty %s when adding, changing or removing', (qty) => {
    expect(add.payload.safeParse({ sku: 'IP17', qty }).success).toBe(false);
    expect(update.payload.safeParse({ lineId: 'IP17', qty }).success).toBe(false);
    expect(remove.payload.safeParse({ lineId: 'IP17', qty }).success).toBe(false);
  });

  it.each([1, 2, 999])('accepts qty %s', (qty) => {
    expect(add.payload.safeParse({ sku: 'IP17', qty }).success).toBe(true);
    expect(update.payload.safeParse({ lineId: 'IP17', qty }).success).toBe(true);
    expect(remove.payload.safeParse({ lineId: 'IP17', qty }).success).toBe(true);
  });

  it('an add without options means no options', () => {
    expect(add.payload.parse({ sku: 'IP17', qty: 1 })).toEqual({ sku: 'IP17', qty: 1, options: {} });
  });

  it('a remove may leave out the quantity (the whole line goes)', () => {
    expect(remove.payload.parse({ lineId: 'IP17' })).toEqual({ lineId: 'IP17' });
  });

  it('an add needs a sku', () => {
    expect(add.payload.safeParse({ sku: '', qty: 1 }).success).toBe(false);
  });
});
