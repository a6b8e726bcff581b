import type { OperatorRole } from '../../schema/ops/roles.ts';

/**
 * Every operator call (under /api/operator and /api/ops), the role it needs, and a request that passes its checks
 * (a path with unknown ids, where an id is needed, and a valid body), for the role matrix
 * (tests/integration/ops-role-matrix.test.ts). The matrix compares this list with the routes the app really has:
 * a new operator route without its line here fails it, so no call escapes the role check unseen.
 *
 * `route` is the route as Express declares it (the route table's key: method and template); `path` the concrete
 * path sent. A request must change nothing that the next one depends on (unknown ids, or a grant that is already so).
 */
export interface OpsRouteCase {
  route: string;
  needs: OperatorRole;
  path: string;
  body?: unknown;
  /** The answer is a Server-Sent Events stream that never ends: read its status, then hang up. */
  stream?: true;
}

const UNKNOWN_ORDER = 'BG-2000-000001';
const UNKNOWN_AD = '00000000-0000-4000-8000-000000000000';
const UNKNOWN_REVIEW = 999_999_999;
const REASON = 'Не е за продукта.';
/** A command id (UUIDv7) no device sent. */
const UNKNOWN_COMMAND = '01900000-0000-7000-8000-000000000000';
const UNKNOWN_BULK_JOB = 999_999_999;

/** `customerEmail`: an account that is and stays a customer (the admin's grant of 'customer' to it changes nothing). */
export const opsRouteCases = (customerEmail: string): OpsRouteCase[] => [
  // Orders and refunds.
  { route: 'GET /api/operator/orders', needs: 'viewer', path: '/api/operator/orders' },
  {
    route: 'POST /api/operator/orders/:orderNumber/status',
    needs: 'support',
    path: `/api/operator/orders/${UNKNOWN_ORDER}/status`,
    body: { status: 'confirmed' },
  },
  {
    route: 'POST /api/operator/orders/:orderNumber/refund',
    needs: 'support',
    path: `/api/operator/orders/${UNKNOWN_ORDER}/refund`,
    body: {},
  },
  // The mail folder.
  { route: 'GET /api/operator/mail', needs: 'viewer', path: '/api/operator/mail' },
  {
    route: 'POST /api/operator/mail/:id/resend',
    needs: 'support',
    path: '/api/operator/mail/999999999/resend',
    body: {},
  },
  // Ads.
  { route: 'GET /api/operator/ads', needs: 'viewer', path: '/api/operator/ads' },
  {
    route: 'POST /api/operator/ads/:id/take',
    needs: 'moderator',
    path: `/api/operator/ads/${UNKNOWN_AD}/take`,
    body: {},
  },
  {
    route: 'POST /api/operator/ads/:id/approve',
    needs: 'moderator',
    path: `/api/operator/ads/${UNKNOWN_AD}/approve`,
    body: {},
  },
  {
    route: 'POST /api/operator/ads/:id/refuse',
    needs: 'moderator',
    path: `/api/operator/ads/${UNKNOWN_AD}/refuse`,
    body: { reason: REASON },
  },
  // Reviews.
  { route: 'GET /api/operator/reviews', needs: 'viewer', path: '/api/operator/reviews' },
  {
    route: 'POST /api/operator/reviews/:id/approve',
    needs: 'moderator',
    path: `/api/operator/reviews/${UNKNOWN_REVIEW}/approve`,
    body: {},
  },
  {
    route: 'POST /api/operator/reviews/:id/refuse',
    needs: 'moderator',
    path: `/api/operator/reviews/${UNKNOWN_REVIEW}/refuse`,
    body: { reason: REASON },
  },
  // Accounts.
  {
    route: 'POST /api/operator/users/:id/group',
    needs: 'support',
    path: '/api/operator/users/user-00000000-0000-7000-8000-000000000000/group',
    body: { group_id: 1 },
  },
  // The console's API.
  { route: 'GET /api/ops/me', needs: 'viewer', path: '/api/ops/me' },
  { route: 'GET /api/ops/operators', needs: 'viewer', path: '/api/ops/operators' },
  {
    route: 'POST /api/ops/roles',
    needs: 'admin',
    path: '/api/ops/roles',
    body: { email: customerEmail, role: 'customer' },
  },
  { route: 'GET /api/ops/audit', needs: 'viewer', path: '/api/ops/audit?limit=5' },
  { route: 'GET /api/ops/retention', needs: 'viewer', path: '/api/ops/retention' },
  { route: 'GET /api/ops/stats', needs: 'viewer', path: '/api/ops/stats?range=hour&buckets=10' },
  { route: 'GET /api/ops/queues/ads', needs: 'viewer', path: '/api/ops/queues/ads?limit=5' },
  { route: 'GET /api/ops/queues/reviews', needs: 'viewer', path: '/api/ops/queues/reviews?limit=5' },
  {
    route: 'POST /api/ops/queues/ads/decide',
    needs: 'moderator',
    path: '/api/ops/queues/ads/decide',
    body: { ids: [UNKNOWN_AD], decision: 'refuse', reason: REASON },
  },
  {
    route: 'POST /api/ops/queues/reviews/decide',
    needs: 'moderator',
    path: '/api/ops/queues/reviews/decide',
    body: { ids: [UNKNOWN_REVIEW], decision: 'approve' },
  },
  // The command log.
  { route: 'GET /api/ops/commands', needs: 'viewer', path: '/api/ops/commands?limit=5' },
  { route: 'GET /api/ops/commands.csv', needs: 'viewer', path: '/api/ops/commands.csv?type=no.such-type' },
  { route: 'GET /api/ops/commands.ndjson', needs: 'viewer', path: '/api/ops/commands.ndjson?type=no.such-type' },
  { route: 'GET /api/ops/commands/:id', needs: 'viewer', path: `/api/ops/commands/${UNKNOWN_COMMAND}` },
  { route: 'GET /api/ops/shoppers/:key', needs: 'viewer', path: '/api/ops/shoppers/nobody@example.invalid' },
  { route: 'GET /api/ops/tail', needs: 'viewer', path: '/api/ops/tail', stream: true },
  // Failures: the groups, retry and cancel of one command, bulk jobs (a dry run: it changes nothing).
  { route: 'GET /api/ops/failures', needs: 'viewer', path: '/api/ops/failures?range=hour' },
  {
    route: 'POST /api/ops/commands/:id/retry',
    needs: 'support',
    path: `/api/ops/commands/${UNKNOWN_COMMAND}/retry`,
    body: { dryRun: true },
  },
  { route: 'POST /api/ops/commands/:id/cancel', needs: 'support', path: `/api/ops/commands/${UNKNOWN_COMMAND}/cancel` },
  {
    route: 'POST /api/ops/bulk',
    needs: 'support',
    path: '/api/ops/bulk',
    body: { action: 'retry', filter: { type: 'no.such-type' }, dryRun: true },
  },
  { route: 'GET /api/ops/bulk/:id', needs: 'viewer', path: `/api/ops/bulk/${UNKNOWN_BULK_JOB}` },
  { route: 'DELETE /api/ops/bulk/:id', needs: 'support', path: `/api/ops/bulk/${UNKNOWN_BULK_JOB}` },
];

/** Where operator calls live: every route under these is in the matrix. */
export const OPS_PREFIXES = ['/api/operator', '/api/ops'];
