/** What a page puts in the document's head for search engines: meta tags, the AMP link and structured data. */
export { listingJsonLd, productPageJsonLd, serializeJsonLd } from './json-ld.ts';
export { useAmpLink } from './use-amp-link.ts';
export { useHeadTags } from './use-head-tags.ts';
export { useJsonLd } from './use-json-ld.ts';
export { useMetaDescription } from './use-meta-description.ts';
