import type { CatalogProduct } from '../../schema/catalog/catalog-product.ts';
import type { SearchQueryInput } from '../../schema/search/query.ts';
import type { SearchResult } from '../../schema/search/search-engine.ts';
import { isVisibleIn } from '../../schema/search/rules.ts';
import { relevanceOf, type JudgedQuery } from './judged-queries.ts';

/** One judged query's answer: its first results' relevance, success@3 and nDCG@10. */
export interface JudgedAnswer {
  readonly query: string;
  readonly kind: JudgedQuery['kind'];
  readonly top: readonly { name: string; relevance: number }[];
  readonly success3: boolean;
  readonly ndcg10: number;
}

export interface QualityFigures {
  readonly success3: number;
  readonly ndcg10: number;
  readonly answers: readonly JudgedAnswer[];
}

const dcg = (gains: readonly number[]): number =>
  gains.reduce((sum, gain, i) => sum + (2 ** gain - 1) / Math.log2(i + 2), 0);

/**
 * Runs each judged query as the search results page does (search mode, first page) and scores the order:
 * success@3 (a fitting product among the first three) and nDCG@10 (graded 2/1/0, against the best order the
 * searchable catalogue allows).
 */
export const judgeSearch = (
  search: (query: SearchQueryInput) => SearchResult,
  catalogue: readonly CatalogProduct[],
  judged: readonly JudgedQuery[],
): QualityFigures => {
  const searchable = catalogue.filter((p) => isVisibleIn('search', p, true));
  const answers = judged.map((j): JudgedAnswer => {
    const items = search({ text: j.query, mode: 'search', perPage: 10 }).items;
    const gains = items.slice(0, 10).map((p) => relevanceOf(j, p));
    const ideal = searchable
      .map((p) => relevanceOf(j, p))
      .filter((g) => g > 0)
      .sort((a, b) => b - a)
      .slice(0, 10);
    const best = dcg(ideal);
    return {
      query: j.query,
      kind: j.kind,
      top: items.slice(0, 3).map((p, i) => ({ name: p.name, relevance: gains[i] ?? 0 })),
      success3: gains.slice(0, 3).includes(2),
      ndcg10: best > 0 ? dcg(gains) / best : 0,
    };
  });
  const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  return {
    success3: mean(answers.map((a) => (a.success3 ? 1 : 0))),
    ndcg10: mean(answers.map((a) => a.ndcg10)),
    answers,
  };
};
