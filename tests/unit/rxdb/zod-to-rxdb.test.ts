import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { rxdbSchemas } from '../../../schema/rxdb/collections.ts';
import { zodToRxdbSchema } from '../../../schema/rxdb/zod-to-rxdb.ts';

describe('the commands collection schema, derived from zod', () => {
  const schema = rxdbSchemas().commands;

  it('is keyed by the command id at version 0, with no $schema', () => {
    expect(schema).toMatchObject({ primaryKey: 'id', version: 0 });
    expect(schema).not.toHaveProperty('$schema');
    expect(schema.properties.id).toMatchObject({ type: 'string', maxLength: 36 });
  });

  it('indexes what the views and the dispatcher query by', () => {
    expect(schema.indexes).toEqual([
      ['clientId', 'seq'],
      ['owner', 'status'],
    ]);
  });

  it('outcomes are indexed for the dispatcher (seq per client) and the newest-first list', () => {
    expect(rxdbSchemas().outcomes.indexes).toEqual([
      ['clientId', 'seq'],
      ['owner', 'createdAt'],
    ]);
    expect(rxdbSchemas().outcomes.properties.createdAt).toMatchObject({ type: 'number', multipleOf: 1 });
  });

  it('an indexed integer becomes a bounded whole number', () => {
    expect(schema.properties.seq).toEqual({
      type: 'number',
      multipleOf: 1,
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
    });
  });

  it('an indexed enum is bounded by its longest value', () => {
    expect(schema.properties.status).toMatchObject({ type: 'string', maxLength: 'processing'.length });
  });

  it('refuses fields the client must not invent', () => {
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(
      expect.arrayContaining(['id', 'type', 'payload', 'owner', 'clientId', 'seq', 'status', 'serverSeq']),
    );
  });

  it('every collection has its primary key bounded', () => {
    for (const [name, s] of Object.entries(rxdbSchemas())) {
      expect(s.properties[s.primaryKey as string], name).toHaveProperty('maxLength');
    }
  });
});

describe('zodToRxdbSchema refuses what RxDB cannot index, naming the field', () => {
  const make = (shape: z.ZodRawShape, indexes: (string | string[])[]) =>
    zodToRxdbSchema(z.object({ id: z.string().max(36), ...shape }), { version: 0, primaryKey: 'id', indexes });

  it('an optional indexed field', () => {
    expect(() => make({ tag: z.string().max(10).optional() }, ['tag'])).toThrow(/"tag" must be required/);
  });

  it('an indexed string without a max length', () => {
    expect(() => make({ title: z.string() }, ['title'])).toThrow(/indexed string "title" needs a max length/);
  });

  it('an unbounded primary key', () => {
    expect(() => zodToRxdbSchema(z.object({ id: z.string() }), { version: 0, primaryKey: 'id' })).toThrow(/"id"/);
  });

  it('an indexed number without a minimum and a maximum', () => {
    expect(() => make({ rank: z.number() }, ['rank'])).toThrow(/indexed number "rank" needs a minimum and a maximum/);
    expect(() => make({ rank: z.number().min(0) }, ['rank'])).toThrow(/"rank"/);
  });

  it('an index on a field that does not exist', () => {
    expect(() => make({}, ['nope'])).toThrow(/"nope" is not in the schema/);
  });

  it('fields in a compound index are checked too', () => {
    expect(() => make({ a: z.string().max(5), b: z.string() }, [['a', 'b']])).toThrow(/"b"/);
  });

  it('leaves unindexed fields as they are', () => {
    const schema = make({ note: z.string(), count: z.number().int().min(0).max(10) }, []);
    expect(schema.properties.note).toEqual({ type: 'string' });
    expect(schema.properties.count).toEqual({ type: 'integer', minimum: 0, maximum: 10 });
  });
});
