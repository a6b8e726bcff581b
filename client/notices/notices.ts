import type { FeatureNotices } from '../sync/feature.ts';

/**
 * What the command notifications say of the notices' own command: nothing. An acknowledgement is never refused, so
 * it never leaves a lasting notice either (the default is refusals only).
 */
export const noticesNotices: FeatureNotices = { refusalCodes: [] };
