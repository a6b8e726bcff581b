import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The app's styles (issue 29, item 24): each stylesheet sits beside what it styles and says so at its top; a module
 * imports its own (Vite bundles it with the module's chunk), and the shared ones are listed once, in cascade order, by
 * client/ui/shared.css. A sheet in both places would come twice, the second time after the features' rules; a sheet
 * in neither would be left out of the build.
 */
const CLIENT = join(import.meta.dirname, '../../../client');
const SHARED = join(CLIENT, 'ui/shared.css');

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : [path];
  });

const all = files(CLIENT);
const stylesheets = all.filter((path) => path.endsWith('.css'));
const sharedParts = [...readFileSync(SHARED, 'utf8').matchAll(/@import '([^']+)';/g)].map((m) =>
  resolve(CLIENT, 'ui', m[1]!),
);
/** The stylesheets client modules import (`import './x.css';`). */
const imported = new Set(
  all
    .filter((path) => /\.tsx?$/.test(path))
    .flatMap((path) =>
      [...readFileSync(path, 'utf8').matchAll(/^import '([^']+\.css)';$/gm)].map((m) => resolve(dirname(path), m[1]!)),
    ),
);
const name = (path: string): string => relative(CLIENT, path);

describe('the app’s stylesheets', () => {
  it('each says at its top what it styles', () => {
    expect(stylesheets.length).toBeGreaterThan(40);
    expect(stylesheets.filter((path) => !readFileSync(path, 'utf8').startsWith('/*')).map(name)).toEqual([]);
  });

  it('the shared ones are listed by client/ui/shared.css, which a module imports, and no module imports them', () => {
    expect(sharedParts.length).toBeGreaterThan(5);
    expect(sharedParts.filter((path) => !stylesheets.includes(path)).map(name)).toEqual([]);
    expect(sharedParts.filter((path) => imported.has(path)).map(name)).toEqual([]);
    expect(imported.has(SHARED)).toBe(true);
  });

  it('every other is imported by a module, so it is in the build with that module’s chunk', () => {
    const left = stylesheets.filter((path) => path !== SHARED && !sharedParts.includes(path) && !imported.has(path));
    expect(left.map(name)).toEqual([]);
  });
});
