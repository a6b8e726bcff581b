/** The search's public face: the header's search panel and the search results page. */
export { SearchPanel } from './search-panel.tsx';
export { SearchPage } from './search-page.tsx';
