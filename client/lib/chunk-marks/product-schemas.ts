/**
 * Nothing but a place in the first page's product-schema chunk (vite.config.ts puts it there): client/boot.ts
 * imports it to evaluate that chunk in a task of its own. Importing schema/catalog/catalog-product.ts would do the
 * same, but the build would then add a file re-exporting all its names (first-page bytes) for that import.
 */
export {};
