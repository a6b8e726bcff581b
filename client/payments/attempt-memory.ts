/**
 * What this tab remembers of the payments it started (sessionStorage: it survives the trip to the gateway and back
 * in the same tab, and is nobody else's business): the try it sent the shopper to pay, so the result page waits
 * for the device's copy of the order to know that try; and which orders it already started by itself, so coming
 * back to the thank-you page does not start another.
 */
const ATTEMPT_KEY = (orderId: string) => `payments.attempt.${orderId}`;
const AUTOSTART_KEY = (orderId: string) => `payments.autostarted.${orderId}`;

const read = (key: string): string | undefined => {
  try {
    return sessionStorage.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
};
const write = (key: string, value: string): void => {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Storage blocked: the result page then judges by the order's newest try, which is right but for a race.
  }
};

const LAST_ORDER_KEY = 'payments.lastOrder';

export const rememberAttempt = (orderId: string, attemptId: string): void => {
  write(ATTEMPT_KEY(orderId), attemptId);
  write(LAST_ORDER_KEY, orderId);
};
export const rememberedAttempt = (orderId: string): string | undefined => read(ATTEMPT_KEY(orderId));
/** The order this tab last sent to pay: the result page's when the server could not name one (an unknown answer). */
export const lastPaidOrder = (): string | undefined => read(LAST_ORDER_KEY);

/** True the first time for an order in this tab, false after (and when storage is blocked: never start unasked). */
export const claimAutostart = (orderId: string): boolean => {
  if (read(AUTOSTART_KEY(orderId)) !== undefined) return false;
  write(AUTOSTART_KEY(orderId), '1');
  return read(AUTOSTART_KEY(orderId)) !== undefined;
};
