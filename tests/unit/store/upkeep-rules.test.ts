import { describe, expect, it } from 'vitest';
import { upkeepPlan, upkeepSteps, type TableActivity } from '../../../sync-server/store/upkeep-rules.ts';

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

describe('the upkeep as statements (the embedded store never held for every table at once)', () => {
  it('given three tables due, it is one statement per table and action, a VACUUM before its ANALYZE', () => {
    const steps = upkeepSteps([
      table({ table: 'commands', liveRows: 1000, deadRows: 251, changedSinceAnalyze: 151 }),
      table({ table: 'carts', liveRows: 100, changedSinceAnalyze: 61 }),
      table({ table: 'banners', liveRows: 10, changedSinceAnalyze: 1 }),
      table({ table: 'sync_counter', liveRows: 1, deadRows: 500 }),
    ]);
    expect(steps.map((s) => `${s.action} ${s.table}`)).toEqual([
      'vacuum commands',
      'analyze commands',
      'analyze carts',
      'vacuum sync_counter',
    ]);
  });

  it('given a table larger than the sample, its ANALYZE reads at most 3,000 rows; a smaller one keeps the default', () => {
    const steps = upkeepSteps([
      table({ table: 'commands', liveRows: 250_000, changedSinceAnalyze: 30_000 }),
      table({ table: 'carts', liveRows: 3_000, changedSinceAnalyze: 400 }),
    ]);
    // PostgreSQL samples 300 rows per unit of statistics target.
    expect(steps).toEqual([
      { action: 'analyze', table: 'commands', statisticsTarget: 10 },
      { action: 'analyze', table: 'carts', statisticsTarget: undefined },
    ]);
  });
});
