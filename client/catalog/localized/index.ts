export { langOf, Shown } from './shown-text.tsx';
