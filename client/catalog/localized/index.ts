export { bulgarianOnlyLang, langOf, Shown } from './shown-text.tsx';
