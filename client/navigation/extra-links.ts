/** The shop's own pages beside the categories, in the menu and the footer (their texts are under `nav.`). */
export const EXTRA_LINKS = [
  { key: 'ads', href: '/posts/sell' },
  { key: 'contact', href: '/contact' },
] as const;

/** Spec section 9: a submenu opens (and closes) 300 ms after the pointer enters (leaves) its entry. */
export const SUBMENU_DELAY_MS = 300;
