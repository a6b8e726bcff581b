import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../sync-server/node-flags.ts';

/** package.json cannot import the server's flags, so `npm run serve` spells them out: the same ones. */
describe("the server's Node flags", () => {
  it('are the ones `npm run serve` starts the server with', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.serve).toBe(`NODE_ENV=production node ${SERVER_NODE_FLAGS.join(' ')} build/server/main.js`);
  });
});
