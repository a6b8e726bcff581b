import {
  authenticationFailed,
  cancelled,
  formExpired,
  isTestCard,
  maskCard,
  OTP_CARD,
  outcomeOf,
  TEST_OTP,
  type Outcome,
} from './cards.ts';
import type { SimConfig } from './config.ts';
import { digits, hex, sofiaDateOf, timeOf, timestampOf } from './clock.ts';
import { requestData, responseData, signHex, verifyHex } from './mac.ts';

/**
 * The simulated APGW's state and rules, without HTTP: forms taken, sales decided, status checks, reversals, and
 * the counts tests read. In memory: a restart forgets everything, like a test gateway being reset.
 */

type Fields = Record<string, string>;

const MINUTE = 60_000;
const TIMESTAMP_WINDOW_MS = 15 * MINUTE;
const FORM_LIFETIME_MS = 15 * MINUTE;
const MEMORY_MS = 24 * 60 * MINUTE;

export interface Sale {
  readonly order: string;
  readonly amount: string;
  readonly currency: string;
  readonly description: string;
  readonly merchantName: string;
  readonly lang: 'BG' | 'EN';
  /** The form's NONCE, echoed in the answer. */
  readonly nonce: string;
  readonly formAt: number;
  /** Names this form's card page: an older tab's page of the same ORDER can no longer pay. */
  readonly session: string;
  state: 'form' | 'otp' | 'decided';
  card?: string;
  decidedAt?: number;
  /** The signed answer, once decided (NONCE and TIMESTAMP as the BACKREF got them). */
  answer?: Fields;
}

export type FormResult = { kind: 'card-page'; sale: Sale } | { kind: 'refused'; answer: Fields };
export type PayResult =
  | { kind: 'decided'; answer: Fields }
  | { kind: 'otp'; sale: Sale }
  | { kind: 'card-page'; sale: Sale; error: string }
  | { kind: 'gone' };

export interface Stats {
  sales: { approved: number; declined: number };
  charges: { order: string; amount: string; rc: string }[];
  reversals: { order: string; amount: string }[];
}

export interface Faults {
  /** The next decided sale is charged but its browser is never sent to BACKREF. */
  dropBackref: boolean;
  /** The next request to cgi_link is answered this much later. */
  delayMs: number;
  /** The next status check (TRTYPE 90, the merchant's server asking) is answered this much later, after the work. */
  delayStatusMs: number;
}

const SALE_FIELDS = [
  'TERMINAL',
  'TRTYPE',
  'AMOUNT',
  'CURRENCY',
  'ORDER',
  'DESC',
  'MERCHANT',
  'MERCH_NAME',
  'TIMESTAMP',
  'NONCE',
  'P_SIGN',
];
const STATUS_FIELDS = ['TERMINAL', 'TRTYPE', 'ORDER', 'TRAN_TRTYPE', 'NONCE', 'P_SIGN'];
const REVERSAL_FIELDS = [
  'TERMINAL',
  'TRTYPE',
  'AMOUNT',
  'CURRENCY',
  'ORDER',
  'RRN',
  'INT_REF',
  'TIMESTAMP',
  'NONCE',
  'P_SIGN',
];

export const createGateway = (config: SimConfig, now: () => number = Date.now) => {
  const sales = new Map<string, Sale>();
  const reversals = new Map<string, Fields>();
  const nonces = new Map<string, number>();
  const stats: Stats = { sales: { approved: 0, declined: 0 }, charges: [], reversals: [] };
  const faults: Faults = { dropBackref: false, delayMs: 0, delayStatusMs: 0 };

  const forgetOld = () => {
    const horizon = now() - MEMORY_MS;
    for (const [nonce, at] of nonces) if (at < horizon) nonces.delete(nonce);
    for (const [order, sale] of sales) if (sale.formAt < horizon) sales.delete(order);
  };

  /** Every answer is signed over the response fields; STATUSMSG, CARD and the rest ride along unsigned. */
  const signed = (fields: Fields): Fields => ({
    ...fields,
    P_SIGN: signHex(responseData(fields), config.privateKeyPem),
  });

  const answerTo = (request: Fields, action: string, rc: string, message: string): Fields =>
    signed({
      ACTION: action,
      RC: rc,
      APPROVAL: '',
      TERMINAL: config.terminal,
      TRTYPE: request['TRTYPE'] ?? '',
      AMOUNT: request['AMOUNT'] ?? '',
      CURRENCY: request['CURRENCY'] ?? '',
      ORDER: request['ORDER'] ?? '',
      RRN: '',
      INT_REF: '',
      PARES_STATUS: '',
      ECI: '',
      TIMESTAMP: timestampOf(now()),
      NONCE: request['NONCE'] ?? '',
      STATUSMSG: message,
    });

  /** The checks every request gets: fields present, the terminal, the merchant's P_SIGN, a fresh TIMESTAMP. */
  const refusalOf = (request: Fields, required: readonly string[]): Fields | undefined => {
    const missing = required.find((name) => !request[name]);
    if (missing) return answerTo(request, '3', '-1', `Липсва задължително поле ${missing}`);
    if (request['TERMINAL'] !== config.terminal) return answerTo(request, '3', '-24', 'Непознат терминал');
    if (!verifyHex(requestData(request), request['P_SIGN'] ?? '', config.merchantPublicKeyPem)) {
      return answerTo(request, '3', '-17', 'Невалиден подпис (P_SIGN)');
    }
    if (request['TIMESTAMP'] !== undefined) {
      const at = timeOf(request['TIMESTAMP']);
      if (at === undefined || Math.abs(now() - at) > TIMESTAMP_WINDOW_MS) {
        return answerTo(request, '3', '-17', 'Заявката е изтекла (TIMESTAMP)');
      }
    }
    if (!/^[0-9A-F]{32}$/.test(request['NONCE'] ?? '')) return answerTo(request, '3', '-2', 'Невалидно поле NONCE');
    if (!/^\d{6}$/.test(request['ORDER'] ?? '')) return answerTo(request, '3', '-2', 'Невалидно поле ORDER');
    if (request['AMOUNT'] !== undefined && !/^\d{1,10}\.\d{2}$/.test(request['AMOUNT'])) {
      return answerTo(request, '3', '-2', 'Невалидно поле AMOUNT');
    }
    return undefined;
  };

  /** A NONCE is good once in 24 h; only a signed request spends one, so a forger cannot spend the merchant's. */
  const spendNonce = (nonce: string): boolean => {
    if (nonces.has(nonce)) return false;
    nonces.set(nonce, now());
    return true;
  };

  /** `at`: the transaction's time (TRAN_DATE): now, or an expired form's own time. */
  const decide = (sale: Sale, outcome: Outcome, at = now()): Fields => {
    const reachedBank = /^\d\d$/.test(outcome.rc);
    const answer = signed({
      ACTION: outcome.action,
      RC: outcome.rc,
      APPROVAL: outcome.rc === '00' ? hex(3) : '',
      TERMINAL: config.terminal,
      TRTYPE: '1',
      AMOUNT: sale.amount,
      CURRENCY: sale.currency,
      ORDER: sale.order,
      RRN: reachedBank ? digits(12) : '',
      INT_REF: reachedBank ? hex(8) : '',
      PARES_STATUS: outcome.paresStatus,
      ECI: outcome.eci,
      TIMESTAMP: timestampOf(now()),
      NONCE: sale.nonce,
      TRAN_DATE: sofiaDateOf(at),
      STATUSMSG: outcome.message,
      CARD: sale.card ? maskCard(sale.card) : '',
      CARDHOLDERINFO: outcome.rc === '00' ? '' : outcome.message,
      LANG: sale.lang,
    });
    sale.state = 'decided';
    sale.decidedAt = now();
    sale.answer = answer;
    if (outcome.rc === '00') stats.sales.approved += 1;
    else stats.sales.declined += 1;
    stats.charges.push({ order: sale.order, amount: sale.amount, rc: outcome.rc });
    return answer;
  };

  /** A card page left open past the form's 15 minutes can no longer pay: the sale ends as -40. */
  const expireIfStale = (sale: Sale): void => {
    if (sale.state !== 'decided' && now() - sale.formAt > FORM_LIFETIME_MS) decide(sale, formExpired, sale.formAt);
  };

  return {
    faults,
    stats: (): Stats => structuredClone(stats),

    /** TRTYPE 1 from the shopper's browser: the card page, or a signed refusal for BACKREF. */
    acceptSaleForm(form: Fields): FormResult {
      forgetOld();
      const refusal = refusalOf(form, SALE_FIELDS);
      if (refusal) return { kind: 'refused', answer: refusal };
      if (form['CURRENCY'] !== config.currency) {
        return { kind: 'refused', answer: answerTo(form, '3', '-2', `Терминалът приема само ${config.currency}`) };
      }
      const order = form['ORDER'] ?? '';
      const earlier = sales.get(order);
      if (!spendNonce(form['NONCE'] ?? '')) {
        return { kind: 'refused', answer: answerTo(form, '1', '-21', 'Дублирана заявка (ORDER и NONCE)') };
      }
      if (earlier) {
        expireIfStale(earlier);
        // An ORDER is paid at most once: once decided, it is done for 24 h; while its form is open, a new form (a
        // second tab, a retried page) replaces the old one, whose page can then no longer pay.
        if (earlier.state === 'decided') {
          return { kind: 'refused', answer: answerTo(form, '1', '-21', 'Транзакцията вече е изпълнена') };
        }
        if (earlier.amount !== form['AMOUNT']) {
          return { kind: 'refused', answer: answerTo(form, '3', '-24', 'Друга сума за същата поръчка') };
        }
      }
      const sale: Sale = {
        order,
        amount: form['AMOUNT'] ?? '',
        currency: form['CURRENCY'] ?? '',
        description: form['DESC'] ?? '',
        merchantName: form['MERCH_NAME'] ?? '',
        lang: form['LANG'] === 'EN' ? 'EN' : 'BG',
        nonce: form['NONCE'] ?? '',
        formAt: now(),
        session: hex(16),
        state: 'form',
      };
      sales.set(order, sale);
      return { kind: 'card-page', sale };
    },

    saleOfSession(session: string): Sale | undefined {
      for (const sale of sales.values()) if (sale.session === session) return sale;
      return undefined;
    },

    saleOfOrder(order: string): Sale | undefined {
      return sales.get(order);
    },

    /** The card page's "Плати" (or /__sim/pay): the test card decides, the OTP card asks for its code first. */
    pay(sale: Sale, cardInput: string): PayResult {
      expireIfStale(sale);
      if (sale.state === 'decided') return sale.answer ? { kind: 'decided', answer: sale.answer } : { kind: 'gone' };
      const card = cardInput.replace(/[\s-]/g, '');
      if (!isTestCard(card)) return { kind: 'card-page', sale, error: 'Използвайте някоя от тестовите карти' };
      sale.card = card;
      if (card === OTP_CARD && !/\.65$/.test(sale.amount)) {
        sale.state = 'otp';
        return { kind: 'otp', sale };
      }
      return { kind: 'decided', answer: decide(sale, outcomeOf(card, sale.amount)) };
    },

    /** The 3-D Secure page's code: the right one approves, a wrong one fails authentication (final, -19). */
    otp(sale: Sale, code: string): PayResult {
      expireIfStale(sale);
      if (sale.state === 'decided') return sale.answer ? { kind: 'decided', answer: sale.answer } : { kind: 'gone' };
      if (sale.state !== 'otp' || !sale.card) return { kind: 'gone' };
      const outcome = code.trim() === TEST_OTP ? outcomeOf(sale.card, sale.amount) : authenticationFailed;
      return { kind: 'decided', answer: decide(sale, outcome) };
    },

    /** "Откажи": the shopper gave up (-25). */
    cancel(sale: Sale): PayResult {
      expireIfStale(sale);
      if (sale.state === 'decided') return sale.answer ? { kind: 'decided', answer: sale.answer } : { kind: 'gone' };
      return { kind: 'decided', answer: decide(sale, cancelled) };
    },

    /**
     * TRTYPE 90, server to server: what became of an ORDER's sale (TRAN_TRTYPE 1) or reversal (24) in the last
     * 24 h, as the manual's examples answer: TRTYPE 90, TIMESTAMP the answer's time, TRAN_DATE the transaction's
     * (local time; the form's while it is open), the request's NONCE. Unknown: ACTION 3, RC -24, CURRENCY "USD".
     */
    status(request: Fields): Fields {
      forgetOld();
      const refusal = refusalOf(request, STATUS_FIELDS);
      if (refusal) return refusal;
      const order = request['ORDER'] ?? '';
      const tranTrtype = request['TRAN_TRTYPE'] === '24' ? '24' : '1';
      const reply = (fields: Fields): Fields =>
        signed({
          ...fields,
          TRTYPE: '90',
          TRAN_TRTYPE: tranTrtype,
          TIMESTAMP: timestampOf(now()),
          NONCE: request['NONCE'] ?? '',
        });
      const unknown = () =>
        reply({ ...answerTo(request, '3', '-24', 'Няма такава транзакция'), CURRENCY: 'USD', TRAN_DATE: '' });
      if (tranTrtype === '24') {
        const reversal = reversals.get(order);
        return reversal ? reply(reversal) : unknown();
      }
      const sale = sales.get(order);
      if (!sale) return unknown();
      expireIfStale(sale);
      if (sale.state === 'decided' && sale.answer) return reply(sale.answer);
      const [rc, message] =
        sale.state === 'otp' ? ['-33', 'Автентикация в процес'] : ['-40', 'Формата за плащане е отворена'];
      return reply({
        ...answerTo({ ...request, AMOUNT: sale.amount, CURRENCY: sale.currency }, '3', rc, message),
        TRAN_DATE: sofiaDateOf(sale.formAt),
      });
    },

    /** TRTYPE 24, server to server: reverses an approved sale once (a second: ACTION 1, RC -21). */
    reverse(request: Fields): Fields {
      forgetOld();
      const refusal = refusalOf(request, REVERSAL_FIELDS);
      if (refusal) return refusal;
      if (!spendNonce(request['NONCE'] ?? '')) return answerTo(request, '1', '-21', 'Дублирана заявка (NONCE)');
      const order = request['ORDER'] ?? '';
      if (reversals.has(order)) return answerTo(request, '1', '-21', 'Сторнирането вече е изпълнено');
      const sale = sales.get(order);
      const original = sale?.answer;
      if (!sale || !original || original['RC'] !== '00') {
        return answerTo(request, '3', '-24', 'Няма одобрена транзакция за сторниране');
      }
      if (request['RRN'] !== original['RRN'] || request['INT_REF'] !== original['INT_REF']) {
        return answerTo(request, '3', '-24', 'RRN или INT_REF не съвпадат');
      }
      const cents = (a: string) => Math.round(Number(a) * 100);
      if (request['CURRENCY'] !== sale.currency || cents(request['AMOUNT'] ?? '') > cents(sale.amount)) {
        return answerTo(request, '3', '-24', 'Сумата надхвърля първоначалната');
      }
      // As the manual's example: the reversal's answer names the original by its APPROVAL, RRN and INT_REF.
      const answer = signed({
        ...answerTo(request, '0', '00', 'Сторнирането е успешно'),
        APPROVAL: original['APPROVAL'] ?? '',
        RRN: original['RRN'] ?? '',
        INT_REF: original['INT_REF'] ?? '',
        TRAN_DATE: sofiaDateOf(now()),
      });
      const { P_SIGN: _sign, NONCE: _nonce, ...kept } = answer;
      reversals.set(order, kept);
      stats.reversals.push({ order, amount: request['AMOUNT'] ?? '' });
      return answer;
    },
  };
};

export type Gateway = ReturnType<typeof createGateway>;
