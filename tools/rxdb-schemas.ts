/**
 * Writes schema/rxdb/collection-schemas.json, the client's RxDB schemas as their zod schemas derive them
 * (schema/rxdb/derive-collections.ts). Run after changing a collection's zod schema; a unit test says when to.
 *   npx tsx tools/rxdb-schemas.ts
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { deriveRxdbSchemas } from '../schema/rxdb/derive-collections.ts';

const target = fileURLToPath(new URL('../schema/rxdb/collection-schemas.json', import.meta.url));
// Written as the repository's formatter writes JSON, so `prettier --check` passes on it as generated.
const options = { ...(await resolveConfig(target)), filepath: target };
writeFileSync(target, await format(JSON.stringify(deriveRxdbSchemas()), options));
console.log(`wrote ${target}`);
