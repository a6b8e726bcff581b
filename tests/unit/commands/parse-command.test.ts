import { describe, expect, it } from 'vitest';
import { newCommandDocumentSchema } from '../../../schema/commands/envelope.ts';
import { parseCommand } from '../../../schema/commands/registry.ts';
import { commandDoc } from '../support/commands.ts';

const valid = () => commandDoc('cart.addItem', { sku: 'IP17', qty: 1 });

const refusal = (input: unknown) => {
  const parsed = parseCommand(input);
  if (parsed.ok) throw new Error('expected a refusal');
  return parsed;
};

describe('parseCommand', () => {
  it('accepts a valid command and fills the payload defaults', () => {
    const parsed = parseCommand(valid());
    expect(parsed).toMatchObject({
      ok: true,
      command: { type: 'cart.addItem', payload: { sku: 'IP17', qty: 1, options: {} } },
    });
  });

  it('refuses an unknown type, naming `type`', () => {
    const { field, message } = refusal({ ...valid(), type: 'cart.teleport' });
    expect(field).toBe('type');
    expect(message).toContain('cart.teleport');
  });

  it('names the bad payload field by its path', () => {
    expect(refusal({ ...valid(), payload: { sku: 'IP17', qty: 0 } }).field).toBe('payload.qty');
    expect(refusal({ ...valid(), payload: { sku: 'IP17', qty: 1, options: { cvyat: 5 } } }).field).toBe(
      'payload.options.cvyat',
    );
  });

  it('refuses an id that is not a lower-case UUIDv7, naming `id`', () => {
    for (const id of ['not-a-uuid', '0190a6b2-3c4d-4e8f-9a0b-1c2d3e4f5a6b', '0190A6B2-3C4D-7E8F-9A0B-1C2D3E4F5A6B']) {
      expect(refusal({ ...valid(), id }).field).toBe('id');
    }
  });

  it('refuses an extra envelope field, naming it', () => {
    expect(refusal({ ...valid(), price: 1 }).field).toBe('price');
  });

  it('refuses an extra payload field, naming it', () => {
    expect(refusal({ ...valid(), payload: { sku: 'IP17', qty: 1, priceInclTax: 1 } }).field).toBe(
      'payload.priceInclTax',
    );
  });

  it('refuses a seq below 1 and a missing owner', () => {
    expect(refusal({ ...valid(), seq: 0 }).field).toBe('seq');
    const { owner: _owner, ...withoutOwner } = valid();
    expect(refusal(withoutOwner).field).toBe('owner');
  });
});

describe('a command as the client creates it', () => {
  it('is pending with serverSeq 0', () => {
    expect(newCommandDocumentSchema.safeParse(valid()).success).toBe(true);
  });

  it.each(['processing', 'succeeded', 'rejected', 'failed'])('may not claim status %s', (status) => {
    expect(newCommandDocumentSchema.safeParse({ ...valid(), status }).success).toBe(false);
  });

  it('may not set serverSeq', () => {
    expect(newCommandDocumentSchema.safeParse({ ...valid(), serverSeq: 5 }).success).toBe(false);
  });

  it('may not carry a result or an error', () => {
    expect(newCommandDocumentSchema.safeParse({ ...valid(), result: { lineId: 'x', qty: 1 } }).success).toBe(false);
    expect(newCommandDocumentSchema.safeParse({ ...valid(), error: { code: 'x', message: 'y' } }).success).toBe(false);
  });
});
