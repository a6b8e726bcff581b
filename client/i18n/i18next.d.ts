import 'i18next';
import type { bg } from './bg.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof bg };
    returnNull: false;
  }
}
