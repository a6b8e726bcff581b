import { createHash } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import {
  applyTaxRules,
  effectivePrice,
  isEnabledStatus,
  lowestPricedChild,
  type EffectivePrice,
} from '../../../schema/catalog/rules/index.ts';
import { bgnToEurCents } from '../../../schema/money/currency.ts';
import type { Database } from '../../store/database.ts';
import { loadRowsBySku, loadTaxRules } from '../product-repository.ts';
import { commaList, queryInt } from './query-fields.ts';
import { ok, parseInput } from '../../http/respond.ts';
import { okAnswer, jsonObject, type ApiRoute } from '../../http/api-description.ts';

export const RENDER_LIST_MAX = 500;

const renderListQuerySchema = z.object({
  skus: commaList(1, RENDER_LIST_MAX),
  currencyCode: z.enum(['BGN', 'EUR']).default('BGN'),
  storeId: queryInt().default(1),
});

type Currency = 'BGN' | 'EUR';

/** Figures in the asked currency's minor units (stotinki or euro cents), like every amount in this API. */
const inCurrency = (stotinki: number | null, currency: Currency): number | null =>
  stotinki === null ? null : currency === 'EUR' ? bgnToEurCents(stotinki) : stotinki;

export const priceInfoOf = (price: EffectivePrice, currency: Currency) => ({
  final_price: inCurrency(price.finalPrice, currency),
  regular_price: inCurrency(price.price, currency),
  special_price: inCurrency(price.special_price, currency),
  /** The same figures with VAT, from the tax rules (Bulgaria: 20%). */
  tax_adjustments: {
    final_price: inCurrency(price.finalPriceInclTax, currency),
    regular_price: inCurrency(price.priceInclTax, currency),
    special_price: inCurrency(price.specialPriceInclTax, currency),
  },
});

/**
 * A signature of the answer for one sku: a client keeps it with the prices it shows and knows they are
 * current while the signature is unchanged. sha256 over sku, currency and the price figures, so it is
 * the same on every server instance and changes exactly when a price does.
 */
export const priceSignature = (sku: string, currency: Currency, priceInfo: object): string =>
  createHash('sha256')
    .update(JSON.stringify([sku, currency, priceInfo]))
    .digest('hex');

/** The price in force now of one sku: a variant's own, a configurable parent's lowest variant's (spec section 4). */
const priceNow = (
  product: CatalogProduct,
  sku: string,
  now: Date,
): { id: number; price: EffectivePrice } | undefined => {
  const child = product.configurable_children.find((c) => c.sku === sku);
  if (sku !== product.sku)
    return child && isEnabledStatus(child.status) ? { id: child.id, price: effectivePrice(child, now) } : undefined;
  if (product.type_id !== 'configurable') return { id: product.id, price: effectivePrice(product, now) };
  const lowest = lowestPricedChild(product, now);
  return lowest ? { id: product.id, price: lowest.price } : undefined;
};

/**
 * GET /api/products/render-list?skus=a,b&currencyCode=BGN|EUR&storeId=: the platform prices of each sku
 * for sale, as of now: items with id, sku, sgn and price_info (final_price, regular_price, special_price
 * and tax_adjustments with VAT). Amounts are integer minor units of currencyCode. Unknown and disabled
 * skus are left out.
 */
export const renderListRoutes = (db: Database): Router => {
  const router = Router();
  router.get('/products/render-list', async (req, res) => {
    const query = parseInput(renderListQuerySchema, req.query, 'query');
    const rows = await loadRowsBySku(db, query.skus);
    const taxRules = await loadTaxRules(db);
    const now = new Date();
    const items = query.skus.flatMap((sku) => {
      const row = rows.get(sku);
      if (!row || !isEnabledStatus(row.doc.status)) return [];
      const priced = priceNow(applyTaxRules(row.doc, taxRules), sku, now);
      if (!priced) return [];
      const price_info = priceInfoOf(priced.price, query.currencyCode);
      return [{ id: priced.id, sku, sgn: priceSignature(sku, query.currencyCode, price_info), price_info }];
    });
    ok(res, { items, currency_code: query.currencyCode, store_id: query.storeId });
  });
  return router;
};

export const renderListApi: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/products/render-list',
    summary: 'Current prices of these SKUs in BGN or EUR, each signed (sgn) for the cart',
    access: 'public',
    request: { query: renderListQuerySchema },
    responses: okAnswer('`{ items, currency_code, store_id }`', jsonObject('Prices by SKU')),
  },
];
