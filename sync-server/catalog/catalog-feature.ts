import type { ServerFeature } from '../features/feature.ts';
import { catalogPullSources } from './catalog-sources.ts';

/**
 * The public catalogue on the sync kernel: no commands, only collections every owner pulls (categories,
 * attributes, content, reviews, tax rules, the catalogue's products and the cart's view of them).
 */
export const catalogFeature: ServerFeature = {
  name: 'catalog',
  commands: [],
  readModels: [],
  pullSources: Object.values(catalogPullSources),
};
