/**
 * A database error as the server may log it: PostgreSQL's SQLSTATE and the names it gives (table, column,
 * constraint), never a value. The drivers' errors carry the statement's values: PGlite's the whole statement
 * (`query`, `EXECUTE stmt_1('…literals…')`, see pglite-database.ts) and its `params`; both stores' `detail` the
 * key that clashed ('Key (email_key)=(…)'), and some messages the value refused ('invalid input syntax for type
 * integer: "…"'). Logged as they were, an error wrote invoice data and e-mails to the logs (issue 15).
 */
export class StoreError extends Error {
  override readonly name = 'StoreError';
  readonly code: string;
  readonly severity: string | undefined;
  readonly table: string | undefined;
  readonly column: string | undefined;
  readonly constraint: string | undefined;
  readonly routine: string | undefined;

  constructor(original: DriverError) {
    super(redactQuoted(original.message));
    this.code = original.code;
    this.severity = original.severity;
    this.table = original.table;
    this.column = original.column;
    this.constraint = original.constraint;
    this.routine = original.routine;
  }
}

interface DriverError {
  message: string;
  code: string;
  severity?: string;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
}

/** The message with every quoted part elided: values are quoted in PostgreSQL's messages (so are some names). */
const redactQuoted = (message: string): string => message.replace(/"(?:[^"]|"")*"/g, '"…"');

/** PostgreSQL's errors (from pg or PGlite) have a five-character SQLSTATE and a severity. */
const isDriverError = (error: unknown): error is DriverError => {
  if (!(error instanceof Error)) return false;
  const { code, severity } = error as Error & { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
};

/** A driver's error as a StoreError (without values); anything else as it is. */
export const withoutValues = (error: unknown): unknown => (isDriverError(error) ? new StoreError(error) : error);
