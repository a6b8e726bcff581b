import { describe, expect, it } from 'vitest';
import { parseFilter } from '../../../tools/ops/args.ts';
import { parseBulkArgs } from '../../../tools/ops/commands/bulk.ts';
import { parseFailuresArgs } from '../../../tools/ops/commands/failures.ts';
import { parseRetryArgs } from '../../../tools/ops/commands/retry.ts';
import { parseShowArgs } from '../../../tools/ops/commands/show.ts';
import { parseStatsArgs } from '../../../tools/ops/commands/stats.ts';
import { parseTailArgs } from '../../../tools/ops/commands/tail.ts';

/** A command id as the devices make them (UUIDv7). */
const ID = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

describe('npm run ops: the arguments of the API subcommands', () => {
  describe('show', () => {
    it('given a command id, when parsed, then it is the id (lower-cased) without --json', () => {
      expect(parseShowArgs([ID.toUpperCase()])).toEqual({ ok: true, value: { id: ID, json: false } });
    });
    it('given --json, when parsed, then the raw answer is asked for', () => {
      expect(parseShowArgs([ID, '--json'])).toEqual({ ok: true, value: { id: ID, json: true } });
    });
    it('given no id, two ids or something else than a UUIDv7, when parsed, then the error says which', () => {
      expect(parseShowArgs([])).toEqual({ ok: false, error: 'show needs a command id' });
      expect(parseShowArgs([ID, ID])).toMatchObject({ ok: false, error: expect.stringContaining('one command id') });
      expect(parseShowArgs(['BG-1001'])).toEqual({ ok: false, error: '"BG-1001" is not a command id (a UUIDv7)' });
    });
    it('given an option it does not take, when parsed, then the error names it', () => {
      expect(parseShowArgs([ID, '--dry-run'])).toMatchObject({
        ok: false,
        error: expect.stringContaining('--dry-run'),
      });
    });
  });

  describe('retry', () => {
    it('given only an id, when parsed, then it is a real retry that waits for the outcome', () => {
      expect(parseRetryArgs([ID])).toEqual({ ok: true, value: { id: ID, dryRun: false, wait: true } });
    });
    it('given --dry-run before or after the id, when parsed, then nothing is to change', () => {
      expect(parseRetryArgs(['--dry-run', ID])).toEqual({ ok: true, value: { id: ID, dryRun: true, wait: true } });
      expect(parseRetryArgs([ID, '--dry-run', '--no-wait'])).toEqual({
        ok: true,
        value: { id: ID, dryRun: true, wait: false },
      });
    });
    it('given a misspelt flag, when parsed, then it is refused rather than retrying for real', () => {
      expect(parseRetryArgs([ID, '--dryrun'])).toMatchObject({ ok: false, error: expect.stringContaining('--dryrun') });
      expect(parseRetryArgs([ID, '--dry-run=yes'])).toMatchObject({ ok: false });
    });
  });

  describe('failures and stats', () => {
    it('given nothing, when parsed, then failures covers the last day and stats the last hour', () => {
      expect(parseFailuresArgs([])).toEqual({ ok: true, value: { range: 'day', json: false } });
      expect(parseStatsArgs([])).toEqual({ ok: true, value: { range: 'hour', json: false } });
    });
    it('given --range week or --range=hour, when parsed, then that range', () => {
      expect(parseFailuresArgs(['--range', 'week'])).toEqual({ ok: true, value: { range: 'week', json: false } });
      expect(parseStatsArgs(['--range=day', '--json'])).toEqual({ ok: true, value: { range: 'day', json: true } });
    });
    it('given a range the server has no buckets for, or a stray word, when parsed, then an error', () => {
      expect(parseFailuresArgs(['--range', 'month'])).toEqual({
        ok: false,
        error: '--range must be one of hour, day, week',
      });
      expect(parseStatsArgs(['now'])).toEqual({ ok: false, error: 'stats takes no "now"' });
    });
  });

  describe('filters (tail, bulk)', () => {
    it('given comma-separated and repeated --filter, when parsed, then one filter of all the pairs', () => {
      expect(parseFilter(['status=failed,type=order.place', 'q=ana@example.com'])).toEqual({
        ok: true,
        value: { status: 'failed', type: 'order.place', q: 'ana@example.com' },
      });
    });
    it("given the console's other names (device, code, email), when parsed, then the API's keys", () => {
      expect(parseFilter(['device=c-1,code=out_of_stock,email=a@b.bg'])).toEqual({
        ok: true,
        value: { clientId: 'c-1', resultCode: 'out_of_stock', q: 'a@b.bg' },
      });
    });
    it('given an unknown key, an empty value, a pair without "=" or one key twice, when parsed, then the error names it', () => {
      expect(parseFilter(['colour=red'])).toMatchObject({ ok: false, error: expect.stringContaining('"colour"') });
      expect(parseFilter(['status='])).toEqual({ ok: false, error: 'filter "status": empty value' });
      expect(parseFilter(['failed'])).toEqual({ ok: false, error: 'filter "failed": expected key=value' });
      expect(parseFilter(['status=failed', 'status=pending'])).toEqual({
        ok: false,
        error: 'filter "status" given twice',
      });
    });
    it('given tail without a filter, when parsed, then it follows everything', () => {
      expect(parseTailArgs([])).toEqual({ ok: true, value: { filter: {}, json: false } });
      expect(parseTailArgs(['--filter', 'status=rejected', '--json'])).toEqual({
        ok: true,
        value: { filter: { status: 'rejected' }, json: true },
      });
    });
  });

  describe('bulk', () => {
    it('given an action and a filter, when parsed, then a real run that asks before it starts', () => {
      expect(parseBulkArgs(['retry', '--filter', 'type=order.place,status=failed'])).toEqual({
        ok: true,
        value: { action: 'retry', filter: { type: 'order.place', status: 'failed' }, dryRun: false, yes: false },
      });
    });
    it('given --dry-run and --yes, when parsed, then both are kept', () => {
      expect(parseBulkArgs(['cancel', '--filter=owner=user-1', '--dry-run', '--yes'])).toEqual({
        ok: true,
        value: { action: 'cancel', filter: { owner: 'user-1' }, dryRun: true, yes: true },
      });
    });
    it('given no filter, when parsed, then it is refused: never every command of the shop', () => {
      expect(parseBulkArgs(['retry'])).toMatchObject({ ok: false, error: expect.stringContaining('needs --filter') });
    });
    it('given no action or another action, when parsed, then an error', () => {
      expect(parseBulkArgs(['--filter', 'status=failed'])).toEqual({
        ok: false,
        error: 'bulk needs an action: retry or cancel',
      });
      expect(parseBulkArgs(['delete', '--filter', 'status=failed'])).toMatchObject({ ok: false });
    });
  });
});
