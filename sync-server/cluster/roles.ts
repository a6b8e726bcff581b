/**
 * The loops that must run on one instance at a time, each with the advisory lock that says which instance runs it.
 * PostgreSQL's two-key advisory locks are a key space apart from the one-key locks the store takes elsewhere (the
 * owners' locks, the migration lock), so no owner's lock can ever be mistaken for a role: `ROLE_LOCK_SPACE` is the
 * first key, the role's number the second. A number is never reused for another role (an instance of the previous
 * release may still hold it during a rolling restart).
 */
export const ROLE_LOCK_SPACE = 31_031;

export const ROLES = {
  /** payments/reconcile.ts: it asks the providers about attempts in doubt (PayPal's status call captures). */
  'payments-reconciler': 1,
  /** ads/ad-expiry.ts: a sweep of every owner with an ad past its period; nothing claims its rows. */
  'ad-expiry': 2,
  /** ops/bulk-resume.ts: takes over the bulk jobs of an instance that died. */
  'bulk-jobs': 3,
  /** retention/retention-loop.ts: what the store forgets after its period; one purge and one record a run. */
  retention: 4,
} as const;

export type RoleName = keyof typeof ROLES;
