/**
 * Converts Places-in-Bulgaria.json (github.com/Kostadin/Places-in-Bulgaria, MIT) into the store's compact data
 * file, data/places/bg-places.tsv: one settlement a line (EKATTE code, type, name, municipality, region,
 * postcodes), sorted by region, municipality and name so a refresh shows as a readable diff.
 *
 *   npx tsx tools/places/convert.ts <Places-in-Bulgaria.json> [data/places/bg-places.tsv]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import {
  PLACE_COLUMNS,
  parsePlacesTsv,
  placeRowSchema,
  placeTsvLine,
  type PlaceRow,
} from '../../schema/places/place.ts';

const sourceSettlement = z.object({
  name: z.string(),
  type: z.string(),
  post_codes: z.array(z.string()),
});
const sourceSchema = z.record(z.string(), z.record(z.string(), z.record(z.string(), sourceSettlement)));

const [input, output = 'data/places/bg-places.tsv'] = process.argv.slice(2);
if (!input) {
  console.error('usage: tsx tools/places/convert.ts <Places-in-Bulgaria.json> [out.tsv]');
  process.exit(2);
}

const source = sourceSchema.parse(JSON.parse(readFileSync(input, 'utf8')));
const rows: PlaceRow[] = [];
for (const [region, municipalities] of Object.entries(source)) {
  for (const [municipality, settlements] of Object.entries(municipalities)) {
    for (const [ekatte, settlement] of Object.entries(settlements)) {
      rows.push(
        placeRowSchema.parse({
          // The source's keys drop EKATTE's leading zeros ("2676" is 02676, Bansko).
          ekatte: ekatte.replace(/^\d+/, (code) => code.padStart(5, '0')),
          type: settlement.type,
          name: settlement.name.trim(),
          municipality: municipality.trim(),
          region: region.trim(),
          postcodes: [...new Set(settlement.post_codes.map((code) => code.trim()))].sort(),
        }),
      );
    }
  }
}
const collator = new Intl.Collator('bg');
rows.sort(
  (a, b) =>
    collator.compare(a.region, b.region) ||
    collator.compare(a.municipality, b.municipality) ||
    collator.compare(a.name, b.name) ||
    a.ekatte.localeCompare(b.ekatte),
);
const text = [PLACE_COLUMNS.join('\t'), ...rows.map(placeTsvLine)].join('\n') + '\n';
// Read back by the same parser the store uses, so the file written is one the store accepts.
const parsed = parsePlacesTsv(text);
writeFileSync(output, text);
console.log(`${parsed.length} settlements written to ${output}`);
