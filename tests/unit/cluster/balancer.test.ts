import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectionsWithinLimit, parseServerStates, parseServerStats } from '../../../tools/cluster/balancer.ts';

const dir = mkdtempSync(join(tmpdir(), 'balancer-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the cluster's balancer", () => {
  it("reads each instance's state from HAProxy's `show stat`, not the frontend's or backend's rows", () => {
    const csv = [
      '# pxname,svname,qcur,qmax,scur,smax,slim,stot,bin,bout,dreq,dresp,ereq,econ,eresp,wretr,wredis,status,',
      'store,FRONTEND,,,0,1,20000,4,0,0,0,0,0,,,,,OPEN,',
      'store,store1,0,0,0,1,,2,0,0,,0,,0,0,0,0,UP,',
      'store,store2,0,0,0,1,,2,0,0,,0,,0,0,0,0,DOWN,',
      'store,BACKEND,0,0,0,1,2000,4,0,0,0,0,,0,0,0,0,UP,',
      '',
    ].join('\n');
    expect(parseServerStates(csv)).toEqual({ store1: 'UP', store2: 'DOWN' });
    expect(parseServerStats(csv)).toEqual({
      store1: { status: 'UP', sessions: 2 },
      store2: { status: 'DOWN', sessions: 2 },
    });
  });

  it('asks HAProxy for no more connections than the hard descriptor limit holds (it refuses to start)', () => {
    const limits = join(dir, 'limits');
    writeFileSync(
      limits,
      'Limit                     Soft Limit           Hard Limit           Units\nMax open files            1024                 20000                files\n',
    );
    expect(connectionsWithinLimit(50_000, limits)).toBe(9_900);
    expect(connectionsWithinLimit(2_000, limits)).toBe(2_000);
  });
});
