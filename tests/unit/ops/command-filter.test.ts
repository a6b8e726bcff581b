import { describe, expect, it } from 'vitest';
import {
  commandFilterToQuery,
  commandListQuerySchema,
  decodeCommandCursor,
  encodeCommandCursor,
  lookupKindOf,
} from '../../../schema/ops/command-filter.ts';
import { csvCell } from '../../../sync-server/ops/command-export.ts';

const CURSOR = { receivedAt: '2026-12-07T05:11:13.123456Z', id: '0193a000-0000-7000-8000-000000000001' };

describe('the command log’s filters, as the console puts them in its address', () => {
  it('given a query string, when parsed, then blank fields filter nothing, times become epoch ms and `device` is the client id', () => {
    const parsed = commandListQuerySchema.parse({
      type: 'order.place',
      status: '',
      from: '2026-01-01',
      to: '1800000000000',
      device: 'phone-0000001',
      limit: '20',
    });

    expect(parsed).toEqual({
      filter: { type: 'order.place', clientId: 'phone-0000001', from: Date.UTC(2026, 0, 1), to: 1_800_000_000_000 },
      cursor: undefined,
      limit: 20,
      format: 'json',
    });
  });

  it('given a range that ends before it starts, an unknown status or a made-up cursor, then each is refused naming its field', () => {
    const fieldOf = (query: Record<string, string>) =>
      commandListQuerySchema.safeParse(query).error?.issues.map((i) => i.path.join('.'));

    expect(fieldOf({ from: '5', to: '3' })).toEqual(['from']);
    expect(fieldOf({ status: 'stuck' })).toEqual(['status']);
    expect(fieldOf({ cursor: 'zz' })).toEqual(['cursor']);
    expect(fieldOf({ limit: '100000' })).toEqual(['limit']);
  });

  it('given a page’s cursor, when it travels through the address, then it comes back the same', () => {
    const text = encodeCommandCursor(CURSOR);

    expect(decodeCommandCursor(text)).toEqual(CURSOR);
    expect(commandListQuerySchema.parse({ cursor: text }).cursor).toEqual(CURSOR);
    expect(decodeCommandCursor('nonsense~also')).toBeUndefined();
  });

  it('given a lookup, then its shape says what it is', () => {
    expect(lookupKindOf(CURSOR.id)).toBe('commandId');
    expect(lookupKindOf('BG-2026-000123')).toBe('orderNumber');
    expect(lookupKindOf(' maria@example.bg ')).toBe('email');
    expect(lookupKindOf('user-0193a000')).toBe('owner');
  });

  it('given filters with empty fields, when written back to the address, then only the set ones appear', () => {
    expect(commandFilterToQuery({ type: 'cart.addItem', status: '', q: 'a@b.bg' })).toBe(
      'type=cart.addItem&q=a%40b.bg',
    );
  });
});

describe('a CSV cell of the export', () => {
  it('given text with separators, quotes or a formula’s first character, then it is quoted or defused', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
  });
});
