import { describe, expect, it } from 'vitest';
import { lineOptionRows } from '../../../client/cart/line-option-rows.ts';

describe('what the cart shows of a line’s options', () => {
  it('given a line with options by ids and their labels, then the labels are shown, never the ids', () => {
    const rows = lineOptionRows({
      options: { cvyat: 'черен', 'custom:1': '12', 'custom:2': '21' },
      labels: [
        { name: 'Размер на каишката', value: 'M' },
        { name: 'AppleCare+ за 2 години', value: 'AppleCare+' },
      ],
    });
    expect(rows).toEqual([
      { kind: 'attribute', code: 'cvyat', value: 'черен' },
      { kind: 'label', name: 'Размер на каишката', value: 'M' },
      { kind: 'label', name: 'AppleCare+ за 2 години', value: 'AppleCare+' },
    ]);
  });

  it('given a line an older client keyed by titles, then its entries are shown as they are', () => {
    expect(lineOptionRows({ options: { Гравиране: 'За Мария' } })).toEqual([
      { kind: 'attribute', code: 'Гравиране', value: 'За Мария' },
    ]);
  });
});
