import { describe, expect, it } from 'vitest';
import { rxdbSchemas } from '../../../schema/rxdb/collections.ts';
import { deriveRxdbSchemas } from '../../../schema/rxdb/derive-collections.ts';

describe("the client's stored RxDB schemas", () => {
  it("are what the collections' zod schemas derive (else run `npx tsx tools/rxdb-schemas.ts`)", () => {
    expect(rxdbSchemas()).toEqual(deriveRxdbSchemas());
  });

  it('keep the key order of the derivation, which RxDB hashes a schema by', () => {
    expect(JSON.stringify(rxdbSchemas())).toBe(JSON.stringify(deriveRxdbSchemas()));
  });
});
