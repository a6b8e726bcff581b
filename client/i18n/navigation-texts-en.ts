import type { NavigationTexts } from './navigation-texts-bg.ts';

/** The navigation's English texts: they ride in the English dictionary's own chunk (client/i18n/en.ts). */
export const navigationTextsEn: NavigationTexts = {
  label: 'Main navigation',
  menu: 'Menu',
  close: 'Close the menu',
  submenu: '{{name}} subcategories',
  ads: 'Classifieds',
  contact: 'Contact',
  sitemap: 'Sitemap',
  footerCategories: 'Categories',
  footerInfo: 'Information',
  footerShop: 'The shop',
};
