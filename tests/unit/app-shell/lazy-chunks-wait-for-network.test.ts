import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A lazy chunk asked for offline must wait for the network, not take the page down (client/lib/import-when-reachable.ts):
 * so every dynamic import in client/ goes through importWhenReachable, directly or through lazyRoute and lazyComponent
 * (client/lib/lazy-when-reachable.ts). The one exception is boot.ts, the entry:
 * the files it imports are the first page's own, named in the page's modulepreload list and fetched with it.
 */
const CLIENT = join(import.meta.dirname, '../../../client');
const EXEMPT = new Set(['boot.ts', 'lib/import-when-reachable.ts']);

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });

const isComment = (line: string): boolean => /^\s*(\/\/|\/\*|\*)/.test(line);

/** The calls whose loader goes through importWhenReachable (lib/lazy-when-reachable.ts wraps the last two). */
const GUARDED = ['importWhenReachable', 'lazyRoute', 'lazyComponent'];

/** Each `import(` in code that is not the loader of one of those calls, as "file:line". */
const unguardedImports = (path: string): string[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .flatMap((line, index) =>
      isComment(line)
        ? []
        : [...line.matchAll(/(?<![\w.])import\(/g)]
            .filter((match) => !GUARDED.some((call) => line.slice(0, match.index).endsWith(`${call}(() => `)))
            .map(() => `${relative(CLIENT, path)}:${index + 1}`),
    );

describe('the lazy chunks of the app', () => {
  it('are all loaded through importWhenReachable, so none fails the page offline', () => {
    const files = sourceFiles(CLIENT).filter((path) => !EXEMPT.has(relative(CLIENT, path)));
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(unguardedImports)).toEqual([]);
  });
});
