/** The outcome of validating a product's options: every failing option's message, by option id. */
export type OptionsValidation =
  | { readonly ok: true }
  | { readonly ok: false; readonly error: string; readonly fieldErrors: Readonly<Record<number, string>> };

/** Passes when no option failed; else fails with the product error the spec names for the option kind. */
export const optionsValidation = (fieldErrors: Readonly<Record<number, string>>, error: string): OptionsValidation =>
  Object.keys(fieldErrors).length === 0 ? { ok: true } : { ok: false, error, fieldErrors };
