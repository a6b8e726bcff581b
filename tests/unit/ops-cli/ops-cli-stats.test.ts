import { describe, expect, it } from 'vitest';
import { describeStats, describeSyncLag } from '../../../tools/ops/commands/stats.ts';

const AT = Date.UTC(2026, 11, 7, 5, 31, 2);

/** `npm run ops -- stats`: the sync lag and the per-bucket times as a person reads them in a terminal. */
describe('ops stats output', () => {
  const lag = {
    devices: 3,
    histogram: [
      { upToSeconds: 0, count: 2 },
      { upToSeconds: 10, count: 1 },
      { upToSeconds: null, count: 0 },
    ],
    lagging: [
      {
        clientId: 'tablet-1',
        owner: 'guest-1',
        appVersion: '1.4.0',
        behindOutcomes: 2,
        behindSeconds: 1.2,
        lastSyncAt: AT,
      },
    ],
  };

  it('given devices behind, when printed, then devices per slot and one line per device behind', () => {
    const lines = describeSyncLag(lag);
    expect(lines[0]).toBe('syncLag: 3 device(s) seen');
    expect(lines[1]).toMatch(/^ {2}up to date +2$/);
    expect(lines[2]).toMatch(/^ {2}< 10\.0 s +1$/);
    expect(lines[3]).toMatch(/^ {2}>= 10\.0 s +0$/);
    expect(lines[4]).toMatch(/device .*shopper .*version .*missing .*behind for .*last pull or stream/);
    expect(lines[5]).toMatch(/^ {2}tablet-1 +guest-1 +1\.4\.0 +2 {2}1\.2 s +2026-12-07 05:31:02\.000Z$/);
  });

  it('given no device behind, when printed, then it says so', () => {
    expect(describeSyncLag({ ...lag, lagging: [] }).at(-1)).toBe('  no device is missing an outcome');
  });

  it('given the whole answer, when printed, then the sync lag as its table and times per bucket as the latest', () => {
    const lines = describeStats({
      backlog: 0,
      received: [1, 2],
      deviceToDeviceP95Ms: [900, 1_500, null],
      syncLag: lag,
    });
    expect(lines).toContain('received: 2 point(s), total 3');
    expect(lines).toContain('deviceToDeviceP95Ms: 3 point(s), latest 1.5 s');
    expect(lines).toContain('syncLag: 3 device(s) seen');
  });
});
