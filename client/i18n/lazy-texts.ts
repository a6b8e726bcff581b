import i18next from 'i18next';

const added = new Set<unknown>();

/**
 * Adds a part's Bulgarian texts to i18next, once, when the part loads (its add-texts module), not with the first
 * page: client/i18n/bg.ts names only their type (the first page's JavaScript budget). Nothing is added for English:
 * those ride in the English dictionary's own chunk (client/i18n/en.ts), and adding a bundle for a language not
 * loaded yet would make the store think its dictionary was there. `namespace`'s texts are merged into what is
 * there (the account pages' join the header's account menu). A part imported before i18next has started waits for
 * it; in a unit test's import there is nothing to add to.
 */
export const addBulgarianTexts = (namespace: string, texts: object): void => {
  if (added.has(texts)) return;
  added.add(texts);
  const add = () => void i18next.addResourceBundle('bg', 'translation', { [namespace]: texts }, true, true);
  if (i18next.isInitialized) add();
  else if (typeof i18next.on === 'function') i18next.on('initialized', add);
};
