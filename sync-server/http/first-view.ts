import { z } from 'zod';
import { HOME_TEXTS } from '../../schema/catalog/home-texts.ts';
import { escapeHtml } from '../amp/escape-html.ts';
import type { PriceDisplay } from '../../schema/catalog/rules/price-display.ts';
import { categoryFirstView } from './category-first-view.ts';
import { searchFirstView } from './listing-first-view.ts';
import { productFirstView } from './product-first-view.ts';
import { screenFirstView } from './screen-first-views.ts';

/**
 * The first view of a page, drawn by the server into the shell it sends on a first visit, so a shopper on a
 * slow link sees the store's content before the JavaScript has arrived (about 200 KB gzip, a second and more on
 * slow 4G), not only its header. The app replaces it when it renders, with the same content in the same boxes:
 * the markup below is the app's own (same elements, same classes: client/catalog/home/home-page.tsx and
 * client/catalog/home/home-slider.tsx), laid out by the app's stylesheet, which the page carries inline
 * (vite.config.ts). tests/e2e/first-view.spec.ts checks that nothing moves when the app takes over.
 *
 * Home, whose largest paint, the first slide's picture, waited for the JavaScript; a product page, whose picture
 * and name did (product-first-view.ts); a category page, whose products did (category-first-view.ts); the search
 * page, whose results waited for the app and its local store
 * (listing-first-view.ts); and the cart and the checkout, whose heading waited for the app, the
 * screen's chunk and the local store (screen-first-views.ts). The text is Bulgarian, the default:
 * a shopper who chose English has visited before, and the service worker serves their pages (with no first view).
 */

/** The first slide of GET /api/catalog/init as the home slider draws it. */
const slideSchema = z.object({
  // Pictures from this site only (the page loads nothing from other hosts).
  image: z.string().regex(/^\/(?!\/)/),
  title: z.string().min(1).max(200),
  subtitle: z.string().max(300).nullish(),
  // A path of this site or a web address: anything else (a `javascript:` link) gets no first view.
  link: z.string().regex(/^(\/(?!\/)|https?:\/\/)/),
});

const initAnswerSchema = z.object({
  result: z.object({ slider_images: z.array(z.unknown()).min(1) }),
});

/** The home page's heading, and its slider holding the first slide (the app adds the slider's buttons). */
const homeFirstView = (init: unknown): FirstView | undefined => {
  const answer = initAnswerSchema.safeParse(init);
  const slide = answer.success ? slideSchema.safeParse(answer.data.result.slider_images[0]) : undefined;
  if (!slide?.success) return undefined;
  const { image, title, subtitle, link } = slide.data;
  const html = [
    '<div class="page home-page"><header class="page__header">',
    `<h1 class="page__title">${escapeHtml(HOME_TEXTS.bg.heading)}</h1>`,
    `<p class="page__intro">${escapeHtml(HOME_TEXTS.bg.intro)}</p></header>`,
    '<section class="home-section home-slider">',
    `<h2 class="visually-hidden">${escapeHtml(HOME_TEXTS.bg.sliderHeading)}</h2>`,
    '<div class="home-slider__viewport"><div class="home-slider__slide">',
    `<a href="${escapeHtml(link)}" class="home-slider__link">`,
    `<img class="product-image home-slider__image" src="${escapeHtml(image)}" alt="${escapeHtml(title)}"`,
    ' width="310" height="300" fetchpriority="high">',
    '<span class="home-slider__caption">',
    `<span class="home-slider__title" aria-hidden="true">${escapeHtml(title)}</span>`,
    subtitle ? `<span class="home-slider__subtitle">${escapeHtml(subtitle)}</span>` : '',
    `<span class="btn btn--primary btn--sm home-slider__cta">${escapeHtml(HOME_TEXTS.bg.sliderCta)}</span>`,
    '</span></a></div></div></section></div>',
  ].join('');
  return { html, pictures: [image] };
};

export interface FirstView {
  /** The inside of the layout's main element. */
  html: string;
  /** Its pictures, preloaded from the page's head: the largest paint of the page, worth fetching at once. */
  pictures: string[];
}

/** The first view of `pathname` from its boot answers (boot-data.ts), or undefined when the server draws none. */
export const firstViewFor = (
  pathname: string,
  answers: Record<string, unknown>,
  display: PriceDisplay = 'EUR',
  search = '',
): FirstView | undefined => {
  const screen = screenFirstView(pathname);
  if (screen !== undefined) return { html: screen, pictures: [] };
  if (pathname !== '/' && pathname !== '/pwa.html') {
    return (
      productFirstView(pathname, answers) ??
      searchFirstView(pathname, answers, display) ??
      categoryFirstView(pathname, search, answers, display)
    );
  }
  const init = answers['/api/catalog/init'];
  return init === undefined ? undefined : homeFirstView(init);
};

/** Where the shell (index.html) takes the first view: after its header. */
const FIRST_VIEW_MARK = '<!--first-view-->';

/** The shell with `view` drawn after its header and its pictures preloaded; the shell as it is without one. */
export const withFirstView = (shell: string, view: FirstView | undefined): string => {
  if (!view || !shell.includes(FIRST_VIEW_MARK)) return shell;
  const preloads = view.pictures
    .map((src) => `<link rel="preload" as="image" href="${escapeHtml(src)}" fetchpriority="high">`)
    .join('');
  // data-first-view: the entry (client/boot.ts) waits for its pictures before evaluating the app.
  const main = `<main class="container main" data-first-view>${view.html}</main>`;
  // Ahead of the scripts and their preloads: a browser opens six connections to a server over HTTP/1.1,
  // and a picture asked for after the seven scripts waited for one of them to come back (a round trip more).
  // Functions, so no `$` in a title is read as a replacement pattern.
  const at = /<script|<link rel="modulepreload"|<\/head>/.exec(shell)?.index;
  const preloaded = at === undefined ? shell : shell.slice(0, at) + preloads + shell.slice(at);
  return preloaded.replace(FIRST_VIEW_MARK, () => main);
};
