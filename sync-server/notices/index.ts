export { noticesFeature } from './notices-feature.ts';
