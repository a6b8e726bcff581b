import { attributeSchema } from '../../schema/catalog/attribute.ts';
import { ancestorsOf } from '../../schema/catalog/category-ancestors.ts';
import { categorySchema } from '../../schema/catalog/category.ts';
import { bootSearchKey } from '../../schema/catalog/listing-query.ts';
import { sizedImage } from '../../schema/catalog/media-path.ts';
import { decodeSegment } from '../../schema/catalog/rules/product-address.ts';
import type { PriceDisplay } from '../../schema/catalog/rules/price-display.ts';
import { filterSegmentCount, parseFilterPath } from '../../schema/routing/filter-path.ts';
import { categoryPath } from '../../schema/routing/route-paths.ts';
import { parseSortParam, SORT_OPTIONS } from '../../schema/routing/sort-param.ts';
import { escapeHtml } from '../amp/escape-html.ts';
import { bootSearchFor, itemsOf } from './boot-search.ts';
import { productsOf } from './listing-first-view.ts';
import { fillText, tileHtml } from './tile-html.ts';

/**
 * A category page's first view: its breadcrumbs, heading and controls, the count and the first page's tiles,
 * drawn by the server from the search it ran for the page (boot-search.ts), in the app's markup
 * (client/catalog/listing/category-page.tsx, listing-results.tsx, sort-control.tsx, view-switch.tsx,
 * mobile-filters.tsx; tiles: tile-html.ts). Before it, the page's products waited for the app's JavaScript: on
 * slow 4G about three seconds of header alone. The app draws the filter button on a phone and the filter panel
 * beside the grid on a wider screen; the first view holds both, and the stylesheet shows the one the app will
 * draw ([data-first-view] rules); the panel's filters come with the app, in their own column.
 */
export const CATEGORY_TEXTS = {
  home: 'Начало',
  breadcrumbs: 'Навигационна пътека',
  filters: 'Филтри',
  filtersWithCount: 'Филтри ({{count}})',
  sortLabel: 'Подреди по',
  sort: { default: 'Препоръчани', 'price-asc': 'Цена: възходящо', 'price-desc': 'Цена: низходящо' },
  viewLabel: 'Изглед',
  view: { grid: 'Мрежа', list: 'Списък' },
  count_one: '{{count}} продукт',
  count_other: '{{count}} продукта',
  empty: 'Няма синхронизирани продукти за тази категория. Моля, върнете се, когато сте онлайн!',
} as const;

/** The view switch's icons (client/catalog/listing/view-switch.tsx). */
const VIEW_ICONS = {
  grid: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  list: 'M4 5h4v4H4zM10 6h10v2H10zM4 15h4v4H4zM10 16h10v2H10z',
} as const;

/** The app loads the first tiles' pictures at once (listing-results.tsx). */
const EAGER_TILES = 2;

const controlsHtml = (sort: string, activeFilters: number): string => {
  const filters =
    activeFilters > 0 ? fillText(CATEGORY_TEXTS.filtersWithCount, { count: activeFilters }) : CATEGORY_TEXTS.filters;
  const options = SORT_OPTIONS.map(
    (option) =>
      `<option value="${option}"${option === sort ? ' selected' : ''}>${CATEGORY_TEXTS.sort[option]}</option>`,
  ).join('');
  const views = (['grid', 'list'] as const)
    .map(
      (view) =>
        `<button type="button" class="listing-view-switch__option" aria-pressed="${view === 'grid'}">` +
        `<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path d="${VIEW_ICONS[view]}" fill="currentColor"></path></svg>` +
        `<span>${CATEGORY_TEXTS.view[view]}</span></button>`,
    )
    .join('');
  return [
    '<div class="listing-page__controls">',
    '<div class="listing-mobile-filters"><button type="button" class="btn btn--secondary btn--md listing-mobile-filters__open"',
    ` aria-haspopup="dialog" aria-expanded="false">${escapeHtml(filters)}</button></div>`,
    `<div class="listing-page__sort"><label for="first-view-sort">${CATEGORY_TEXTS.sortLabel}</label>`,
    `<select id="first-view-sort">${options}</select></div>`,
    `<div class="listing-view-switch" role="group" aria-label="${CATEGORY_TEXTS.viewLabel}">${views}</div>`,
    '</div>',
  ].join('');
};

export const categoryFirstView = (
  pathname: string,
  search: string,
  answers: Record<string, unknown>,
  display: PriceDisplay,
  now = new Date(),
): { html: string; pictures: string[] } | undefined => {
  const query = bootSearchFor(pathname, search, answers);
  if (query?.mode !== 'listing') return undefined;
  const found = productsOf(answers[bootSearchKey(query)]);
  const categories = itemsOf(answers['/api/catalog/categories'], categorySchema);
  const slug = decodeSegment(pathname.split('/').find((segment) => segment !== '') ?? '');
  const category = categories.find((c) => c.slug === slug && c.is_active);
  if (!found || !category) return undefined;
  const attributes = itemsOf(answers['/api/catalog/attributes'], attributeSchema);
  const filterPath = pathname
    .split('/')
    .filter((segment) => segment !== '')
    .slice(1)
    .join('/');
  const { filters, price } = parseFilterPath(filterPath, attributes);
  const name = escapeHtml(category.name);
  const crumbs = ancestorsOf(category, categories)
    .map((c) => `<li><a href="${escapeHtml(categoryPath(c.slug))}">${escapeHtml(c.name)}</a></li>`)
    .join('');
  const count = fillText(found.total === 1 ? CATEGORY_TEXTS.count_one : CATEGORY_TEXTS.count_other, {
    count: found.total,
  });
  const tiles = found.items
    .map((product, index) => tileHtml(product, { attributes, now, display, eager: index < EAGER_TILES }))
    .join('');
  const html = [
    '<div class="page listing-page">',
    `<nav class="breadcrumbs" aria-label="${CATEGORY_TEXTS.breadcrumbs}"><ol class="breadcrumbs__list">`,
    `<li><a href="/">${CATEGORY_TEXTS.home}</a></li>${crumbs}<li aria-current="page">${name}</li></ol></nav>`,
    `<header class="page__header listing-page__header"><h1 class="page__title">${name}</h1>`,
    controlsHtml(parseSortParam(search), filterSegmentCount(filters, price)),
    '</header><div class="listing-page__body">',
    `<section class="listing-filters" aria-label="${CATEGORY_TEXTS.filters}"></section>`,
    '<div class="listing-page__results">',
    `<p class="listing-page__count" role="status">${escapeHtml(count)}</p>`,
    found.total === 0 ? `<p class="banner banner--warning">${CATEGORY_TEXTS.empty}</p>` : '',
    `<ul class="grid listing-grid" data-view="grid">${tiles}</ul>`,
    '</div></div></div>',
  ].join('');
  const first = found.items[0]?.image;
  return { html, pictures: first ? [sizedImage(first, 'tile')] : [] };
};
