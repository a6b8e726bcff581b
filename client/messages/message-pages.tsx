/**
 * Every message form's user interface in one lazily loaded chunk: the /contact page and the product page's forms
 * share their parts, and one chunk costs the first page one file name in its import map instead of four.
 */
export { ContactPage } from './contact-page.tsx';
export { ProductMessages } from './product-messages.tsx';
