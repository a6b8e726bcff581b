import type { SqlParam } from './database.ts';

/**
 * A parameter as a SQL string literal, for `EXECUTE name(...)`, which takes no bound parameters. Safe
 * only with standard_conforming_strings on (the default, and set by the PGlite store): then a backslash
 * is an ordinary character and a doubled quote the only escape, so no value can end the literal.
 * Every value is an untyped literal, which PostgreSQL converts to the prepared parameter's type as it
 * would a bound parameter's text; arrays are written in PostgreSQL's array syntax.
 */
export const sqlLiteral = (value: SqlParam): string => {
  if (value === null) return 'NULL';
  if (Array.isArray(value)) return quote(`{${value.map(arrayElement).join(',')}}`);
  if (value instanceof Date) return quote(value.toISOString());
  return quote(String(value));
};

const quote = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/** Inside an array literal every element is double-quoted, with `\` and `"` escaped by a backslash. */
const arrayElement = (element: string | number | null): string =>
  element === null ? 'NULL' : `"${String(element).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
