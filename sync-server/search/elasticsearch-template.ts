import type { Client, estypes } from '@elastic/elasticsearch';
import { PRODUCT_INDEX_MAPPINGS, PRODUCT_INDEX_SETTINGS } from './elasticsearch-mapping.ts';

/**
 * The index template of the catalogue's physical indices (issue 31): the mapping and settings live in the
 * cluster under the alias's name and apply to every `<alias>-*` index, whoever creates it (a rebuild, an operator's
 * `_reindex`), so an index is never created with a mapping of its own. Put at every start: PUT replaces a
 * template with itself, so putting it again changes nothing, and a new mapping in the code reaches the next
 * index built.
 */

/** Above the priority-0 default and below the stack's own templates (100+ on `logs-*-*` and the like). */
const TEMPLATE_PRIORITY = 50;

/** The physical indices' name pattern: the alias and a suffix (elasticsearch-engine.ts names them). */
export const physicalIndexPattern = (alias: string): string => `${alias}-*`;

export const productIndexTemplate = (alias: string): estypes.IndicesPutIndexTemplateRequest => ({
  name: alias,
  index_patterns: [physicalIndexPattern(alias)],
  priority: TEMPLATE_PRIORITY,
  template: { settings: PRODUCT_INDEX_SETTINGS, mappings: PRODUCT_INDEX_MAPPINGS },
  _meta: { description: 'catalogue products; the indices behind the alias of the same name (sync-server/search)' },
});

/** Puts the template; idempotent. */
export const putProductIndexTemplate = async (client: Client, alias: string): Promise<void> => {
  await client.indices.putIndexTemplate(productIndexTemplate(alias));
};
