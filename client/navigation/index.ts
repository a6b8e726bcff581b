/**
 * The shop's navigation for the shell: the phone's menu button (its drawer loads when opened), the desktop menu
 * bar and the footer (each its own chunk). They share the init answer the page came with, `bootInit`.
 */
export { MenuDrawer } from './menu-drawer.tsx';
export { LazyFooter, LazyMenuBar } from './lazy-navigation.tsx';
