/**
 * The catalogue's colours: the `cvyat` attribute's options, in order (option value `93001` is the first), and the
 * fill of each product's drawn picture (product-image-svg.ts). The catalogue generator (tools/catalog/attributes.ts)
 * builds the attribute's options from this list; the server reads a product's colour back from it to draw it.
 */

/** The `cvyat` attribute's id: its option values are this id, then the option's place ('93001'). */
export const COLOUR_ATTRIBUTE_ID = 93;

/** A colour of the catalogue: the `cvyat` option, and the fill of the product's generated image. */
export interface ColourDef {
  key: string;
  label: string;
  /** The option's English label (issue 19): Apple's own colour name where it has one. */
  labelEn: string;
  hex: string;
}

export const COLOURS: readonly ColourDef[] = [
  { key: 'silver', label: 'Сребрист', labelEn: 'Silver', hex: '#e3e4e5' },
  { key: 'space-gray', label: 'Тъмносив', labelEn: 'Space Gray', hex: '#7d7e80' },
  { key: 'space-black', label: 'Космическо черно', labelEn: 'Space Black', hex: '#2e2c2e' },
  { key: 'midnight', label: 'Полунощно син', labelEn: 'Midnight', hex: '#2e3642' },
  { key: 'starlight', label: 'Звездна светлина', labelEn: 'Starlight', hex: '#f0e5d3' },
  { key: 'sky-blue', label: 'Небесносин', labelEn: 'Sky Blue', hex: '#c6d7e5' },
  { key: 'black', label: 'Черен', labelEn: 'Black', hex: '#1d1d1f' },
  { key: 'white', label: 'Бял', labelEn: 'White', hex: '#f5f5f2' },
  { key: 'blue', label: 'Син', labelEn: 'Blue', hex: '#4f7ba8' },
  { key: 'purple', label: 'Лилав', labelEn: 'Purple', hex: '#b8a6d9' },
  { key: 'pink', label: 'Розов', labelEn: 'Pink', hex: '#f2c4cf' },
  { key: 'orange', label: 'Оранжев', labelEn: 'Orange', hex: '#f0a35e' },
  { key: 'yellow', label: 'Жълт', labelEn: 'Yellow', hex: '#f5d76e' },
  { key: 'green', label: 'Зелен', labelEn: 'Green', hex: '#9cc7a4' },
  { key: 'teal', label: 'Тюркоазен', labelEn: 'Teal', hex: '#8fd3d0' },
  { key: 'ultramarine', label: 'Ултрамарин', labelEn: 'Ultramarine', hex: '#5b6ee1' },
  { key: 'cosmic-orange', label: 'Космически оранжев', labelEn: 'Cosmic Orange', hex: '#e4743a' },
  { key: 'deep-blue', label: 'Дълбоко син', labelEn: 'Deep Blue', hex: '#2f3d5c' },
  { key: 'mist-blue', label: 'Мъглявосин', labelEn: 'Mist Blue', hex: '#a9bfd6' },
  { key: 'sage', label: 'Салвия', labelEn: 'Sage', hex: '#b5c4a8' },
  { key: 'lavender', label: 'Лавандула', labelEn: 'Lavender', hex: '#c9b8e0' },
  { key: 'cloud-white', label: 'Облачно бял', labelEn: 'Cloud White', hex: '#f3f3f1' },
  { key: 'light-gold', label: 'Светлозлатист', labelEn: 'Light Gold', hex: '#e8d8b8' },
  { key: 'natural-titanium', label: 'Естествен титан', labelEn: 'Natural Titanium', hex: '#bab4a9' },
  { key: 'black-titanium', label: 'Черен титан', labelEn: 'Black Titanium', hex: '#3c3b39' },
  { key: 'jet-black', label: 'Дълбоко черен', labelEn: 'Jet Black', hex: '#0f0f10' },
  { key: 'rose-gold', label: 'Розово злато', labelEn: 'Rose Gold', hex: '#e6c2b4' },
  { key: 'gold', label: 'Златист', labelEn: 'Gold', hex: '#e9d3a6' },
  { key: 'red', label: '(PRODUCT)RED', labelEn: '(PRODUCT)RED', hex: '#c8102e' },
  { key: 'clear', label: 'Прозрачен', labelEn: 'Clear', hex: '#dfe8ee' },
  { key: 'brown', label: 'Кафяв', labelEn: 'Brown', hex: '#7b5136' },
  { key: 'olive', label: 'Маслинен', labelEn: 'Olive', hex: '#707d55' },
  { key: 'sand', label: 'Пясъчен', labelEn: 'Sand', hex: '#d8c7a3' },
  { key: 'plum', label: 'Сливов', labelEn: 'Plum', hex: '#6e3b5c' },
];

/** Colour of a `cvyat` option value, for the product image; undefined for an unknown value. */
export const colourOfValue = (value: string): ColourDef | undefined => {
  const prefix = String(COLOUR_ATTRIBUTE_ID);
  if (!value.startsWith(prefix) || value.length !== prefix.length + 3) return undefined;
  return COLOURS[Number(value.slice(prefix.length)) - 1];
};
