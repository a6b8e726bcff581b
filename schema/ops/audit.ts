import { z } from 'zod';

/** One line of the operators' audit log, as the console shows it. */
export interface AuditLine {
  id: number;
  /** ISO 8601. */
  at: string;
  actorOwner: string;
  actorEmail: string;
  actorRole: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 500;

/**
 * GET /api/ops/audit: newest first, keyset-paged by `before` (the id of the last line seen). Filters: `actor` (an
 * operator's e-mail or owner id), `action` (exact, or a prefix ending in '.': `ad.` for every ad action), `target`
 * (exact: 'order:000000042'), `from`/`to` (ISO times or epoch ms; `from` inclusive, `to` exclusive).
 */
const EPOCH_MS_MAX = 8_640_000_000_000_000;
const epochMsSchema = z.number().int().min(0).max(EPOCH_MS_MAX);
const timeSchema = z.union([
  z.coerce.number().pipe(epochMsSchema),
  // A date the calendar lacks (31 February) parses to NaN: refused like any other bad value.
  z.iso
    .datetime({ offset: true })
    .transform((text) => Date.parse(text))
    .pipe(epochMsSchema),
]);

export const auditQuerySchema = z
  .object({
    before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_DEFAULT),
    actor: z.string().trim().min(1).max(200).optional(),
    action: z.string().trim().min(1).max(100).optional(),
    target: z.string().trim().min(1).max(200).optional(),
    from: timeSchema.optional(),
    to: timeSchema.optional(),
  })
  .strict();
export type AuditQuery = z.infer<typeof auditQuerySchema>;
