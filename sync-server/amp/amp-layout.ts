import { markup, rawHtml, type SafeHtml } from './escape-html.ts';

/** The shop's name in every page's header and title. */
export const SHOP_NAME = 'Apple Store България';
export const HOME_LABEL = 'Начало';

/**
 * One inline style sheet for every AMP page: AMP allows no external style sheet, and these pages load nothing
 * from other hosts. The grid is the spec's 4 columns, 2 below the 767 px breakpoint (spec section 9).
 */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Arial,sans-serif;color:#1d1d1f;background:#fff;line-height:1.45}
a{color:#06c}
.header{padding:12px 16px;border-bottom:1px solid #d2d2d7}
.header a{color:#1d1d1f;font-weight:600;text-decoration:none}
.main{max-width:1200px;margin:0 auto;padding:16px}
.breadcrumbs ol{list-style:none;margin:0 0 12px;padding:0;display:flex;flex-wrap:wrap;gap:6px;font-size:14px}
.breadcrumbs li+li::before{content:"›";margin-right:6px;color:#86868b}
h1{font-size:28px;margin:0 0 8px}
.count{color:#515154;margin:0 0 16px}
.grid{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(4,minmax(0,1fr));gap:16px}
.tile a{display:block;text-decoration:none;color:inherit}
.tile img{width:100%;height:auto;background:#f5f5f7}
.tile h2{font-size:16px;margin:8px 0 4px}
.sku{color:#515154;font-size:14px;margin:0 0 4px}
.price{margin:0 0 12px;font-size:18px}
.price__final{font-weight:600}
.price--sale .price__final{color:#b00020}
.price__secondary,.price__original{color:#515154;font-size:15px}
.gallery{display:flex;overflow-x:auto;scroll-snap-type:x mandatory;gap:8px;margin:0 0 16px;max-width:450px}
.gallery img{flex:0 0 auto;scroll-snap-align:start;width:450px;max-width:100%;height:auto;background:#f5f5f7}
.options{margin:0 0 16px}
.options h3{font-size:16px;margin:8px 0 4px}
.options ul{margin:0;padding-left:20px}
.details dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0}
.details dt{color:#515154}
.details dd{margin:0}
.full-page{display:inline-block;margin:0 0 16px;font-weight:600}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:767px){.grid{grid-template-columns:repeat(2,minmax(0,1fr))}h1{font-size:22px}}
`;

export interface AmpLayoutInput {
  /** The page's title, before the shop's name. */
  title: string;
  /** The normal page's path; absent on pages that have none (the not-found page). */
  canonical?: string | undefined;
  description?: string | undefined;
  /** A page that must not be indexed (the not-found page). */
  noindex?: boolean;
  body: SafeHtml;
}

/** The minimal layout: a whole document, inline CSS, no script. */
export const renderAmpLayout = ({ title, canonical, description, noindex = false, body }: AmpLayoutInput): string =>
  markup`<!doctype html>
<html lang="bg">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title} | ${SHOP_NAME}</title>
${canonical === undefined ? '' : markup`<link rel="canonical" href="${canonical}">\n`}${
    description ? markup`<meta name="description" content="${description}">\n` : ''
  }${noindex ? markup`<meta name="robots" content="noindex">\n` : ''}<style>${rawHtml(STYLE)}</style>
</head>
<body>
<header class="header"><a href="/">${SHOP_NAME}</a></header>
<main class="main">
${body}
</main>
</body>
</html>
`.value;

export interface Crumb {
  label: string;
  /** Absent for the current page, the last crumb. */
  href?: string | undefined;
}

const crumbHtml = (crumb: Crumb, index: number): SafeHtml => {
  const name =
    crumb.href === undefined
      ? markup`<span itemprop="name" aria-current="page">${crumb.label}</span>`
      : markup`<a itemprop="item" href="${crumb.href}"><span itemprop="name">${crumb.label}</span></a>`;
  return markup`<li itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem">${name}<meta itemprop="position" content="${index + 1}"></li>`;
};

/** Breadcrumbs with schema.org BreadcrumbList microdata (spec section 2: they carry structured-data markup). */
export const breadcrumbsHtml = (crumbs: readonly Crumb[]): SafeHtml =>
  markup`<nav class="breadcrumbs" aria-label="Навигационна пътека"><ol itemscope itemtype="https://schema.org/BreadcrumbList">${crumbs.map(
    crumbHtml,
  )}</ol></nav>`;

/** Bulgarian count of products: '1 продукт', '5 продукта' (the client's listing.count). */
export const productCount = (count: number): string => `${count} ${count === 1 ? 'продукт' : 'продукта'}`;

export const NOT_FOUND_TITLE = 'Страницата не е намерена';

/** The 404 page, in Bulgarian, with the way home. */
export const renderAmpNotFound = (): string =>
  renderAmpLayout({
    title: NOT_FOUND_TITLE,
    noindex: true,
    body: markup`<h1>${NOT_FOUND_TITLE}</h1>
<p>Страницата, която търсите, не съществува или е преместена.</p>
<p><a href="/">Към началната страница</a></p>`,
  });
