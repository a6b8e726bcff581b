import { describe, expect, it } from 'vitest';
import {
  findUnstorable,
  isStorableText,
  STORABLE_JSON_DEPTH_MAX,
  toStorableJson,
} from '../../../schema/validation/storable.ts';
import { isRefusedAtPush, parseCommand } from '../../../schema/index.ts';

describe('what the store can keep', () => {
  it('refuses NUL and lone surrogates, keeps pairs and any other text', () => {
    expect(['a\u0000', '\ud800', 'x\udc00', '\ude00\ud83d'].map(isStorableText)).toEqual([false, false, false, false]);
    expect(['', 'За Мария', '😀', 'a\u0001b'].map(isStorableText)).toEqual([true, true, true, true]);
  });

  it('finds the first bad value, key, number or nesting in parsed JSON, by path', () => {
    expect(findUnstorable({ a: [1, { b: 'x\u0000' }] })?.path).toEqual(['a', 1, 'b']);
    expect(findUnstorable({ a: { 'k\ud800': 1 } })).toMatchObject({ path: ['a'], message: /key/ });
    expect(findUnstorable({ n: Infinity })?.path).toEqual(['n']);
    expect(findUnstorable({ n: NaN })?.path).toEqual(['n']);
    expect(findUnstorable({ a: undefined, b: null, c: true, d: [1.5, 'ok'] })).toBeUndefined();
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findUnstorable(deep)?.message).toMatch(`deeper than ${STORABLE_JSON_DEPTH_MAX}`);
  });

  it('makes a value storable: bad characters replaced, bad numbers null', () => {
    const storable = toStorableJson({ 'k\u0000': ['\ud800x', Infinity, 2] });
    expect(storable).toEqual({ 'k\ufffd': ['\ufffdx', null, 2] });
    expect(findUnstorable(storable)).toBeUndefined();
  });
});

describe('parseCommand and a payload the store cannot keep', () => {
  const envelope = {
    id: '01890a5d-ac96-774b-bcce-b302099a8057',
    type: 'cart.addItem',
    owner: 'guest-1',
    clientId: 'client-12345678',
    seq: 1,
    createdAt: 1,
    status: 'pending',
    serverSeq: 0,
  };

  it('fails naming the field, and carries the command as it can be stored, refused', () => {
    const parsed = parseCommand({ ...envelope, payload: { sku: 'A\u0000', qty: 1 } });
    expect(parsed).toMatchObject({ ok: false, field: 'payload.sku' });
    if (parsed.ok) return;
    expect(parsed.refused).toMatchObject({
      payload: { sku: 'A\ufffd', qty: 1 },
      error: { code: 'invalid_payload', field: 'payload.sku' },
    });
    expect(isRefusedAtPush(parsed.refused!)).toBe(true);
  });

  it('a bad string in the envelope is a plain failure naming it', () => {
    const parsed = parseCommand({ ...envelope, clientId: 'client-1234\u0000', payload: { sku: 'A', qty: 1 } });
    expect(parsed).toMatchObject({ ok: false, field: 'clientId' });
    expect(parsed.ok || parsed.refused).toBeFalsy();
  });
});
