import { Router } from 'express';
import { z } from 'zod';
import type { Attribute } from '../../../schema/catalog/attribute.ts';
import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import { ROOT_CATEGORY_ID, type Category } from '../../../schema/catalog/category.ts';
import { buildMenuTree } from '../../../schema/catalog/menu-tree.ts';
import { OUTLET_CATEGORY_SLUG } from '../../../schema/catalog/top-products.ts';
import type { Banner, CmsBlock, CmsPage } from '../../../schema/catalog/content.ts';
import type { Database } from '../../store/database.ts';
import { LISTABLE_SQL } from '../listing-rules.ts';
import { ok, parseInput } from '../../http/respond.ts';
import { okAnswer, jsonObject, type ApiRoute } from '../../http/api-description.ts';

/**
 * The CMS blocks that may hold the shop's contact details, first found wins: the name this API uses, and
 * the generated catalogue's footer block (a content editor's choice, not code).
 */
export const CONTACT_INFO_BLOCKS = ['contact_info', 'contact-info', 'footer-contacts'];
/** The colour attribute (spec section 9's default filter `cvyat`). */
export const COLOUR_ATTRIBUTE = 'cvyat';
const HOME_PRODUCTS = 8;

const initQuerySchema = z.object({ storeCode: z.string().max(16).optional() });

/**
 * GET /api/catalog/init: what the home page and the shell need, all from the catalogue itself:
 * contact_info (the contact CMS block), colors (the colour attribute's options), slider_images (the
 * slider banners), top_products (listable, in-stock promo products, each category in turn, outlet last), bundle_products (listable bundles),
 * footer_menu (top-level menu categories and active CMS pages), categories_grid (home-page categories),
 * office_ip (configuration), and menu: the main navigation with its submenus, built by the rule the device
 * builds it by (schema/catalog/menu-tree.ts), so a first visit's menu bar is the one the device draws later.
 */
export const initRoutes = (db: Database, officeIp: string): Router => {
  const router = Router();
  router.get('/catalog/init', async (req, res) => {
    parseInput(initQuerySchema, req.query, 'query');
    const [contact] = await db.query<{ doc: CmsBlock }>(
      `SELECT doc FROM cms_blocks WHERE identifier = ANY($1::text[]) AND active
       ORDER BY array_position($1::text[], identifier), id LIMIT 1`,
      [CONTACT_INFO_BLOCKS],
    );
    const [colours] = await db.query<{ doc: Attribute }>('SELECT doc FROM attributes WHERE attribute_code = $1', [
      COLOUR_ATTRIBUTE,
    ]);
    const slider = await db.query<{ doc: Banner }>(
      "SELECT doc FROM banners WHERE placement = 'slider' ORDER BY position, id",
    );
    // schema/catalog/top-products.ts's order: each category in turn, outlet units last (the device's rule offline).
    const top = await db.query<{ doc: CatalogProduct }>(
      `WITH candidates AS (
         SELECT doc, id, (doc->'category' @> $2::jsonb)::int AS outlet,
                COALESCE(doc->'category'->0->>'slug', '') AS grp
         FROM catalog_products WHERE ${LISTABLE_SQL} AND (doc->>'promo')::boolean
         AND (doc->'stock'->>'is_in_stock')::boolean
       ), ranked AS (
         SELECT doc, id, outlet, row_number() OVER (PARTITION BY outlet, grp ORDER BY id) AS turn,
                min(id) OVER (PARTITION BY outlet, grp) AS first
         FROM candidates
       )
       SELECT doc FROM ranked ORDER BY outlet, turn, first, id LIMIT $1`,
      [HOME_PRODUCTS, JSON.stringify([{ slug: OUTLET_CATEGORY_SLUG }])],
    );
    const bundles = await db.query<{ doc: CatalogProduct }>(
      `SELECT doc FROM catalog_products WHERE ${LISTABLE_SQL} AND type_id = 'bundle' ORDER BY id LIMIT $1`,
      [HOME_PRODUCTS],
    );
    const categories = await db.query<{ doc: Category }>(
      'SELECT doc FROM categories WHERE is_active ORDER BY position, id',
    );
    const pages = await db.query<{ doc: CmsPage }>('SELECT doc FROM cms_pages WHERE active ORDER BY id');
    // English names travel beside the Bulgarian ones where the catalogue has them (issue 19).
    const link = (c: Category) => ({
      id: c.id,
      name: c.name,
      ...(c.name_en ? { name_en: c.name_en } : {}),
      slug: c.slug,
      url: `/${c.slug}`,
      image: c.image,
    });
    ok(res, {
      contact_info: contact
        ? { identifier: contact.doc.identifier, title: contact.doc.title, content: contact.doc.content }
        : null,
      colors: colours?.doc.options ?? [],
      slider_images: slider.map(({ doc }) => ({
        image: doc.image,
        title: doc.title,
        subtitle: doc.subtitle,
        ...(doc.title_en ? { title_en: doc.title_en } : {}),
        ...(doc.subtitle_en ? { subtitle_en: doc.subtitle_en } : {}),
        link: doc.link,
      })),
      top_products: top.map((r) => r.doc),
      bundle_products: bundles.map((r) => r.doc),
      footer_menu: {
        categories: categories
          .map((r) => r.doc)
          .filter((c) => c.parent_id === ROOT_CATEGORY_ID && c.show_menu)
          .map(link),
        pages: pages.map(({ doc }) => ({ id: doc.id, title: doc.title, slug: doc.slug, url: `/${doc.slug}` })),
      },
      menu: buildMenuTree(categories.map((r) => r.doc)),
      categories_grid: categories
        .map((r) => r.doc)
        .filter((c) => c.show_homepage)
        .map(link),
      office_ip: officeIp,
    });
  });
  return router;
};

export const initApi: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/catalog/init',
    summary: "The shop's first data: contacts, colours, slider, top and bundle products, menus, office IP",
    access: 'public',
    request: { query: initQuerySchema },
    responses: okAnswer('The init data', jsonObject('contact_info, colors, slider_images, top_products, menu...')),
  },
];
