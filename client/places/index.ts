/**
 * The settlements' public face: the city and postcode fields of an address (used by the checkout's shipping step).
 * The data comes with the field, in a chunk of its own (load-places.ts), never with the first page.
 */
export { CityField, type CityFieldProps, type CityFieldValue } from './city-field.tsx';
