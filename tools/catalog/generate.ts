/**
 * Writes a generated catalogue as NDJSON, one file per entity kind, validated with zod first.
 *
 *   npm run catalog:generate -- --products 1500 --seed 2011 --out .data/catalog [--now 2025-11-20]
 *
 * `--products N` is the number of sellable products (100000 for benchmarks); variants, end-of-life and disabled
 * products come on top. A manifest.json records the options and the counts.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_PRODUCT_COUNT, DEFAULT_SEED, generateCatalog, summarize } from './generate-catalog.ts';
import { writeCatalogDir } from '../../sync-server/catalog/snapshot-files.ts';
import { validateSnapshot } from './validate-snapshot.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: String(DEFAULT_PRODUCT_COUNT) },
    seed: { type: 'string', default: String(DEFAULT_SEED) },
    out: { type: 'string', default: '.data/catalog' },
    now: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log('Usage: tsx tools/catalog/generate.ts [--products N] [--seed S] [--out DIR] [--now ISO-DATE]');
  process.exit(0);
}

const integer = (name: string, text: string): number => {
  const n = Number(text.replace(/[_,\s]/g, ''));
  if (!Number.isInteger(n) || n < 1) {
    console.error(`--${name} must be a positive integer, got "${text}"`);
    process.exit(2);
  }
  return n;
};

const products = integer('products', values.products);
const seed = integer('seed', values.seed);
const now = values.now ? new Date(values.now) : new Date();
if (Number.isNaN(now.getTime())) {
  console.error(`--now must be a date, got "${values.now}"`);
  process.exit(2);
}
const out = resolve(values.out);
const fmt = (n: number) => n.toLocaleString('bg-BG');
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

const started = performance.now();
console.log(`Generating ${fmt(products)} sellable products (seed ${seed}, day ${now.toISOString().slice(0, 10)})…`);
const snapshot = generateCatalog({ products, seed, now });
console.log(`  generated in ${seconds(started)}`);

const validating = performance.now();
const errors = validateSnapshot(snapshot, (kind, done, total) => {
  if (total >= 10_000 || done === total) console.log(`  validated ${kind}: ${fmt(done)}/${fmt(total)}`);
});
if (errors.length > 0) {
  console.error('Validation failed; nothing written:');
  for (const e of errors) console.error(`  ${e.kind}[${e.index}] ${e.message}`);
  process.exit(1);
}
console.log(`  validated in ${seconds(validating)}`);

const writing = performance.now();
writeCatalogDir(snapshot, out, (kind, rows, bytes) =>
  console.log(`  wrote ${kind}.ndjson: ${fmt(rows)} rows, ${(bytes / 1_048_576).toFixed(1)} MB`),
);
const summary = summarize(snapshot);
writeFileSync(
  join(out, 'manifest.json'),
  `${JSON.stringify({ products, seed, now: now.toISOString(), ...summary }, null, 2)}\n`,
);
console.log(`  written to ${out} in ${seconds(writing)}`);

console.log('\nEntities:');
for (const [kind, count] of Object.entries(summary.kinds))
  console.log(`  ${kind.padEnd(12)} ${fmt(count).padStart(10)}`);
console.log('Products by type:');
for (const [type, count] of Object.entries(summary.productTypes))
  console.log(`  ${type.padEnd(12)} ${fmt(count).padStart(10)}`);
console.log(
  `Sellable ${fmt(summary.sellable)}, variants (visibility 1) ${fmt(summary.hidden)}, end-of-life ${fmt(summary.eol)}, disabled ${fmt(summary.disabled)}.`,
);
console.log(`Done in ${seconds(started)}.`);
