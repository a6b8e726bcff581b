import { useEffect, useState } from 'react';
import { z } from 'zod';
import { getApiResult } from '../lib/get-api-result.ts';

/**
 * The payment methods this store takes (GET /api/payments/methods): an online method whose provider the server is not
 * configured for is refused at order.place, so the checkout does not offer it. Kept on the device, so the checkout
 * offers the same methods offline; before the first answer (a first visit offline) every method is offered, and the
 * server's refusal, translated, says so if one is not taken.
 */
const STORAGE_KEY = 'checkout.paymentMethods';
const answerSchema = z.object({ methods: z.array(z.string().max(32)).max(20) });

const stored = (): readonly string[] | undefined => {
  try {
    const parsed = answerSchema.safeParse(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null'));
    return parsed.success ? parsed.data.methods : undefined;
  } catch {
    return undefined;
  }
};

/** The codes of the methods the server takes, or undefined while unknown. */
export const useOfferedPaymentMethods = (): readonly string[] | undefined => {
  const [codes, setCodes] = useState(stored);
  useEffect(() => {
    const abort = new AbortController();
    void getApiResult('/api/payments/methods', abort.signal).then((result) => {
      const parsed = answerSchema.safeParse(result);
      if (!parsed.success || abort.signal.aborted) return;
      try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify(parsed.data));
      } catch {
        // Storage refused: known for this page only.
      }
      setCodes(parsed.data.methods);
    });
    return () => abort.abort();
  }, []);
  return codes;
};
