import { useCallback, useEffect, useRef, useState } from 'react';
import { getStoreClient } from '../store/index.ts';
import { payForOrder, resumePayment, type PayPhase } from './pay.ts';

/** The "Pay now" of one order: its phase for the page, and the start (one at a time, whatever the clicks). */
export const usePayNow = (
  orderId: string,
): { phase: PayPhase; pay: () => void; resume: (attemptId: string) => void } => {
  const [phase, setPhase] = useState<PayPhase>({ kind: 'idle' });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    // Back from the gateway's page, the browser may show this page as it was left ("Taking you to the payment…",
    // the button disabled): the shopper can start again (the order's own state says whether a try is open).
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setPhase({ kind: 'idle' });
    };
    window.addEventListener('pageshow', restored);
    return () => {
      mounted.current = false;
      window.removeEventListener('pageshow', restored);
    };
  }, []);
  const pay = useCallback(() => {
    void (async () => {
      const client = await getStoreClient();
      await payForOrder(client, orderId, (next) => {
        if (mounted.current) setPhase(next);
      });
    })();
  }, [orderId]);
  const resume = useCallback(
    (attemptId: string) => {
      void (async () => {
        const client = await getStoreClient();
        await resumePayment(client, orderId, attemptId, (next) => {
          if (mounted.current) setPhase(next);
        });
      })();
    },
    [orderId],
  );
  return { phase, pay, resume };
};

/** The clock for "time left", a tick a half minute: the figure is in whole minutes. */
export const useNow = (everyMs = 30_000): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
};
