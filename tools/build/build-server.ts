import { readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';

/**
 * The server as plain JavaScript (`npm run build`, after the client's `vite build`): `build/server/main.js` (the
 * store, `npm run serve`) and `build/server/ops.js` (the operators' command line), ES modules for Node, with the
 * shared code in chunks beside them. Packages stay outside the bundle (`npm ci --omit=dev` installs them), so a
 * production machine runs no `tsx` and no TypeScript.
 *
 * The output sits two folders deep, as the sources do (sync-server/store/, tools/ops/): the files the server reads
 * next to itself by `new URL('../../migrations/server/', import.meta.url)` and `../../data/places/` resolve to the
 * same folders of the checkout from the bundle as from the sources.
 */
const SERVER_OUT_DIR = 'build/server';
/** Another checkout's build folder (the production-build test builds into a copy): `build-server.ts <root>`. */
const [root = '.'] = process.argv.slice(2);
const outDir = path.join(root, SERVER_OUT_DIR);

const started = Date.now();
rmSync(outDir, { recursive: true, force: true });
const result = await build({
  entryPoints: { main: 'sync-server/main.ts', ops: 'tools/ops/cli.ts' },
  outdir: outDir,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  sourcemap: 'linked',
  // Names stay readable in stack traces and in the operators' logs.
  minify: false,
  metafile: true,
  logLevel: 'warning',
  // Chunks beside the entries, not in a subfolder: the paths above are relative to the file that holds the code.
  chunkNames: '[name]-[hash]',
});

/** The package a bare import names: `pino`, `@node-rs/argon2`, `rxdb/plugins/core` -> `rxdb`. */
const packageOf = (specifier: string): string =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] ?? specifier);

/**
 * The packages the built server imports that `npm ci --omit=dev` would not install: a devDependency reached from
 * the server's code works under `npm start` and breaks only on the production machine, so the build refuses it.
 */
const missingRuntimePackages = (metafile: Metafile): string[] => {
  const { dependencies = {} } = JSON.parse(readFileSync('package.json', 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const builtins = new Set(builtinModules);
  const imported = Object.values(metafile.outputs).flatMap((output) =>
    output.imports.filter((i) => i.external).map((i) => i.path),
  );
  const packages = new Set(
    imported.filter((p) => !p.startsWith('node:') && !builtins.has(p.split('/')[0] ?? p)).map(packageOf),
  );
  return [...packages].filter((name) => !Object.hasOwn(dependencies, name)).sort();
};

const missing = missingRuntimePackages(result.metafile);
if (missing.length > 0) {
  console.error(`server build: imported at run time but not in "dependencies": ${missing.join(', ')}`);
  process.exit(1);
}
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
const files = Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js')).length;
console.log(
  `server: ${outDir}/main.js and ops.js, ${files} files, ${(bytes / 1024).toFixed(0)} KB, ${Date.now() - started} ms`,
);
