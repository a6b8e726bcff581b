import type { Page } from '@playwright/test';

/**
 * Products the demo catalogue lacks, served to one page as if the server had them: a configurable test phone
 * and the route that answers with it. The specs that need a product of their own (product-page,
 * catalogue-english) share these.
 */

/** One variant of a test phone: its own sku, the values of its configurable attributes, its price with VAT. */
export const testVariant = (sku: string, attributes: Record<string, string>, priceInclTax: number) => ({
  id: priceInclTax,
  sku,
  name: sku,
  image: '',
  status: 1,
  stock: { is_in_stock: true, qty: 5 },
  attributes,
  price: Math.round(priceInclTax / 1.2),
  priceInclTax,
});

type ConfigurableOption = {
  attribute_id: number;
  attribute_code: string;
  label: string;
  position: number;
  values: { value_index: string; label: string }[];
};

/** A configurable phone in the iPhone category ('Тестов телефон', 1 200 лв.), with the options and variants given. */
export const testPhone = (
  id: number,
  sku: string,
  configurable_options: ConfigurableOption[],
  configurable_children: ReturnType<typeof testVariant>[],
) => ({
  id,
  sku,
  name: 'Тестов телефон',
  slug: 'testov-telefon',
  url_key: 'testov-telefon',
  type_id: 'configurable',
  tax_class_id: 2,
  price: 100_000,
  priceInclTax: 120_000,
  priceTax: 20_000,
  image: '',
  status: 1,
  visibility: 4,
  is_old: 0,
  category_ids: [6],
  category: [{ category_id: 6, name: 'iPhone', name_en: 'iPhone', slug: 'iphone' }],
  stock: { is_in_stock: true, qty: 10 },
  filter_options: { 'In stock': true },
  configurable_options,
  configurable_children,
  created_at: '2025-09-01T08:00:00Z',
  updated_at: '2025-09-01T08:00:00Z',
});

/**
 * The server's product lookup by sku guesses (`GET /api/catalog/products?skus=`) answers with these too. The
 * page's embedded first answers (sync-server/http/boot-data.ts) are taken out, so the lookup goes to the network.
 */
export const serveProducts = async (page: Page, products: readonly { sku: string; parentSku?: string }[]) => {
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !url.pathname.includes('.'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const answer = await route.fetch();
      const html = (await answer.text()).replace(/<script id="boot-data"[\s\S]*?<\/script>/, '');
      await route.fulfill({ response: answer, body: html });
    },
  );
  await page.route(
    (url) => url.pathname === '/api/catalog/products',
    async (route) => {
      const skus = new URL(route.request().url()).searchParams.get('skus')?.split(',') ?? [];
      const answer = await route.fetch();
      const body = (await answer.json()) as { result: { items: { sku: string }[] } };
      // A variant comes with its parent, as the server's route answers (sync-server/catalog/routes/products.ts).
      const asked = products.filter((p) => skus.includes(p.sku));
      const parents = products.filter((p) => !asked.includes(p) && asked.some((a) => a.parentSku === p.sku));
      const added = [...asked, ...parents];
      await route.fulfill({ json: { code: 200, result: { items: [...body.result.items, ...added] } } });
    },
  );
};
