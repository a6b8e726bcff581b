/** The newsletter form, for the account page and for guests' places (footer, popup). */
export { NewsletterForm } from './newsletter-form.tsx';
