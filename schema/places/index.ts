export * from './place.ts';
export * from './lookup.ts';
export * from './transliterate.ts';
export * from './shipping-cities.ts';
