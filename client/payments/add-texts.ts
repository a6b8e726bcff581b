import { addBulgarianTexts } from '../i18n/lazy-texts.ts';
import { paymentTextsBg } from '../i18n/payment-texts-bg.ts';

/** Adds the payments' Bulgarian texts when a payment part loads: client/i18n/lazy-texts.ts. */
export const addPaymentTexts = (): void => addBulgarianTexts('payments', paymentTextsBg);
addPaymentTexts();
