/**
 * The home page's own words that the server draws into a first visit's page before the app's JavaScript has
 * arrived (sync-server/http/first-view.ts): its heading, its introduction, the slider's heading and its call to action, in Bulgarian,
 * the store's default language. The client's Bulgarian dictionary (client/i18n/bg.ts) takes them from here, so
 * the two always say the same, and the server never loads the browser's dictionary.
 */
export const HOME_TEXTS = {
  bg: {
    heading: 'Продукти на Apple',
    intro: 'Оригинални устройства с гаранция. Цените са с ДДС, в лева и в евро.',
    sliderHeading: 'Акценти',
    sliderCta: 'Разгледай',
  },
} as const;
