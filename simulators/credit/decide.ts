/**
 * How the test creditor decides an application, from documented test data (like a bank's sandbox test cards), so a
 * test or a person at the checkout can get each outcome on purpose:
 * - the comment contains "откажи", or the applicant's ЕГН is 8001010008 (a valid ЕГН, 1 January 1980, kept for
 *   this): refused, reason `refused_test_data`;
 * - a credit amount over €5,000, or a comment containing "документи": documents are asked for
 *   (`documents_required`), then an operator decides: `POST /__sim/decide {id, status}` or the page /__sim/operator;
 * - anything else: approved at once.
 */
export const REFUSED_EGN = '8001010008';
export const DOCUMENTS_ABOVE_EUR_CENTS = 500_000;
export const DOCUMENTS_ASKED = ['служебна бележка за доходите', 'копие от личната карта'] as const;

export type Decision =
  | { readonly status: 'approved' }
  | { readonly status: 'refused'; readonly reason: string }
  | { readonly status: 'documents_required'; readonly documents: readonly string[] };

export const decide = (application: { egn: string; comment: string; creditAmount: number }): Decision => {
  const comment = application.comment.toLocaleLowerCase('bg');
  if (comment.includes('откажи') || application.egn === REFUSED_EGN) {
    return { status: 'refused', reason: 'refused_test_data' };
  }
  if (application.creditAmount > DOCUMENTS_ABOVE_EUR_CENTS || comment.includes('документи')) {
    return { status: 'documents_required', documents: DOCUMENTS_ASKED };
  }
  return { status: 'approved' };
};
