import { applyTaxRules } from '../../schema/catalog/rules/apply-tax-rules.ts';
import { createEmbeddedSearchEngine } from '../../schema/search/embedded-engine.ts';
import { JUDGED_QUERIES, type QueryKind } from '../../tests/search/judged-queries.ts';
import { judgeSearch, type QualityFigures } from '../../tests/search/search-quality.ts';
import { DEFAULT_PRODUCT_COUNT, DEFAULT_SEED, generateCatalog } from '../catalog/generate-catalog.ts';

/**
 * bench:search's quality part (issue 19): the judged set (tests/search/judged-queries.ts, 104 queries) on the
 * generated catalogue the store starts with, run for real on the embedded engine — the server's default and the
 * device's offline search — beside the same engine searching as the spec writes it (the text as typed on name,
 * sku and category name; `crossScript: false`), in the same run. Elasticsearch builds its query from the same
 * analysis (schema/search/cross-script.ts; tests/unit/search/cross-script.test.ts holds its request), but no
 * cluster runs here, so its figures are not measured.
 */
export interface QualityRun {
  readonly queries: number;
  readonly crossScript: QualityFigures;
  readonly spec: QualityFigures;
}

export const qualityRun = (): QualityRun => {
  const snapshot = generateCatalog({ products: DEFAULT_PRODUCT_COUNT, seed: DEFAULT_SEED });
  const products = snapshot.products.map((p) => applyTaxRules(p, snapshot.taxRules));
  const judge = (crossScript: boolean) => {
    const engine = createEmbeddedSearchEngine({ categories: snapshot.categories, crossScript });
    engine.replaceAll(products);
    return judgeSearch((q) => engine.search(q), products, JUDGED_QUERIES);
  };
  return { queries: JUDGED_QUERIES.length, crossScript: judge(true), spec: judge(false) };
};

const KINDS: readonly QueryKind[] = [
  'cyrillic',
  'latin',
  'typo',
  'model',
  'accessory',
  'bulgarian-latin',
  'bulgarian',
  'kind-word',
];

const byKind = (figures: QualityFigures, kind: QueryKind) => {
  const answers = figures.answers.filter((a) => a.kind === kind);
  const share = answers.filter((a) => a.success3).length / Math.max(1, answers.length);
  return { n: answers.length, share };
};

/** The quality table: success@3 and nDCG@10, overall and per kind of query, beside the spec's search. */
export const qualityRows = (run: QualityRun): string[][] => {
  const f = (x: number) => x.toFixed(3);
  const rows = [
    [
      'success@3 (embedded, run)',
      f(run.crossScript.success3),
      f(run.spec.success3),
      `${(run.crossScript.success3 / Math.max(run.spec.success3, 1e-9)).toFixed(2)}x`,
      '>= 0.9',
    ],
    [
      'nDCG@10 (embedded, run)',
      f(run.crossScript.ndcg10),
      f(run.spec.ndcg10),
      `${(run.crossScript.ndcg10 / Math.max(run.spec.ndcg10, 1e-9)).toFixed(2)}x`,
      '',
    ],
  ];
  for (const kind of KINDS) {
    const ours = byKind(run.crossScript, kind);
    const spec = byKind(run.spec, kind);
    rows.push([`  success@3, ${kind} (${ours.n})`, f(ours.share), f(spec.share), '', '']);
  }
  rows.push(['success@3 (Elasticsearch)', 'not run: no cluster here', '', '', '']);
  return rows;
};

/** The judged queries the engine misses (none expected), for the report. */
export const missedQueries = (figures: QualityFigures): string[] =>
  figures.answers
    .filter((a) => !a.success3)
    .map((a) => `${a.query} -> ${a.top.map((t) => t.name).join(' | ') || '(nothing)'}`);
