import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePlacesTsv, PLACE_COLUMNS, transliterate } from '../../../schema/places/index.ts';

/** Issue 16: the store's settlements (data/places/bg-places.tsv) are real, complete and well formed. */
describe('the Bulgarian settlements data', () => {
  const text = readFileSync(new URL('../../../data/places/bg-places.tsv', import.meta.url), 'utf8');
  const places = parsePlacesTsv(text);
  const named = (name: string, municipality: string) =>
    places.find((p) => p.name === name && p.municipality === municipality);

  it('holds every settlement of the source, each with four-digit postcodes and a unique EKATTE code', () => {
    expect(places.length).toBe(5351);
    expect(places.every((p) => p.postcodes.length > 0 && p.postcodes.every((c) => /^\d{4}$/.test(c)))).toBe(true);
    expect(new Set(places.map((p) => p.ekatte)).size).toBe(places.length);
    expect(new Set(places.map((p) => p.region)).size).toBe(28);
  });

  it('knows the big cities by their main postcodes, and a village by its own', () => {
    expect(named('София', 'Столична')?.postcodes).toContain('1000');
    expect(named('Пловдив', 'Пловдив')?.postcodes).toContain('4000');
    expect(named('Варна', 'Варна')?.postcodes).toContain('9000');
    expect(named('Гостун', 'Банско')).toMatchObject({ type: 'с.', region: 'Благоевград', postcodes: ['2773'] });
  });

  it('gives each settlement its Latin name by the Transliteration Act', () => {
    expect(named('София', 'Столична')?.nameLatin).toBe('Sofia');
    expect(named('Велико Търново', 'Велико Търново')?.nameLatin).toBe('Veliko Tarnovo');
    expect(named('Стара Загора', 'Стара Загора')?.nameLatin).toBe('Stara Zagora');
    expect(transliterate('Шумен')).toBe('Shumen');
    expect(transliterate('Благоевград')).toBe('Blagoevgrad');
    expect(transliterate('Гюешево')).toBe('Gyueshevo');
    expect(transliterate('ЩЪРКЕЛ')).toBe('SHTARKEL');
    expect(transliterate('Щъркел')).toBe('Shtarkel');
  });

  it('refuses a file with a bad line, naming the line and the field', () => {
    const header = PLACE_COLUMNS.join('\t');
    expect(() => parsePlacesTsv(`${header}\n68134\tгр.\tСофия\tСтолична\tСофия\t100\n`)).toThrow(
      /line 2: postcodes\.0: must be a Bulgarian postcode/,
    );
    expect(() => parsePlacesTsv(`${header}\n68134\tгр.\t\tСтолична\tСофия\t1000\n`)).toThrow(/line 2: name/);
    expect(() => parsePlacesTsv('name\tpostcode\nСофия\t1000\n')).toThrow(/unexpected header/);
  });
});
