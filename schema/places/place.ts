import { z } from 'zod';
import { transliterate } from './transliterate.ts';

/** A Bulgarian postcode: four digits (Български пощи; 1000 is Sofia's centre). */
export const postcodeSchema = z.string().regex(/^\d{4}$/, 'must be a Bulgarian postcode of four digits');

/** The kinds of settlement the data set names: town, village, monastery, resort. */
export const PLACE_TYPES = ['гр.', 'с.', 'ман.', 'к.к.'] as const;

/** One settlement as the store's data file keeps it (data/places/bg-places.tsv, one line each). */
export const placeRowSchema = z
  .object({
    /**
     * Its EKATTE code (the national register of settlements), five digits: a stable id. A resort that lies in
     * another settlement's land has that settlement's code and a parcel number ("10135.2569", Sv. Konstantin).
     */
    ekatte: z.string().regex(/^\d{5}(\.\d{1,6})?$/, 'must be an EKATTE code of five digits'),
    type: z.enum(PLACE_TYPES),
    name: z.string().min(1).max(60),
    municipality: z.string().min(1).max(60),
    region: z.string().min(1).max(60),
    postcodes: z.array(postcodeSchema).min(1).max(200),
  })
  .strict();
export type PlaceRow = z.infer<typeof placeRowSchema>;

/** A settlement as the lookups answer it: the row and its Latin name. */
export interface Place extends PlaceRow {
  nameLatin: string;
}

/** The data file's columns, in order, tab separated; postcodes separated by spaces. */
export const PLACE_COLUMNS = ['ekatte', 'type', 'name', 'municipality', 'region', 'postcodes'] as const;

/** The data file's settlement lines, numbered as in the file, once its header is checked. */
export const placesTsvLines = (text: string): { line: string; number: number }[] => {
  const lines = text.split('\n');
  if (lines[0] !== PLACE_COLUMNS.join('\t')) throw new Error(`places: unexpected header ${JSON.stringify(lines[0])}`);
  return lines.flatMap((line, index) => (index > 0 && line.trim().length > 0 ? [{ line, number: index + 1 }] : []));
};

/**
 * One settlement line, validated: a bad file fails loudly, naming its line and field, rather than offering a
 * shopper a city that is not one.
 */
export const parsePlaceLine = ({ line, number }: { line: string; number: number }): Place => {
  const [ekatte, type, name, municipality, region, postcodes, ...rest] = line.split('\t');
  const parsed = placeRowSchema.safeParse({
    ekatte,
    type,
    name,
    municipality,
    region,
    postcodes: postcodes?.split(' ') ?? [],
  });
  if (!parsed.success || rest.length > 0) {
    const issue = parsed.success ? undefined : parsed.error.issues[0];
    const where = issue ? `${issue.path.join('.')}: ${issue.message}` : 'too many columns';
    throw new Error(`places: line ${number}: ${where}`);
  }
  return { ...parsed.data, nameLatin: transliterate(parsed.data.name) };
};

/** The data file (a header line, then one settlement a line), every row validated. */
export const parsePlacesTsv = (text: string): Place[] => placesTsvLines(text).map(parsePlaceLine);

/** One row of the data file (the converter's output; the inverse of a parsed line). */
export const placeTsvLine = (row: PlaceRow): string =>
  [row.ekatte, row.type, row.name, row.municipality, row.region, row.postcodes.join(' ')].join('\t');
