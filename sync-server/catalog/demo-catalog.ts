import type { Product } from '../../schema/index.ts';
import type { Database } from '../store/database.ts';
import { notifyChanges, PUBLIC_OWNER, reserveServerSeqs } from '../store/server-seq.ts';

type DemoProduct = Omit<Product, 'serverSeq' | 'image'> & { colour: string };

/** A handful of real-looking products so a fresh store has something to sell; prices in stotinki, VAT included. */
export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    sku: 'MBA13-M4-16-256',
    name: 'MacBook Air 13" M4, 16 GB, 256 GB',
    slug: 'macbook-air-13-m4',
    priceInclTax: 199_900,
    isInStock: true,
    stockQty: 12,
    category: 'macbook-air',
    colour: '#c9d3dd',
  },
  {
    sku: 'MBP14-M4P-24-1TB',
    name: 'MacBook Pro 14" M4 Pro, 24 GB, 1 TB',
    slug: 'macbook-pro-14-m4-pro',
    priceInclTax: 439_900,
    isInStock: true,
    stockQty: 4,
    category: 'macbook-pro',
    colour: '#3b3f45',
  },
  {
    sku: 'IP17-256-BLK',
    name: 'iPhone 17, 256 GB, черен',
    slug: 'iphone-17-256',
    priceInclTax: 189_900,
    isInStock: true,
    stockQty: 30,
    category: 'iphone',
    colour: '#1d1d1f',
  },
  {
    sku: 'IP17PM-512-ORG',
    name: 'iPhone 17 Pro Max, 512 GB, оранжев',
    slug: 'iphone-17-pro-max-512',
    priceInclTax: 309_900,
    isInStock: true,
    stockQty: 2,
    category: 'iphone',
    colour: '#d9743a',
  },
  {
    sku: 'IPADAIR11-M3-128',
    name: 'iPad Air 11" M3, 128 GB',
    slug: 'ipad-air-11-m3',
    priceInclTax: 129_900,
    isInStock: true,
    stockQty: 9,
    category: 'ipad-air',
    colour: '#8fa9c4',
  },
  {
    sku: 'AW11-46-ALU',
    name: 'Apple Watch Series 11, 46 мм',
    slug: 'apple-watch-series-11-46',
    priceInclTax: 89_900,
    isInStock: true,
    stockQty: 15,
    category: 'apple-watch',
    colour: '#e3c7b0',
  },
  {
    sku: 'APP3',
    name: 'AirPods Pro 3',
    slug: 'airpods-pro-3',
    priceInclTax: 49_900,
    isInStock: true,
    stockQty: 50,
    category: 'airpods',
    colour: '#f2f2f2',
  },
  {
    sku: 'MAGIC-KB-BG',
    name: 'Magic Keyboard с Touch ID, българска подредба',
    slug: 'magic-keyboard-touch-id-bg',
    priceInclTax: 34_900,
    isInStock: false,
    stockQty: 0,
    category: 'keyboards-magic-mouse',
    colour: '#e8e8ed',
  },
];

export const productImagePath = (sku: string): string => `/images/products/${encodeURIComponent(sku)}.svg`;

/** A generated product picture: a device silhouette in the product's colour. Real photos come with the catalogue. */
export const productImageSvg = (sku: string): string | undefined => {
  const product = DEMO_PRODUCTS.find((p) => p.sku === sku);
  if (!product) return undefined;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="310" height="300" viewBox="0 0 310 300" role="img" aria-label="${escapeXml(product.name)}">
<rect width="310" height="300" fill="#f5f5f7"/>
<rect x="75" y="40" width="160" height="220" rx="22" fill="${product.colour}" stroke="#6e6e73" stroke-width="2"/>
<circle cx="155" cy="150" r="28" fill="#ffffff" fill-opacity="0.6"/>
</svg>`;
};

const escapeXml = (text: string): string =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);

/** Seeds the demo products once, on an empty store. */
export const seedDemoCatalog = async (db: Database): Promise<boolean> =>
  db.transaction(async (tx) => {
    const [row] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
    if ((row?.n ?? 0) > 0) return false;
    const first = await reserveServerSeqs(tx, DEMO_PRODUCTS.length);
    const rows = DEMO_PRODUCTS.map(({ colour: _c, ...p }, i) => ({
      sku: p.sku,
      doc: { ...p, image: productImagePath(p.sku) },
      server_seq: first + i,
    }));
    await tx.query(
      `INSERT INTO products (sku, doc, server_seq)
       SELECT sku, doc, server_seq FROM jsonb_to_recordset($1::jsonb) AS v(sku text, doc jsonb, server_seq bigint)`,
      [JSON.stringify(rows)],
    );
    await notifyChanges(tx, [PUBLIC_OWNER], ['products']);
    return true;
  });
