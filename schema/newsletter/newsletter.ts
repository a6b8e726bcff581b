import { z } from 'zod';
import { emailSchema } from '../account/user-fields.ts';
import { mailLanguageSchema } from '../alerts/account-settings.ts';
import { couponEmailKey, type Coupon } from '../coupons/coupon.ts';

/**
 * The newsletter's calls (spec: POST and DELETE /api/user/subscribe, body data (email) / email; the answer is
 * `{ code, result: message }`, shown as success on code 200, else as error). The e-mail may come as `email` or, as
 * the spec's client sends it, inside `data`.
 */
const emailBody = z.union([
  z.object({ email: emailSchema, language: mailLanguageSchema.optional() }).strict(),
  z.object({ data: z.object({ email: emailSchema }).strict(), language: mailLanguageSchema.optional() }).strict(),
]);

export const newsletterBodySchema = emailBody.transform((body) => ({
  email: 'email' in body ? body.email : body.data.email,
  language: body.language ?? 'bg',
}));
export type NewsletterBody = z.output<typeof newsletterBodySchema>;

/** The confirmation and unsubscribe links' token: 32 random bytes, base64url. */
export const newsletterTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'not a link of ours');

/** How long a confirmation link works. */
export const NEWSLETTER_CONFIRM_MS = 7 * 24 * 3600 * 1000;

/** The newsletter coupon (spec section 9: 10% off), one per e-mail address, ever. */
export const NEWSLETTER_COUPON_PERCENT = 10;

/**
 * The subscriber's own code, made when the address is confirmed: 10% off one order in all, and only an order under
 * the subscriber's address (issue 29: a code anyone may type is a discount for everyone). It is used when the order
 * is placed and not given back if that order is cancelled: one use is one order placed, which keeps it simple.
 */
export const newsletterCouponFor = (code: string, email: string): Coupon => ({
  code,
  kind: 'percent',
  value: NEWSLETTER_COUPON_PERCENT,
  usageLimit: 1,
  perCustomerLimit: 1,
  forEmail: couponEmailKey(email),
});

/** The server's answers, which the page shows as they are (spec section 8: "Newsletter: server result message"). */
export const NEWSLETTER_MESSAGES = {
  bg: {
    confirmSent: 'Изпратихме ви писмо: потвърдете абонамента с връзката в него.',
    alreadySubscribed: 'Вече сте абонирани за бюлетина.',
    unsubscribed: 'Отписахте се от бюлетина.',
    notSubscribed: 'Този адрес не е абониран за бюлетина.',
  },
  en: {
    confirmSent: 'We have sent you an e-mail: confirm the subscription with the link in it.',
    alreadySubscribed: 'You are already subscribed to the newsletter.',
    unsubscribed: 'You have unsubscribed from the newsletter.',
    notSubscribed: 'This address is not subscribed to the newsletter.',
  },
} as const;
