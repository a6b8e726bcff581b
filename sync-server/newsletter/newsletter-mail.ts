import type { MailLanguage } from '../../schema/alerts/account-settings.ts';
import { NEWSLETTER_COUPON_PERCENT, NEWSLETTER_CONFIRM_MS } from '../../schema/newsletter/newsletter.ts';
import { SECRET_SLOT } from '../accounts/outbox.ts';
import type { MailText } from '../alerts/mail-texts.ts';

/** The newsletter's mails, in the subscriber's language; links absolute, from PUBLIC_URL. */

const days = Math.round(NEWSLETTER_CONFIRM_MS / 86_400_000);

/** The confirmation mail: its link carries the secret (SECRET_SLOT), which the outbox never keeps. */
export const confirmMailText = (language: MailLanguage, publicUrl: string): MailText => {
  const link = `${publicUrl}/newsletter/confirm?token=${SECRET_SLOT}`;
  return language === 'en'
    ? {
        subject: 'Confirm your subscription to the Apple Store BG newsletter',
        body: `Hello,\n\nTo subscribe to our newsletter, open this link within ${days} days:\n${link}\n\nOnce you confirm, we will send you a ${NEWSLETTER_COUPON_PERCENT}% discount code.\n\nIf you did not ask for this, do nothing: you will not be subscribed.`,
      }
    : {
        subject: 'Потвърдете абонамента си за бюлетина на Apple Store BG',
        body: `Здравейте,\n\nЗа да се абонирате за бюлетина ни, отворете тази връзка до ${days} дни:\n${link}\n\nСлед потвърждението ще ви изпратим код за ${NEWSLETTER_COUPON_PERCENT}% отстъпка.\n\nАко не сте поискали това, не правете нищо: няма да бъдете абонирани.`,
      };
};

export const unsubscribeUrl = (publicUrl: string, token: string): string =>
  `${publicUrl}/newsletter/unsubscribe?token=${token}`;

/** The welcome mail with the newsletter coupon (once per e-mail address, ever), and the unsubscribe link. */
export const couponMailText = (
  language: MailLanguage,
  publicUrl: string,
  code: string,
  unsubscribeToken: string,
): MailText => {
  const unsubscribe = unsubscribeUrl(publicUrl, unsubscribeToken);
  return language === 'en'
    ? {
        subject: `Welcome: ${NEWSLETTER_COUPON_PERCENT}% off your next order`,
        body: `Hello,\n\nYou are subscribed to the Apple Store BG newsletter. Your ${NEWSLETTER_COUPON_PERCENT}% discount code, for one order placed with this e-mail address:\n\n${code}\n\nEnter it in your cart: ${publicUrl}/cart\n\nTo unsubscribe: ${unsubscribe}`,
      }
    : {
        subject: `Добре дошли: ${NEWSLETTER_COUPON_PERCENT}% отстъпка за следващата ви поръчка`,
        body: `Здравейте,\n\nАбонирани сте за бюлетина на Apple Store BG. Вашият код за ${NEWSLETTER_COUPON_PERCENT}% отстъпка, за една поръчка с този имейл адрес:\n\n${code}\n\nВъведете го в количката: ${publicUrl}/cart\n\nЗа отписване: ${unsubscribe}`,
      };
};
