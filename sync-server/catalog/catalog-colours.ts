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
  hex: string;
}

export const COLOURS: readonly ColourDef[] = [
  { key: 'silver', label: 'Сребрист', hex: '#e3e4e5' },
  { key: 'space-gray', label: 'Тъмносив', hex: '#7d7e80' },
  { key: 'space-black', label: 'Космическо черно', hex: '#2e2c2e' },
  { key: 'midnight', label: 'Полунощно син', hex: '#2e3642' },
  { key: 'starlight', label: 'Звездна светлина', hex: '#f0e5d3' },
  { key: 'sky-blue', label: 'Небесносин', hex: '#c6d7e5' },
  { key: 'black', label: 'Черен', hex: '#1d1d1f' },
  { key: 'white', label: 'Бял', hex: '#f5f5f2' },
  { key: 'blue', label: 'Син', hex: '#4f7ba8' },
  { key: 'purple', label: 'Лилав', hex: '#b8a6d9' },
  { key: 'pink', label: 'Розов', hex: '#f2c4cf' },
  { key: 'orange', label: 'Оранжев', hex: '#f0a35e' },
  { key: 'yellow', label: 'Жълт', hex: '#f5d76e' },
  { key: 'green', label: 'Зелен', hex: '#9cc7a4' },
  { key: 'teal', label: 'Тюркоазен', hex: '#8fd3d0' },
  { key: 'ultramarine', label: 'Ултрамарин', hex: '#5b6ee1' },
  { key: 'cosmic-orange', label: 'Космически оранжев', hex: '#e4743a' },
  { key: 'deep-blue', label: 'Дълбоко син', hex: '#2f3d5c' },
  { key: 'mist-blue', label: 'Мъглявосин', hex: '#a9bfd6' },
  { key: 'sage', label: 'Салвия', hex: '#b5c4a8' },
  { key: 'lavender', label: 'Лавандула', hex: '#c9b8e0' },
  { key: 'cloud-white', label: 'Облачно бял', hex: '#f3f3f1' },
  { key: 'light-gold', label: 'Светлозлатист', hex: '#e8d8b8' },
  { key: 'natural-titanium', label: 'Естествен титан', hex: '#bab4a9' },
  { key: 'black-titanium', label: 'Черен титан', hex: '#3c3b39' },
  { key: 'jet-black', label: 'Дълбоко черен', hex: '#0f0f10' },
  { key: 'rose-gold', label: 'Розово злато', hex: '#e6c2b4' },
  { key: 'gold', label: 'Златист', hex: '#e9d3a6' },
  { key: 'red', label: '(PRODUCT)RED', hex: '#c8102e' },
  { key: 'clear', label: 'Прозрачен', hex: '#dfe8ee' },
  { key: 'brown', label: 'Кафяв', hex: '#7b5136' },
  { key: 'olive', label: 'Маслинен', hex: '#707d55' },
  { key: 'sand', label: 'Пясъчен', hex: '#d8c7a3' },
  { key: 'plum', label: 'Сливов', hex: '#6e3b5c' },
];

/** Colour of a `cvyat` option value, for the product image; undefined for an unknown value. */
export const colourOfValue = (value: string): ColourDef | undefined => {
  const prefix = String(COLOUR_ATTRIBUTE_ID);
  if (!value.startsWith(prefix) || value.length !== prefix.length + 3) return undefined;
  return COLOURS[Number(value.slice(prefix.length)) - 1];
};
