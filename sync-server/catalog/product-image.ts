import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { CatalogProduct } from '../../schema/catalog/catalog-product.ts';
import { productImageSvg } from './product-image-svg.ts';
import type { Database } from '../store/database.ts';
import { checkStorableRequest } from '../http/storable-input.ts';
import { DEMO_COLOURS } from './demo-catalog.ts';
import { loadRowsBySku } from './product-repository.ts';
import { log } from '../observability/logger.ts';

const escapeXml = (text: string): string =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);

/** A stable pastel for any sku, so a product keeps its colour from one load to the next. */
const colourOf = (sku: string): string =>
  DEMO_COLOURS.get(sku) ?? `hsl(${createHash('sha256').update(sku).digest().readUInt16BE(0) % 360} 25% 72%)`;

/** A device silhouette in the product's colour: the picture of a product without a photo. */
export const fallbackProductImageSvg = (product: Pick<CatalogProduct, 'sku' | 'name'>): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="310" height="300" viewBox="0 0 310 300" role="img" aria-label="${escapeXml(product.name)}">
<rect width="310" height="300" fill="#f5f5f7"/>
<rect x="75" y="40" width="160" height="220" rx="22" fill="${colourOf(product.sku)}" stroke="#6e6e73" stroke-width="2"/>
<circle cx="155" cy="150" r="28" fill="#ffffff" fill-opacity="0.6"/>
</svg>`;

/**
 * The generator's drawing (device silhouette by name, colours from the attributes) for catalogue products;
 * the demo products keep their own colours, and a product it cannot draw gets the plain one.
 * (The drawing, product-image-svg.ts, and the colours it fills with, catalog-colours.ts, live here: the running
 * server loads nothing from tools/, whose generator takes the colours from catalog-colours.ts.)
 */
const drawProduct = (product: CatalogProduct, sku: string): string => {
  const child = product.configurable_children.find((c) => c.sku === sku);
  const input = {
    sku,
    name: child?.name || product.name,
    type_id: product.type_id,
    attributes: child?.attributes ?? product.attributes,
  };
  if (DEMO_COLOURS.has(sku)) return fallbackProductImageSvg(input);
  try {
    return productImageSvg(input);
  } catch (error) {
    log.error({ component: 'images', sku, err: (error as Error).message }, 'cannot draw a product image');
    return fallbackProductImageSvg(input);
  }
};

/**
 * GET /images/products/:sku.svg for every sku of the catalogue (products and configurable children).
 * Pictures only change with the catalogue, so browsers may keep them for a day.
 */
export const productImageRoute =
  (db: Database): RequestHandler =>
  async (req, res) => {
    checkStorableRequest(req);
    const file = String(req.params.file ?? '');
    const sku = file.endsWith('.svg') ? file.slice(0, -4) : '';
    const row = sku ? (await loadRowsBySku(db, [sku])).get(sku) : undefined;
    if (!row) {
      res.status(404).end();
      return;
    }
    res.type('image/svg+xml').set('cache-control', 'public, max-age=86400').send(drawProduct(row.doc, sku));
  };
