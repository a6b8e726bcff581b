/**
 * Something the store could not make sense of: a timeout, a network error, a 5xx, an answer that does not parse, or
 * one that contradicts the attempt. The hub treats a throw as "in doubt" and asks PayPal again later. The message
 * names the call and PayPal's issue and debug id (never a credential or the shopper's data).
 */
export class PayPalError extends Error {
  override readonly name = 'PayPalError';
  constructor(
    message: string,
    readonly status?: number,
    readonly issue?: string,
    readonly debugId?: string,
  ) {
    super(message);
  }
}
