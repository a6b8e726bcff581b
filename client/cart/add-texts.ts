import { addBulgarianTexts } from '../i18n/lazy-texts.ts';
import { cartPageTexts } from '../../schema/cart/page-texts.ts';

/** Adds the cart page's Bulgarian texts when the page loads: client/i18n/lazy-texts.ts. */
export const addCartPageTexts = (): void => addBulgarianTexts('cartPage', cartPageTexts.bg);
addCartPageTexts();
