import type { Vsf1Envelope, Vsf1Kind } from './vsf1-source-schemas.ts';
import { VSF1_KINDS } from './vsf1-source-schemas.ts';

/**
 * What a dump line is. Elasticsearch 5 dumps (VSF1 before 1.11) name the entity in `_type` and keep every kind in
 * one index (`vue_storefront_catalog1507151193738`); Elasticsearch 7 dumps say `_type: "_doc"` and keep one index
 * per kind (`vue_storefront_catalog_attribute_1587031505`), so the kind is read from the index name, and failing
 * that from `_source.type` (CMS documents carry `"type": "cms_block"`).
 *
 * `dump` names the Elasticsearch installation the line came from: the index name without its kind. Two dumps may
 * number the same attribute differently (the fixtures' 2017 dump has `size` as attribute 157, the 2020 one as
 * 142), so a product's attribute ids are looked up among the attributes of its own dump first.
 */
export type Vsf1DocumentKind =
  | { kind: Vsf1Kind; dump: string }
  /** An Elasticsearch percolator query stored among the products (`_source.query`, no id): not an entity. */
  | { kind: 'percolator'; dump: string }
  | { kind: 'unknown'; type: string; dump: string };

const GENERIC_TYPES = new Set(['_doc', 'doc', '']);

const isKind = (name: string): name is Vsf1Kind => (VSF1_KINDS as readonly string[]).includes(name);

const KINDS_LONGEST_FIRST = [...VSF1_KINDS].sort((a, b) => b.length - a.length);

/** `vue_storefront_catalog_cms_block_1587031505` -> kind `cms_block`, dump `vue_storefront_catalog_1587031505`. */
const kindFromIndex = (index: string): { kind: Vsf1Kind; dump: string } | undefined => {
  const [, base = index, suffix = ''] = /^(.*?)(_\d+)?$/.exec(index) ?? [];
  const kind = KINDS_LONGEST_FIRST.find((k) => base.endsWith(`_${k}`));
  return kind && { kind, dump: base.slice(0, -(kind.length + 1)) + suffix };
};

export const vsf1DocumentKind = (envelope: Vsf1Envelope): Vsf1DocumentKind => {
  const source = envelope._source;
  const type = envelope._type ?? '';
  const fromIndex = kindFromIndex(envelope._index);
  let kind: string;
  let dump = envelope._index;
  if (!GENERIC_TYPES.has(type)) {
    kind = type;
  } else if (fromIndex) {
    ({ kind, dump } = fromIndex);
  } else if (typeof source.type === 'string' && isKind(source.type)) {
    kind = source.type;
  } else {
    kind = type || envelope._index;
  }
  if ('query' in source && !('id' in source)) return { kind: 'percolator', dump };
  return isKind(kind) ? { kind, dump } : { kind: 'unknown', type: kind, dump };
};
