/**
 * Lengths of the account forms. Spec (commerce.md section 5): "maximums: name 30, last name 30, full name 50,
 * e-mail 100, company name 50, street 100, state 30"; "password at least 8".
 */

/**
 * Spec: "name at least 2 letters (the Bulgarian variant says 3)". We take 2: real Bulgarian and foreign names of
 * two letters exist ('Ян', 'Ли', 'Bo'), and refusing someone's own name loses the customer.
 */
export const NAME_MIN_LETTERS = 2;
export const FIRST_NAME_MAX = 30;
export const LAST_NAME_MAX = 30;
/** A whole name in one field: the МОЛ of an invoice, the credit applicant. */
export const FULL_NAME_MAX = 50;
export const EMAIL_MAX = 100;
export const COMPANY_MAX = 50;
export const STREET_MAX = 100;
/**
 * The spec has no city maximum; we use its "state 30" (the region field beside the city in an address). Bulgarian
 * place names stay well under it.
 */
export const CITY_MAX = 30;

export const PASSWORD_MIN = 8;
/**
 * The spec gives no maximum. 128 leaves room for passphrases and password managers (OWASP asks for at least 64)
 * while bounding the work a hash does on a hostile input.
 */
export const PASSWORD_MAX = 128;

/** Opaque tokens (refresh, push notification): generous, only bounded so a body cannot be arbitrarily large. */
export const TOKEN_MAX = 4096;
