import { addBulgarianTexts } from './lazy-texts.ts';
import { checkoutTextsBg } from './checkout-texts-bg.ts';

/** Adds the checkout's Bulgarian texts when a checkout or orders module loads: client/i18n/lazy-texts.ts. */
export const addCheckoutTexts = (): void => addBulgarianTexts('checkout', checkoutTextsBg);
addCheckoutTexts();
