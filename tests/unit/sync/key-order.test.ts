import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pullOnlyCollections } from '../../../client/sync/database.ts';
import { keyOrder } from '../../../client/sync/key-order.ts';
import { rxdbSchemas } from '../../../schema/rxdb/collections.ts';

const identifier = fc.string({
  unit: fc.constantFrom(...'_0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'),
  maxLength: 8,
});

/** Every object key in a JSON value, as RxDB's sortObject visits them. */
const keysOf = (value: unknown, into: Set<string> = new Set()): Set<string> => {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysOf(inner, into);
    }
  }
  return into;
};

describe("RxDB's key order without the collation data", () => {
  it('given any two identifiers, then the order localeCompare gives', () => {
    fc.assert(
      fc.property(identifier, identifier, (a, b) => {
        expect(keyOrder(a, b)).toBe(Math.sign(a.localeCompare(b)));
      }),
      { numRuns: 20_000 },
    );
    expect(['aA', 'Aa', 'a_', 'a0', 'ab', '_x', '9', '10'].sort(keyOrder)).toEqual([
      '_x',
      '10',
      '9',
      'a_',
      'a0',
      'aA',
      'Aa',
      'ab',
    ]);
  });

  it("given every key of the store's collections, then the same order as before, so each schema keeps its hash", () => {
    const schemas = [rxdbSchemas().commands, ...Object.values(pullOnlyCollections()).map((spec) => spec.schema())];
    const keys = [...keysOf(schemas)];
    expect(keys.length).toBeGreaterThan(50);
    expect([...keys].sort(keyOrder)).toEqual([...keys].sort((a, b) => a.localeCompare(b)));
  });

  it('given a key that is not an identifier, then localeCompare orders it', () => {
    for (const [a, b] of [
      ['ä', 'b'],
      ['a-b', 'a_b'],
      ['$ref', 'a'],
      ['ж', 'z'],
    ] as const) {
      expect(keyOrder(a, b)).toBe(Math.sign(a.localeCompare(b)));
    }
  });
});
