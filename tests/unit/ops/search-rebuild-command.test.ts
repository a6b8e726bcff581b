import { describe, expect, it } from 'vitest';
import { runOps } from '../../../tools/ops/dispatch.ts';

/** `npm run ops -- search-rebuild` where there is nothing to rebuild (its rebuild: search-elasticsearch-index.test.ts). */
describe('ops search-rebuild', () => {
  const run = async (args: string[], env: NodeJS.ProcessEnv) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOps(['search-rebuild', ...args], {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      database: () => Promise.reject(new Error('the store is not opened for this')),
      env,
    });
    return { code, out, err };
  };

  it('with the embedded engine it says why there is nothing to rebuild, and never opens the store', async () => {
    const { code, out, err } = await run([], { SEARCH_ENGINE: 'embedded' });
    expect(code).toBe(1);
    expect(out).toEqual([]);
    expect(err.join('\n')).toMatch(/SEARCH_ENGINE is embedded: each instance indexes the catalogue in memory/);
  });

  it('takes no arguments', async () => {
    const { code, err } = await run(['now'], { SEARCH_ENGINE: 'elasticsearch', ES_URL: 'http://127.0.0.1:9200' });
    expect(code).toBe(2);
    expect(err[0]).toBe('search-rebuild: takes no arguments ("now")');
  });
});
