import { describe, expect, it } from 'vitest';
import { upkeepPlan, type TableActivity } from '../../../sync-server/store/upkeep-rules.ts';

const table = (activity: Partial<TableActivity>): TableActivity => ({
  table: 'carts',
  liveRows: 0,
  deadRows: 0,
  changedSinceAnalyze: 0,
  ...activity,
});

describe('which tables the embedded store vacuums and analyzes (autovacuum thresholds)', () => {
  it('given a quiet table, nothing is due', () => {
    expect(upkeepPlan([table({ liveRows: 10_000, deadRows: 50, changedSinceAnalyze: 50 })])).toEqual({
      vacuum: [],
      analyze: [],
    });
  });

  it('given a new table of 100 rows never analyzed, it is analyzed, not vacuumed; one of 50 is not', () => {
    expect(
      upkeepPlan([
        table({ table: 'stock_items', liveRows: 100, changedSinceAnalyze: 100 }),
        table({ table: 'banners', liveRows: 50, changedSinceAnalyze: 50 }),
      ]),
    ).toEqual({
      vacuum: [],
      analyze: ['stock_items'],
    });
  });

  it('given dead rows past 50 + 20% of the live ones, it is vacuumed; at the threshold, not yet', () => {
    const plan = upkeepPlan([
      table({ table: 'commands', liveRows: 1000, deadRows: 251 }),
      table({ table: 'carts', liveRows: 1000, deadRows: 250 }),
    ]);
    expect(plan.vacuum).toEqual(['commands']);
  });

  it('given changes past 50 + 10% of the rows, it is analyzed again; a large table needs proportionally more', () => {
    const plan = upkeepPlan([
      table({ table: 'users', liveRows: 1000, changedSinceAnalyze: 151 }),
      table({ table: 'catalog_products', liveRows: 100_000, changedSinceAnalyze: 151 }),
    ]);
    expect(plan.analyze).toEqual(['users']);
  });
});
