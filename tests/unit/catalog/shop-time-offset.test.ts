import { describe, expect, it } from 'vitest';
import {
  instantOfWallTime,
  SHOP_TIME_ZONE,
  sofiaOffsetByHand,
  zoneOffsetByIntl,
} from '../../../schema/catalog/rules/shop-time.ts';

const intlOffset = (instant: number): number => zoneOffsetByIntl(instant, SHOP_TIME_ZONE);

const HOUR = 3_600_000;

describe("Sofia's clock without Intl's zone data", () => {
  // 359,000 hours through Intl: seconds of CPU, more on a loaded machine; the budget is not what is tested.
  it('given every hour of 1997 to 2037, then the same offset as the zone data', { timeout: 120_000 }, () => {
    const mismatches: string[] = [];
    for (let t = Date.UTC(1997, 0, 1); t < Date.UTC(2038, 0, 1); t += HOUR) {
      if (sofiaOffsetByHand(t) !== intlOffset(t)) mismatches.push(new Date(t).toISOString());
    }
    expect(mismatches).toEqual([]);
  });

  it('given the last millisecond before and the first one of summer time in 2026, then +2 h then +3 h, and back in October', () => {
    const springForward = Date.UTC(2026, 2, 29, 1);
    const fallBack = Date.UTC(2026, 9, 25, 1);
    expect([sofiaOffsetByHand(springForward - 1), sofiaOffsetByHand(springForward)]).toEqual([2 * HOUR, 3 * HOUR]);
    expect([sofiaOffsetByHand(fallBack - 1), sofiaOffsetByHand(fallBack)]).toEqual([3 * HOUR, 2 * HOUR]);
  });

  it('given a year outside the rule, then the zone data decides', () => {
    expect(sofiaOffsetByHand(Date.UTC(1990, 6, 1))).toBeNull();
    expect(sofiaOffsetByHand(Date.UTC(2040, 6, 1))).toBeNull();
    // 1990's summer in Sofia was +3 h, by the zone data.
    expect(instantOfWallTime({ year: 1990, month: 7, day: 1, hour: 12, minute: 0, second: 0, ms: 0 })).toBe(
      Date.UTC(1990, 6, 1, 9),
    );
  });

  it('given a promotion ending at midnight in Sofia, then it starts at 22:00 UTC the evening before in winter and at 21:00 UTC in summer', () => {
    const midnight = (month: number) => ({ year: 2026, month, day: 15, hour: 0, minute: 0, second: 0, ms: 0 });
    expect(instantOfWallTime(midnight(1))).toBe(Date.UTC(2026, 0, 14, 22));
    expect(instantOfWallTime(midnight(7))).toBe(Date.UTC(2026, 6, 14, 21));
  });
});
