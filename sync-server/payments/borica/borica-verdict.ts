import type { AttemptVerdict } from '../gateway.ts';

/**
 * What a verified APGW answer (BACKREF or TRTYPE 90) means for an attempt. Pure: the caller has already checked the
 * signature and that the answer is about this attempt. Only ACTION 0 with RC 00 is a payment (manual 5.0).
 */

/** A form the shopper has not finished is refused by the gateway after 15 minutes (RC -40 then means a timeout). */
export const FORM_TIMEOUT_MS = 15 * 60_000;
/** A status obtained more than 16 minutes after the transaction is final (manual: TRTYPE 90). */
export const STATUS_FINAL_AFTER_MS = 16 * 60_000;

/** Gateway codes that may still turn into a payment: in progress, authentication in progress, form in progress. */
const IN_PROGRESS = new Set(['-31', '-33', '-40']);
/** ACTION values that say "this repeats an earlier request": the earlier one's fate is unknown from this answer. */
const DUPLICATE_ACTIONS = new Set(['1', '6', '7', '8']);

/** The shopper-facing words when the gateway sent no STATUSMSG. */
const FALLBACK_MESSAGES: Readonly<Record<string, string>> = {
  '00': 'Плащането е одобрено',
  '04': 'Картата е задържана от банката издател',
  '05': 'Банката издател отказа плащането',
  '13': 'Невалидна сума',
  '14': 'Невалиден номер на карта',
  '54': 'Картата е с изтекъл срок',
  '57': 'Картата не може да плаща тази транзакция',
  '65': 'Нужна е допълнителна проверка на картата',
  '1A': 'Нужна е допълнителна проверка на картата',
  '91': 'Банката издател не отговаря',
  '96': 'Грешка в системата на банката',
  '-17': 'Невалиден подпис или изтекла заявка',
  '-19': 'Неуспешна проверка на картодържателя',
  '-25': 'Плащането е отказано от картодържателя',
  '-40': 'Времето за плащане изтече',
};

const messageOf = (rc: string, statusMsg: string | undefined): string =>
  statusMsg?.trim() || FALLBACK_MESSAGES[rc] || `Плащането не е извършено (код ${rc})`;

/** `ask-status`: the answer does not settle the attempt (a duplicate, an inconsistent answer): TRTYPE 90 must. */
export type AnswerMeaning = AttemptVerdict | { readonly kind: 'ask-status' };

/**
 * @param ageMs how long ago the transaction started, for RC -31/-33/-40: past the form's 15 minutes -40 is a
 *   timeout, and past 16 minutes any status is final.
 */
export const meaningOf = (
  answer: Readonly<Record<string, string | undefined>>,
  providerRef: string,
  ageMs: number,
): AnswerMeaning => {
  const action = answer['ACTION'] ?? '';
  const rc = (answer['RC'] ?? '').toUpperCase();
  const card = answer['CARD'] ? { card: answer['CARD'] } : {};
  const message = messageOf(rc, answer['STATUSMSG']);
  if (DUPLICATE_ACTIONS.has(action)) return { kind: 'ask-status' };
  if (rc === '00') {
    if (action !== '0') return { kind: 'ask-status' };
    return {
      kind: 'paid',
      providerRef,
      ...card,
      message,
      settlementRef: `${answer['RRN'] ?? ''}:${answer['INT_REF'] ?? ''}`,
    };
  }
  if (rc === '') return { kind: 'ask-status' };
  if (IN_PROGRESS.has(rc)) {
    const over = rc === '-40' ? ageMs > FORM_TIMEOUT_MS : ageMs > STATUS_FINAL_AFTER_MS;
    if (!over) return { kind: 'pending', providerRef, message, code: rc };
    return { kind: 'declined', providerRef, code: rc, message: messageOf('-40', undefined), ...card, retryable: true };
  }
  // A bank's decline (04, 05, 13, 91, 65/1A soft declines...) is final for this ORDER; a gateway's error (-17,
  // -19, -25 cancelled...) too. Either way the shopper may pay again: a retry is a new attempt with a new ORDER.
  return { kind: 'declined', providerRef, code: rc, message, ...card, retryable: true };
};
