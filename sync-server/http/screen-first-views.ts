import { escapeHtml } from '../amp/escape-html.ts';

/**
 * The first view of the cart and the checkout, drawn by the server into the page: the screen's heading and the
 * line it shows while the store opens on the device, exactly as the app draws them then (client/cart/cart-page.tsx,
 * client/checkout/checkout-page.tsx: same elements, same classes, the Bulgarian texts of client/i18n). On a slow
 * phone link the app's JavaScript, the screen's chunk and the local store take seconds; without this the page
 * showed only the header bar meanwhile, and its largest paint (the heading) waited for all of it. The app replaces
 * it with the same content in the same boxes; its test ids and focus attributes are the app's alone, so a test or
 * a script that looks for the screen finds the app's. tests/e2e/screen-first-view.spec.ts checks that nothing moves
 * when the app takes over.
 *
 * The texts are the client dictionaries' (tests/unit/http/screen-first-views.test.ts holds them equal): the
 * dictionaries are the client's chunks, which the server does not import.
 */
export const SCREEN_TEXTS = {
  cart: { heading: 'Вашата количка', loading: 'Зареждаме количката…' },
  checkout: { title: 'Поръчка', loading: 'Зареждаме количката и запазените ви данни за поръчката…' },
} as const;

const SCREENS: Readonly<Record<string, string>> = {
  '/cart': [
    '<div class="page cart-page">',
    `<h1 class="page__title">${escapeHtml(SCREEN_TEXTS.cart.heading)}</h1>`,
    `<p class="muted" aria-busy="true">${escapeHtml(SCREEN_TEXTS.cart.loading)}</p></div>`,
  ].join(''),
  '/checkout': [
    '<div class="page checkout-page" aria-busy="true">',
    `<h1 class="page__title">${escapeHtml(SCREEN_TEXTS.checkout.title)}</h1>`,
    `<p class="muted" role="status">${escapeHtml(SCREEN_TEXTS.checkout.loading)}</p></div>`,
  ].join(''),
};

/** The inside of the layout's main element for `pathname` (`/checkout/` is `/checkout`), or undefined. */
export const screenFirstView = (pathname: string): string | undefined =>
  SCREENS[pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname];
