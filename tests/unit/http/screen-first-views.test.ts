import { describe, expect, it } from 'vitest';
import { bg } from '../../../client/i18n/bg.ts';
import { checkoutTextsBg } from '../../../client/i18n/checkout-texts-bg.ts';
import { firstViewFor, withFirstView } from '../../../sync-server/http/first-view.ts';
import { SCREEN_TEXTS } from '../../../sync-server/http/screen-first-views.ts';

const SHELL =
  '<html><head><title>t</title></head><body><div id="root"><div class="shell"><header>h</header>' +
  '<!--first-view--></div></div></body></html>';

const main = (path: string): string | undefined =>
  /<main class="container main" data-first-view>(.*)<\/main>/.exec(withFirstView(SHELL, firstViewFor(path, {})))?.[1];

describe('the first view the server draws into the cart and the checkout', () => {
  it('the checkout shows its heading and what it is waiting for, as the app draws them while the store opens', () => {
    expect(main('/checkout')).toBe(
      '<div class="page checkout-page" aria-busy="true"><h1 class="page__title">Поръчка</h1>' +
        '<p class="muted" role="status">Зареждаме количката и запазените ви данни за поръчката…</p></div>',
    );
    expect(main('/checkout/')).toBe(main('/checkout'));
  });

  it('the cart shows its heading and its loading line', () => {
    expect(main('/cart')).toBe(
      '<div class="page cart-page"><h1 class="page__title">Вашата количка</h1>' +
        '<p class="muted" aria-busy="true">Зареждаме количката…</p></div>',
    );
  });

  it('says what the app says: the Bulgarian dictionaries’ texts', () => {
    expect(SCREEN_TEXTS.cart).toEqual({ heading: bg.cart.heading, loading: bg.cart.loading });
    expect(SCREEN_TEXTS.checkout).toEqual({ title: checkoutTextsBg.title, loading: checkoutTextsBg.loading });
  });

  it('other screens get none (the thank-you page, a category, a product), and need no catalogue answer', () => {
    for (const path of ['/checkout/thank-you/1', '/iphone', '/iphone-17-256-IP17-256-BLK', '/cartx']) {
      expect(firstViewFor(path, {}), path).toBeUndefined();
    }
  });
});
