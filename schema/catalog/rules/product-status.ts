/** Spec section 3: "status (2 or more means disabled)". */
export const DISABLED_STATUS = 2;

/** Enabled means status 0 or 1; a disabled product or variant is never shown, matched or priced. */
export const isEnabledStatus = (status: number): boolean => status < DISABLED_STATUS;
