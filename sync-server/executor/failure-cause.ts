/** Why a command failed, as the console shows it: the error's name and message, no personal data. */
export interface FailureCause {
  name: string;
  message: string;
}

const MAX_MESSAGE = 300;
const EMAIL = /[^\s@"'(),<>]+@[^\s@"'(),<>]+\.[a-z]{2,}/gi;
// An ЕГН, a phone or a card number: any run of 6 or more digits (with spaces or dashes inside) may be someone's.
const LONG_NUMBER = /\d(?:[\s-]?\d){5,}/g;
// A value quoted in a database error (`Key (email)=(x@y.bg)`, `"Иван"`) may be anything the shopper typed.
const QUOTED_VALUE = /=\([^)]*\)|"[^"]*"|'[^']*'/g;

/**
 * The cause of a failure, safe to store and show: the error's name (its class, or its `code` for a database error)
 * and its message with e-mails, long numbers and quoted values masked, cut to 300 characters. A thrown non-error is
 * named 'NonError'.
 */
export const failureCause = (error: unknown): FailureCause => {
  if (!(error instanceof Error)) return { name: 'NonError', message: scrub(String(error)) };
  const code = (error as { code?: unknown }).code;
  const name = error.name !== 'Error' || typeof code !== 'string' ? error.name : `Error ${code}`;
  return { name: name.slice(0, 100), message: scrub(error.message) };
};

const scrub = (message: string): string => {
  const masked = message.replace(EMAIL, '[email]').replace(QUOTED_VALUE, '[value]').replace(LONG_NUMBER, '[number]');
  return masked.length > MAX_MESSAGE ? `${masked.slice(0, MAX_MESSAGE - 1)}…` : masked;
};
