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
}

const UNKNOWN_ORDER = 'BG-2000-000001';
const UNKNOWN_AD = '00000000-0000-4000-8000-000000000000';
const UNKNOWN_REVIEW = 999_999_999;
const REASON = 'Не е за продукта.';

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
];

/** Where operator calls live: every route under these is in the matrix. */
export const OPS_PREFIXES = ['/api/operator', '/api/ops'];
