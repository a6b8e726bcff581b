/**
 * The language to mark on what a person wrote (an ad, a review, an address) when the page reads in another: the
 * store's shoppers write Bulgarian, and Cyrillic says so; Latin words are left to the page's language. A screen
 * reader then speaks each in its own language (WCAG 3.1.2), and an English page says which parts are Bulgarian.
 */
export const userTextLang = (text: string, pageLanguage: string): 'bg' | undefined =>
  pageLanguage !== 'bg' && /[\u0400-\u04FF]/.test(text) ? 'bg' : undefined;
