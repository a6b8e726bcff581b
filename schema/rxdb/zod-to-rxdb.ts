import { z } from 'zod';

/**
 * Derives an RxDB JSON schema from a zod object schema, so every collection's shape is written once.
 * RxDB's rules (STACK.md): no `$schema`; a `version`, a `primaryKey` and `indexes`; indexed fields are
 * required and bounded (strings need maxLength, numbers min/max/multipleOf).
 */
export interface RxdbSchemaOptions {
  version: number;
  primaryKey: string;
  indexes?: (string | string[])[];
}

export type JsonSchemaObject = Record<string, unknown> & { properties: Record<string, Record<string, unknown>> };

export const zodToRxdbSchema = (schema: z.ZodObject, options: RxdbSchemaOptions): JsonSchemaObject => {
  const json = z.toJSONSchema(schema, { target: 'draft-7', unrepresentable: 'throw' }) as JsonSchemaObject;
  delete json.$schema;
  const required = new Set((json.required as string[] | undefined) ?? []);
  const indexed = new Set([options.primaryKey, ...(options.indexes ?? []).flat()]);
  for (const field of indexed) {
    const property = json.properties[field];
    if (!property) throw new Error(`indexed field "${field}" is not in the schema`);
    if (!required.has(field)) throw new Error(`indexed field "${field}" must be required`);
    if (property.type === 'string' && Array.isArray(property.enum) && property.maxLength === undefined) {
      // An enum's longest value bounds it; RxDB wants that said as maxLength.
      property.maxLength = Math.max(...(property.enum as string[]).map((v) => v.length));
    }
    if (property.type === 'string' && property.maxLength === undefined) {
      throw new Error(`indexed string "${field}" needs a max length`);
    }
    if (property.type === 'integer') {
      // RxDB indexes numbers, not JSON-schema integers; multipleOf 1 keeps them whole.
      property.type = 'number';
      property.multipleOf = 1;
    }
    if (property.type === 'number' && (property.minimum === undefined || property.maximum === undefined)) {
      throw new Error(`indexed number "${field}" needs a minimum and a maximum`);
    }
  }
  return { ...json, version: options.version, primaryKey: options.primaryKey, indexes: options.indexes ?? [] };
};
