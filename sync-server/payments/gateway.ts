import type { PaymentProviderCode } from '../../schema/checkout/methods.ts';

/**
 * The seam between the store's payments (sync-server/payments: attempts, exactly once, reconciliation) and one
 * provider's protocol (sync-server/payments/borica, sync-server/payments/paypal, sync-server/credit). A gateway holds
 * no state of its own: everything it needs comes in the attempt, everything it learns goes out as a verdict, and
 * the payments hub stores both in a transaction. Pointing the store at the real provider is configuration only.
 */

/** One try at taking one order's payment. The hub makes it, stores it, and hands it to the gateway. */
export interface PaymentAttempt {
  /** A UUID: the `payment.start` command's id; the idempotency key with the provider (PayPal-Request-Id...). */
  readonly attemptId: string;
  readonly orderId: string;
  readonly orderNumber: string;
  /** Euro cents to charge: the order's grand total. */
  readonly amountEur: number;
  /**
   * The provider's reference for this attempt, fixed when the attempt is made: BORICA's ORDER (6 digits, unique for
   * 24 h), PayPal's order id once created (empty before), the credit application's number.
   */
  readonly providerRef: string;
  /** Up to 50 characters, Cyrillic allowed (BORICA's DESC). */
  readonly description: string;
  readonly shopper: { readonly name: string; readonly email: string; readonly phone?: string };
  /** Set for credit: the checkout's creditDetails, as the order carries them. */
  readonly credit?: Readonly<Record<string, unknown>>;
  /** BCP-47 language of the shopper's pages ('bg' or 'en'). */
  readonly language: 'bg' | 'en';
  readonly createdAt: number;
}

/** What the shopper's browser does next to pay. */
export type BrowserStep =
  /** Auto-submit a form to the gateway (BORICA: the signed sale form). */
  | { readonly kind: 'post-form'; readonly url: string; readonly fields: Readonly<Record<string, string>> }
  /** Go to the provider's page (PayPal's approve link). */
  | { readonly kind: 'redirect'; readonly url: string }
  /** Nothing: the provider decides without the shopper (a credit application), the hub asks it later. */
  | { readonly kind: 'none' };

/** What a gateway learned about an attempt. Only `paid` makes an order paid. */
export type AttemptVerdict =
  | {
      readonly kind: 'paid';
      readonly providerRef: string;
      /** The masked card (BORICA's CARD), when there is one. */
      readonly card?: string;
      /** The provider's own words for the shopper (STATUSMSG...). */
      readonly message: string;
      /** A reference for refunds: BORICA's RRN and INT_REF, PayPal's capture id. */
      readonly settlementRef: string;
    }
  | {
      readonly kind: 'declined';
      readonly providerRef: string;
      /** The provider's code (BORICA's RC, PayPal's issue, the credit provider's reason). */
      readonly code: string;
      readonly message: string;
      readonly card?: string;
      /** True when the shopper may try again with this provider, in a new attempt (a soft decline is still final for this one). */
      readonly retryable: boolean;
    }
  /** Not decided yet (BORICA RC -31/-33/-40 inside 15 min, PayPal APPROVED not captured, credit needs documents). */
  | { readonly kind: 'pending'; readonly providerRef: string; readonly message: string; readonly code?: string }
  /** The provider has no trace of it: the shopper never reached it (BORICA's unknown ORDER, PayPal 404). */
  | { readonly kind: 'unknown'; readonly providerRef: string };

export type RefundVerdict =
  | { readonly kind: 'refunded'; readonly refundRef: string; readonly amountEur: number }
  | { readonly kind: 'refused'; readonly code: string; readonly message: string };

export interface PaymentGateway {
  readonly provider: Exclude<PaymentProviderCode, 'offline'>;
  /**
   * Starts the attempt with the provider and says what the browser does. Called after the attempt is committed,
   * perhaps more than once for one attempt (a retried call, a second tab): it must be idempotent (PayPal:
   * PayPal-Request-Id = attemptId; BORICA: the same ORDER, a fresh NONCE and TIMESTAMP). `providerRef` in the result
   * is what the hub stores (PayPal's order id).
   */
  begin(attempt: PaymentAttempt): Promise<{ step: BrowserStep; providerRef: string }>;
  /**
   * The provider's reference carried by an answer that came back through the browser (BORICA's ORDER from the
   * BACKREF form, PayPal's `token`), so the hub finds the attempt; undefined when the answer has none.
   */
  referenceOf(answer: Readonly<Record<string, string>>): string | undefined;
  /**
   * Judges an answer that came back through the browser. Nothing in it is believed before it is verified (BORICA's
   * P_SIGN; PayPal's answer is only a token: the capture, made here with PayPal-Request-Id, decides).
   */
  settleReturn(attempt: PaymentAttempt, answer: Readonly<Record<string, string>>): Promise<AttemptVerdict>;
  /**
   * Whether a cancel that came back through the browser is the attempt's own (PayPal: the cancel_url the store gave
   * it carries a secret of the attempt; the provider's order id alone is no proof, anyone who saw it could send it).
   * Absent for providers whose answers are signed (BORICA) or that have no cancel route.
   */
  isOwnCancel?(attempt: PaymentAttempt, answer: Readonly<Record<string, string>>): boolean;
  /** Asks the provider what became of the attempt (BORICA TRTYPE 90; PayPal GET order, capturing an approved one). */
  status(attempt: PaymentAttempt): Promise<AttemptVerdict>;
  /** Gives back `amountEur` of a paid attempt, exactly once per `refundId` (BORICA TRTYPE 24, PayPal refund). */
  refund(attempt: PaymentAttempt, settlementRef: string, amountEur: number, refundId: string): Promise<RefundVerdict>;
}
