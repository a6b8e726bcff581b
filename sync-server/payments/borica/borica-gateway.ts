import type { AttemptVerdict, PaymentAttempt, PaymentGateway, RefundVerdict } from '../gateway.ts';
import { callGateway, cgiLinkOf, type FetchFn } from './borica-call.ts';
import type { BoricaConfig } from './borica-config.ts';
import {
  amountOf,
  centsOf,
  clip,
  merchGmtOf,
  mInfoOf,
  newNonce,
  timeOfTranDate,
  timestampOf,
} from './borica-fields.ts';
import { meaningOf } from './borica-verdict.ts';
import { requestMacData, responseMacData, sign, verify } from './mac-general.ts';

/**
 * BORICA APGW behind the store's PaymentGateway seam (sync-server/payments/gateway.ts). Stateless: the ORDER comes
 * in the attempt (the hub allocates it), every form and call gets a fresh NONCE and TIMESTAMP, and nothing an answer
 * says is believed before its P_SIGN verifies with the gateway's public key.
 */

export interface BoricaGatewayOptions {
  /** The clock (tests move it to make a stale TIMESTAMP or an old attempt). */
  readonly now?: () => number;
}

type Answer = Readonly<Record<string, string | undefined>>;

const CURRENCY = 'EUR';
const ORDER_PATTERN = /^\d{6}$/;

/** An answer that is not about this terminal and ORDER, or names another amount or currency, is not this attempt's. */
const isAbout = (answer: Answer, config: BoricaConfig, attempt: PaymentAttempt, needAmount: boolean): boolean => {
  if (answer['TERMINAL'] !== config.terminal || answer['ORDER'] !== attempt.providerRef) return false;
  const amount = answer['AMOUNT'] ?? '';
  const currency = answer['CURRENCY'] ?? '';
  if ((needAmount || amount !== '') && centsOf(amount) !== attempt.amountEur) return false;
  if ((needAmount || currency !== '') && currency !== CURRENCY) return false;
  return true;
};

export const createBoricaGateway = (
  config: BoricaConfig,
  fetchFn: FetchFn = fetch,
  options: BoricaGatewayOptions = {},
): PaymentGateway => {
  const now = options.now ?? Date.now;
  const signed = (fields: Record<string, string>): Record<string, string> => ({
    ...fields,
    P_SIGN: sign(requestMacData(fields), config.merchantKeyPem),
  });
  const verified = (answer: Answer): boolean =>
    verify(responseMacData(answer), answer['P_SIGN'] ?? '', config.gatewayPublicKeyPem);

  /**
   * A server-side call whose answer must be signed by the gateway. Its NONCE is not required to echo ours: the
   * manual's own TRTYPE 90 example answers with another one, and the call is ours over TLS, so a replay would need
   * the gateway's connection itself.
   */
  const call = async (fields: Record<string, string>): Promise<Answer> => {
    const answer = await callGateway(config, signed(fields), fetchFn);
    if (!verified(answer)) throw new Error(`BORICA TRTYPE ${fields['TRTYPE']}: the answer's P_SIGN does not verify`);
    return answer;
  };

  /** TRTYPE 90 about the attempt's ORDER and the original's type: 1 for the sale, 24 for its reversal. */
  const askStatus = (attempt: PaymentAttempt, tranTrtype: '1' | '24'): Promise<Answer> =>
    call({
      TERMINAL: config.terminal,
      TRTYPE: '90',
      ORDER: attempt.providerRef,
      TRAN_TRTYPE: tranTrtype,
      NONCE: newNonce(),
    });

  const requireOrder = (attempt: PaymentAttempt): void => {
    if (!ORDER_PATTERN.test(attempt.providerRef)) {
      throw new Error(`BORICA ORDER must be 6 digits, the attempt has ${JSON.stringify(attempt.providerRef)}`);
    }
  };

  return {
    provider: 'borica',

    async begin(attempt) {
      requireOrder(attempt);
      const at = now();
      const fields: Record<string, string> = {
        TERMINAL: config.terminal,
        TRTYPE: '1',
        AMOUNT: amountOf(attempt.amountEur),
        CURRENCY,
        ORDER: attempt.providerRef,
        DESC: clip(attempt.description || `Поръчка ${attempt.orderNumber}`, 50),
        MERCHANT: config.merchant,
        MERCH_NAME: config.merchantName,
        MERCH_URL: config.merchantUrl,
        ...(config.merchantEmail ? { EMAIL: config.merchantEmail } : {}),
        COUNTRY: 'BG',
        MERCH_GMT: merchGmtOf(at),
        LANG: attempt.language === 'en' ? 'EN' : 'BG',
        ADDENDUM: 'AD,TD',
        // ORDER plus up to 16 characters of ours: the shop's order number, which the bank statement shows.
        'AD.CUST_BOR_ORDER_ID': `${attempt.providerRef}${clip(attempt.orderNumber.replace(/[^0-9A-Za-z-]/g, ''), 16)}`,
        TIMESTAMP: timestampOf(at),
        M_INFO: mInfoOf(attempt.shopper),
        NONCE: newNonce(),
      };
      return {
        step: { kind: 'post-form', url: cgiLinkOf(config), fields: signed(fields) },
        providerRef: attempt.providerRef,
      };
    },

    referenceOf(answer) {
      const order = answer['ORDER'];
      return order !== undefined && ORDER_PATTERN.test(order) ? order : undefined;
    },

    async settleReturn(attempt, answer): Promise<AttemptVerdict> {
      // The browser carried this answer: anyone could have written it. Unsigned, or about another payment, it says
      // nothing, and the hub asks TRTYPE 90 instead.
      if (!verified(answer) || !isAbout(answer, config, attempt, false)) {
        return { kind: 'unknown', providerRef: attempt.providerRef };
      }
      const meaning = meaningOf(answer, attempt.providerRef, now() - attempt.createdAt);
      if (meaning.kind === 'ask-status') return { kind: 'unknown', providerRef: attempt.providerRef };
      if (meaning.kind === 'paid' && !isAbout(answer, config, attempt, true)) {
        return { kind: 'unknown', providerRef: attempt.providerRef };
      }
      return meaning;
    },

    async status(attempt): Promise<AttemptVerdict> {
      requireOrder(attempt);
      const answer = await askStatus(attempt, '1');
      // The gateway's "no such transaction in the last 24 h".
      if (answer['CURRENCY'] === 'USD') return { kind: 'unknown', providerRef: attempt.providerRef };
      if (!isAbout(answer, config, attempt, false))
        throw new Error('BORICA TRTYPE 90: the answer is about another ORDER');
      // The form's 15 minutes run from the transaction's own time (TRAN_DATE) when the answer carries it: a form
      // begun again later runs later. A later start only makes us wait longer, never call a live form timed out.
      const started = Math.max(attempt.createdAt, timeOfTranDate(answer['TRAN_DATE']) ?? 0);
      const meaning = meaningOf(answer, attempt.providerRef, now() - started);
      if (meaning.kind === 'ask-status') throw new Error('BORICA TRTYPE 90: the answer settles nothing');
      if (meaning.kind === 'paid' && !isAbout(answer, config, attempt, true)) {
        throw new Error('BORICA TRTYPE 90: paid, but not the attempt’s amount');
      }
      return meaning;
    },

    async refund(attempt, settlementRef, amountEur, _refundId): Promise<RefundVerdict> {
      // BORICA has no idempotency key: a reversal is once per ORDER (a second is refused -21). Once per refundId is
      // the hub's; here a -21 is a repeat of ours only if the gateway says the first reversal succeeded.
      requireOrder(attempt);
      const [rrn = '', intRef = ''] = settlementRef.split(':');
      if (!rrn || !intRef) return { kind: 'refused', code: 'settlement-ref', message: 'Липсват RRN и INT_REF' };
      const at = now();
      const answer = await call({
        TERMINAL: config.terminal,
        TRTYPE: '24',
        AMOUNT: amountOf(amountEur),
        CURRENCY,
        ORDER: attempt.providerRef,
        DESC: clip(attempt.description || `Поръчка ${attempt.orderNumber}`, 50),
        MERCHANT: config.merchant,
        MERCH_NAME: config.merchantName,
        RRN: rrn,
        INT_REF: intRef,
        TIMESTAMP: timestampOf(at),
        NONCE: newNonce(),
      });
      if (answer['ORDER'] !== attempt.providerRef)
        throw new Error('BORICA TRTYPE 24: the answer is about another ORDER');
      const rc = answer['RC'] ?? '';
      // The reversal's answer carries the original's RRN and INT_REF; one reversal per ORDER names it.
      const reversed = (a: Answer): RefundVerdict => ({
        kind: 'refunded',
        refundRef: `24:${attempt.providerRef}:${rrn}`,
        amountEur: centsOf(a['AMOUNT']) ?? amountEur,
      });
      if (answer['ACTION'] === '0' && rc === '00') return reversed(answer);
      if (rc === '-21' || answer['ACTION'] === '1') {
        const first = await askStatus(attempt, '24');
        if (first['ACTION'] === '0' && first['RC'] === '00' && centsOf(first['AMOUNT']) === amountEur) {
          return reversed(first);
        }
        return { kind: 'refused', code: '-21', message: answer['STATUSMSG'] || 'Транзакцията вече е изпълнена' };
      }
      if (['-31', '-33', '-40'].includes(rc)) throw new Error(`BORICA TRTYPE 24: still in progress (${rc})`);
      return { kind: 'refused', code: rc || 'unknown', message: answer['STATUSMSG'] || `Отказ (код ${rc})` };
    },
  };
};
