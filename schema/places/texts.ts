/**
 * The city field's texts (i18n namespace `places`), both languages. Here rather than in client/places so the
 * dictionaries (client/i18n) can name them; the Bulgarian ones load with the field (client/places/add-texts.ts).
 */
const bg = {
  city: 'Населено място',
  cityHint: 'Започнете да пишете на кирилица или латиница, например „Пловдив“ или „Plovdiv“.',
  zipCode: 'Пощенски код',
  zipCodeHint: 'Четири цифри.',
  options: 'Населени места',
  loading: 'Зареждане на населените места…',
  unavailable: 'Списъкът с населени места не можа да се зареди. Въведете името ръчно.',
  count_zero: 'Няма населено място с такова име.',
  count_one: '1 населено място. Изберете със стрелките и Enter.',
  count_other: '{{count}} населени места. Изберете със стрелките и Enter.',
  several: '{{city}} има няколко пощенски кода: въведете вашия.',
  municipality: 'общ. {{municipality}}, обл. {{region}}',
};
export type PlacesTexts = typeof bg;

const en: PlacesTexts = {
  city: 'City or village',
  cityHint: 'Start typing in Latin or Cyrillic letters, for example "Plovdiv" or "Пловдив".',
  zipCode: 'Postcode',
  zipCodeHint: 'Four digits.',
  options: 'Settlements',
  loading: 'Loading the settlements…',
  unavailable: 'The list of settlements could not be loaded. Type the name yourself.',
  count_zero: 'No settlement of that name.',
  count_one: '1 settlement. Choose with the arrow keys and Enter.',
  count_other: '{{count}} settlements. Choose with the arrow keys and Enter.',
  several: '{{city}} has several postcodes: enter yours.',
  municipality: '{{municipality}} municipality, {{region}} region',
};

export const placesTexts = { bg, en };
