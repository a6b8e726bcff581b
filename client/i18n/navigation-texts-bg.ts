/**
 * The menu bar's, the drawer's and the footer's texts (namespace `navigation`). Bulgarian, the default; bg.ts names
 * only their type, and they load with those parts (client/navigation/add-texts.ts), not with the first page.
 */
export const navigationTextsBg = {
  label: 'Основна навигация',
  menu: 'Меню',
  close: 'Затвори менюто',
  submenu: 'Подкатегории на {{name}}',
  ads: 'Обяви',
  contact: 'Контакти',
  sitemap: 'Карта на сайта',
  footerCategories: 'Категории',
  footerInfo: 'Информация',
  footerShop: 'Магазинът',
};

export type NavigationTexts = typeof navigationTextsBg;
