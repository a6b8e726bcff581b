import { checkCreditFigures, creditDetailsSchema, creditProviderByCode } from '../../schema/credit/index.ts';
import type { AttemptVerdict, PaymentAttempt, PaymentGateway, RefundVerdict } from '../payments/gateway.ts';
import { applicationAnswerSchema, cancellationAnswerSchema, type ApplicationAnswer } from './credit-answers.ts';
import type { CreditConfig } from './credit-config.ts';

export type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

/** An order whose credit application cannot be sent as it is: a programming or forging error, named by field. */
export class CreditApplicationError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
  }
}

/** The shopper-facing words of each outcome, in the shopper's language. */
const WORDS = {
  bg: {
    approved: 'Кредитът е одобрен',
    documents: 'Кредиторът иска документи:',
    refused: 'Кредиторът отказа кредита. Можете да изберете друг начин на плащане.',
    cancelled: 'Кредитът е анулиран.',
  },
  en: {
    approved: 'The credit is approved',
    documents: 'The provider asks for documents:',
    refused: 'The provider refused the credit. You may choose another payment method.',
    cancelled: 'The credit was cancelled.',
  },
} as const;

/**
 * Consumer credit as a payment gateway (sync-server/payments/gateway.ts). Beginning sends the application to the
 * provider with the attempt's id as its Idempotency-Key, so a repeated begin (a retried call, a second tab, a server
 * that died before committing the answer) finds the first application instead of making a second. The shopper has
 * nothing to do in a browser (`step: none`): the provider decides, and the hub asks with `status`.
 */
export const createCreditGateway = (config: CreditConfig, fetchFn: FetchFn = fetch): PaymentGateway => {
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string) => {
    const response = await fetchFn(`${config.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${config.apiKey}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, json };
  };

  /** A 2xx application answer, parsed; anything else is thrown, so the hub counts the call as in doubt. */
  const applicationOf = (answer: { status: number; json: unknown }, what: string): ApplicationAnswer => {
    if (answer.status < 200 || answer.status > 299) throw new Error(`credit ${what}: HTTP ${answer.status}`);
    return applicationAnswerSchema.parse(answer.json);
  };

  const verdictOf = (attempt: PaymentAttempt, application: ApplicationAnswer): AttemptVerdict => {
    const words = WORDS[attempt.language];
    const providerRef = application.id;
    switch (application.status) {
      case 'approved':
        return { kind: 'paid', providerRef, message: words.approved, settlementRef: application.id };
      case 'documents_required':
        return {
          kind: 'pending',
          providerRef,
          code: 'documents_required',
          message: [words.documents, ...(application.documents ?? [])].join(' '),
        };
      case 'refused':
        // Final with this provider; the shopper may switch to another payment method (the hub offers it).
        return {
          kind: 'declined',
          providerRef,
          code: application.reason ?? 'refused',
          message: words.refused,
          retryable: false,
        };
      case 'cancelled':
        return { kind: 'declined', providerRef, code: 'cancelled', message: words.cancelled, retryable: false };
    }
  };

  return {
    provider: 'credit',

    async begin(attempt) {
      const parsed = creditDetailsSchema.safeParse(attempt.credit ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new CreditApplicationError(`credit.${issue.path.map(String).join('.')}`, issue.message);
      }
      const checked = checkCreditFigures(parsed.data, attempt.amountEur);
      if (!checked.ok) throw new CreditApplicationError(`credit.${checked.field}`, checked.message);
      const provider = creditProviderByCode(parsed.data.creditProvider)!;
      const application = applicationOf(
        await call(
          'POST',
          '/applications',
          {
            providerId: provider.id,
            provider: provider.code,
            orderNumber: attempt.orderNumber,
            amountEur: attempt.amountEur,
            creditDetails: parsed.data,
          },
          attempt.attemptId,
        ),
        'application',
      );
      return { step: { kind: 'none' }, providerRef: application.id };
    },

    // Credit has no answer that comes back through the browser: the provider decides on its own, `status` asks.
    referenceOf: () => undefined,
    settleReturn: (attempt) => Promise.resolve({ kind: 'unknown', providerRef: attempt.providerRef }),

    async status(attempt) {
      // An attempt whose begin never got its answer has no application number yet: look it up by the idempotency
      // key, which the provider keeps with the application.
      const answer = attempt.providerRef
        ? await call('GET', `/applications/${encodeURIComponent(attempt.providerRef)}`)
        : await call('GET', `/applications?idempotencyKey=${encodeURIComponent(attempt.attemptId)}`);
      if (answer.status === 404) return { kind: 'unknown', providerRef: attempt.providerRef };
      return verdictOf(attempt, applicationOf(answer, 'status'));
    },

    async refund(attempt, settlementRef, amountEur, refundId): Promise<RefundVerdict> {
      // A consumer credit is cancelled whole: the provider takes back its credit, the shop returns nothing itself.
      if (amountEur !== attempt.amountEur) {
        return { kind: 'refused', code: 'partial_refund', message: 'Кредит се анулира само изцяло.' };
      }
      const answer = await call('POST', `/applications/${encodeURIComponent(settlementRef)}/cancel`, {}, refundId);
      if (answer.status === 404 || answer.status === 409) {
        return {
          kind: 'refused',
          code: answer.status === 404 ? 'not_found' : 'not_cancellable',
          message: 'Кредитът не може да бъде анулиран.',
        };
      }
      if (answer.status < 200 || answer.status > 299) throw new Error(`credit cancellation: HTTP ${answer.status}`);
      const cancelled = cancellationAnswerSchema.parse(answer.json);
      return { kind: 'refunded', refundRef: cancelled.cancellationId, amountEur };
    },
  };
};
