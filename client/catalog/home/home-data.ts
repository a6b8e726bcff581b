import { combineLatest, map, type Observable } from 'rxjs';
import { z } from 'zod';
import { catalogProductSchema, type CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import { bannerSchema, blogPostSchema, type BlogPost } from '../../../schema/catalog/content.ts';
import { chooseTopProducts } from '../../../schema/catalog/top-products.ts';
import type { StoreClient } from '../../store/index.ts';
import { peekBootAnswer } from '../../lib/boot-answers.ts';
import { getApiResult } from '../../lib/get-api-result.ts';
import { parseEachInSlices } from '../../lib/main-thread.ts';
import { byCodePoints } from '../../lib/compare-text.ts';

/** As many products per home section as GET /api/catalog/init sends. */
export const HOME_PRODUCTS = 8;
/** Spec section 2: the home page shows the latest blog posts; six of them. */
export const HOME_BLOG_POSTS = 6;

export interface HomeSlide {
  image: string;
  title: string;
  subtitle: string;
  /** In English, where the catalogue has them (issue 19). */
  title_en?: string | undefined;
  subtitle_en?: string | undefined;
  link: string;
}

export interface HomeCategory {
  id: number;
  name: string;
  name_en?: string | undefined;
  slug: string;
  image: string;
}

/** The home page's sections (spec section 2, "from the init data"). */
export interface HomeData {
  slides: HomeSlide[];
  topProducts: CatalogProduct[];
  bundles: CatalogProduct[];
  categories: HomeCategory[];
}

/** A product a home section may list: enabled, visible in listings, not an old model (the server's LISTABLE_SQL). */
export const isListable = (p: Pick<CatalogProduct, 'status' | 'visibility' | 'is_old'>): boolean =>
  p.status < 2 && [2, 3, 4].includes(p.visibility) && !p.is_old;

/** Products are validated one by one afterwards, in slices (client/ui/main-thread.ts): 16 of them cost a slow
 * phone about 200 ms of main thread in one go. */
const productsSchema = z.array(z.unknown()).max(200);

const slidesSchema = z
  .array(
    z.object({
      image: z.string().max(500),
      title: z.string().max(200),
      subtitle: z.string().max(300).nullish(),
      title_en: z.string().max(200).optional(),
      subtitle_en: z.string().max(300).optional(),
      link: z.string().max(500),
    }),
  )
  .max(50);

const readSlides = (slides: z.infer<typeof slidesSchema>): HomeSlide[] =>
  slides.map((s) => ({ ...s, subtitle: s.subtitle ?? '' }));

const initSchema = z.object({
  slider_images: slidesSchema,
  top_products: productsSchema,
  bundle_products: productsSchema,
  categories_grid: z
    .array(
      z.object({
        id: z.number().int(),
        name: z.string().max(200),
        name_en: z.string().max(200).optional(),
        slug: z.string().min(1).max(200),
        image: z.string().max(500).nullish(),
      }),
    )
    .max(200),
});

/**
 * The slides of the init answer the page came with (client/lib/boot-answers.ts), read at once: the slider
 * shows them while the rest of the answer (its products) is read in slices. Undefined without one.
 */
export const bootHomeSlides = (): HomeSlide[] | undefined => {
  const parsed = z
    .object({ result: z.object({ slider_images: slidesSchema }) })
    .safeParse(peekBootAnswer('/api/catalog/init'));
  return parsed.success ? readSlides(parsed.data.result.slider_images) : undefined;
};

/** GET /api/catalog/init, read into the home sections. Null when unreachable, slow or unreadable. */
export async function fetchHomeInit(signal?: AbortSignal): Promise<HomeData | null> {
  try {
    const parsed = initSchema.safeParse(await getApiResult('/api/catalog/init', signal));
    if (!parsed.success) return null;
    const init = parsed.data;
    const [topProducts, bundles] = await Promise.all([
      parseEachInSlices(init.top_products.slice(0, HOME_PRODUCTS), catalogProductSchema),
      parseEachInSlices(init.bundle_products.slice(0, HOME_PRODUCTS), catalogProductSchema),
    ]);
    return {
      slides: readSlides(init.slider_images),
      topProducts,
      bundles,
      categories: init.categories_grid.map((c) => ({ ...c, image: c.image ?? '' })),
    };
  } catch {
    return null;
  }
}

/** The docs of one kind of catalogue entry held on this device, each validated (an unreadable one is left out). */
const entriesOf = <T>(client: StoreClient, kind: 'banner' | 'blogPost' | 'product', schema: z.ZodType<T>) =>
  client.db.catalog.find({ selector: { kind } }).$.pipe(
    map((docs) =>
      docs.flatMap((doc) => {
        const parsed = schema.safeParse(doc.toJSON().doc);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
  );

const byIdOrder = (a: { id: number }, b: { id: number }) => a.id - b.id;

/**
 * The same sections built from what this device holds (offline, or when the server does not answer), by the
 * rules the server's init route uses: slider banners by position, listable in-stock promo products (each category
 * in turn, outlet units last: chooseTopProducts), listable
 * bundles, active home-page categories by position.
 */
export const localHomeData$ = (client: StoreClient): Observable<HomeData> =>
  combineLatest([
    entriesOf(client, 'banner', bannerSchema),
    entriesOf(client, 'product', catalogProductSchema),
    client.catalog.state$,
  ]).pipe(
    map(([banners, products, _state]) => {
      const listable = products.filter(isListable).sort(byIdOrder);
      return {
        slides: banners
          .filter((b) => b.placement === 'slider')
          .sort((a, b) => a.position - b.position || a.id - b.id)
          .map(({ image, title, subtitle, title_en, subtitle_en, link }) => ({
            image,
            title,
            subtitle,
            title_en,
            subtitle_en,
            link,
          })),
        topProducts: chooseTopProducts(
          listable.filter((p) => p.promo && p.stock.is_in_stock),
          HOME_PRODUCTS,
        ),
        bundles: listable.filter((p) => p.type_id === 'bundle').slice(0, HOME_PRODUCTS),
        categories: client.catalog
          .categories()
          .filter((c) => c.is_active && c.show_homepage)
          .sort((a, b) => a.position - b.position || a.id - b.id)
          .map(({ id, name, name_en, slug, image }) => ({ id, name, name_en, slug, image })),
      };
    }),
  );

/** The latest blog posts held on this device, newest first (the init data carries none). */
export const latestBlogPosts$ = (client: StoreClient): Observable<BlogPost[]> =>
  entriesOf(client, 'blogPost', blogPostSchema).pipe(
    map((posts) => [...posts].sort((a, b) => byCodePoints(b.published_at, a.published_at)).slice(0, HOME_BLOG_POSTS)),
  );
