/** The home page's public face: the page for the router. */
export { HomePage } from './home-page.tsx';
