import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { environmentVariableNames, loadServerEnvironment } from '../../sync-server/environment.ts';

/** The variables named in the first column of the README's configuration table. */
const documented = (): string[] => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const table = readme.split('| variable | default | what it sets |')[1]?.split(/\n\n/)[0] ?? '';
  return table
    .split('\n')
    .map((row) => row.split('|')[1] ?? '')
    .flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1] ?? ''))
    .sort();
};

describe("the server's configuration", () => {
  it("the README's table names every variable the server reads, and nothing else", () => {
    expect(documented()).toEqual(environmentVariableNames());
  });

  it('is checked whole at start: a bad messages or challenge setting stops the server before it listens', () => {
    expect(() => loadServerEnvironment({ SHOP_MAIL_TO: 'not-an-address', CHALLENGE_TTL_S: '5' })).toThrow(
      /SHOP_MAIL_TO.*CHALLENGE_TTL_S|CHALLENGE_TTL_S.*SHOP_MAIL_TO/,
    );
    expect(() => loadServerEnvironment({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadServerEnvironment({ NODE_ENV: 'prod' })).toThrow(/NODE_ENV/);
  });

  it('starts with nothing set: every default is valid', () => {
    const config = loadServerEnvironment({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
  });
});
