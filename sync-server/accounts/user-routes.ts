import { createHash, randomBytes } from 'node:crypto';
import { Router, type Request } from 'express';
import {
  changePasswordBodySchema,
  invoiceDataBodySchema,
  loginBodySchema,
  notificationTokenBodySchema,
  refreshBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  resetPasswordConfirmBodySchema,
  updateUserBodySchema,
} from '../../schema/index.ts';
import { authenticate, bearerToken, principalOf, principalOfToken } from '../http/auth.ts';
import { HttpProblem } from '../http/problem.ts';
import { ok, parseInput } from '../http/respond.ts';
import type { Database } from '../store/database.ts';
import { mergeGuestInto } from './guest-merge.ts';
import { enqueueMail } from './outbox.ts';
import { hashPassword, passwordMatches, spendPasswordCheck } from './password.ts';
import { adsHistory, orderHistory } from './history.ts';
import {
  issueTokens,
  revokeOtherSessions,
  revokeSessionOf,
  rotateSession,
  type IssuedSession,
  type SessionTtl,
} from './sessions.ts';
import {
  insertUser,
  setInvoiceData,
  setNotificationToken,
  setPasswordHash,
  updateUser,
  userByEmail,
  userById,
  userOf,
} from './users.ts';

export interface UserRoutesDeps {
  db: Database;
  ttl: SessionTtl;
}

/** How long a mailed reset link works. */
const RESET_LINK_MS = 60 * 60 * 1000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** The logged-in user of a request; a guest's cart token is not enough for account calls. */
const userOfRequest = (req: Request) => {
  const principal = principalOf(req);
  if (principal.kind !== 'user') throw new HttpProblem(401, 'A logged-in user is required: not authorized', 'token');
  return principal;
};

/** The spec's login answer: `result: token`, `meta: { refreshToken }` (plus when the token expires). */
const sessionAnswer = (session: IssuedSession, extra: Record<string, unknown> = {}) => ({
  code: 200,
  result: session.token,
  meta: { refreshToken: session.refreshToken, expiresAt: session.expiresAt, ...extra },
});

/** The spec's user calls (commerce.md section 7), answering `{ code, result }`. */
export const userRoutes = ({ db, ttl }: UserRoutesDeps): Router => {
  const router = Router();
  const auth = authenticate(db);

  /** POST /api/user/create: a new account. The client logs in right after (spec: "followed by an automatic login"). */
  router.post('/create', async (req, res) => {
    const body = parseInput(registerBodySchema, req.body, 'body');
    const passwordHash = await hashPassword(body.password);
    const row = await db.transaction((tx) => insertUser(tx, body.customer, passwordHash));
    if (!row) throw new HttpProblem(409, 'An account with this e-mail already exists', 'customer.email');
    ok(res, userOf(row));
  });

  /**
   * POST /api/user/login: a new session (its own refresh-token family) for the e-mail and password. Sent with
   * the device's guest cart token as its bearer, it also folds that guest's cart into the user's, once per
   * guest (`meta.cartMerged` says whether this login did).
   */
  router.post('/login', async (req, res) => {
    const body = parseInput(loginBodySchema, req.body, 'body');
    const row = await userByEmail(db, body.username);
    if (!row) await spendPasswordCheck(body.password);
    if (!row || !(await passwordMatches(row.password_hash, body.password))) {
      throw new HttpProblem(401, 'Wrong e-mail or password', 'password');
    }
    const guest = await principalOfToken(db, bearerToken(req));
    const { session, cartMerged } = await db.transaction(async (tx) => ({
      session: await issueTokens(tx, row, ttl),
      cartMerged: guest?.kind === 'guest' ? await mergeGuestInto(tx, guest.owner, row.owner) : false,
    }));
    res.json(sessionAnswer(session, { cartMerged }));
  });

  /** POST /api/user/refresh: the refresh token for a new pair; each refresh token works once. */
  router.post('/refresh', async (req, res) => {
    const body = parseInput(refreshBodySchema, req.body, 'body');
    res.json(sessionAnswer(await rotateSession(db, body.refreshToken, ttl)));
  });

  /** POST /api/user/logout: this session ends everywhere (its access and refresh tokens). */
  router.post('/logout', auth, async (req, res) => {
    await revokeSessionOf(db, userOfRequest(req).session);
    ok(res, true);
  });

  /** GET /api/user/me: the current user. */
  router.get('/me', auth, async (req, res) => {
    const row = await userById(db, userOfRequest(req).userId);
    if (!row) throw new HttpProblem(401, 'The user no longer exists: not authorized', 'token');
    res.json({ code: 200, resultCode: 200, result: userOf(row) });
  });

  /** POST /api/user: the user's own data. */
  router.post('/', auth, async (req, res) => {
    const { userId } = userOfRequest(req);
    const body = parseInput(updateUserBodySchema, req.body, 'body');
    const row = await db.transaction((tx) => updateUser(tx, userId, body));
    if (!row) throw new HttpProblem(409, 'An account with this e-mail already exists', 'email');
    ok(res, userOf(row));
  });

  /** POST /api/user/change-password: needs the current password; other devices' sessions end. */
  router.post('/change-password', auth, async (req, res) => {
    const principal = userOfRequest(req);
    const body = parseInput(changePasswordBodySchema, req.body, 'body');
    const row = await userById(db, principal.userId);
    if (!row || !(await passwordMatches(row.password_hash, body.currentPassword))) {
      throw new HttpProblem(400, 'The current password is wrong', 'currentPassword');
    }
    const passwordHash = await hashPassword(body.newPassword);
    await db.transaction(async (tx) => {
      await setPasswordHash(tx, row.id, passwordHash);
      await revokeOtherSessions(tx, row.id, principal.session);
    });
    ok(res, 'The password has been changed');
  });

  /**
   * POST /api/user/reset-password: mails a single-use link when the address has an account. The answer is the
   * same either way, so the call does not tell who has an account.
   */
  router.post('/reset-password', async (req, res) => {
    const body = parseInput(resetPasswordBodySchema, req.body, 'body');
    const row = await userByEmail(db, body.email);
    if (row) {
      const secret = randomBytes(32).toString('base64url');
      await db.transaction(async (tx) => {
        await tx.query('INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [
          sha256(secret),
          row.id,
          new Date(Date.now() + RESET_LINK_MS),
        ]);
        await enqueueMail(tx, {
          kind: 'password-reset',
          to: row.email,
          subject: 'Нова парола за Apple Store България',
          body: `Здравейте, ${row.firstname}!\n\nЗа нова парола отворете до един час:\n/reset-password?token=${secret}\n\nАко не сте искали нова парола, не правете нищо.`,
        });
      });
    }
    ok(res, 'If the address has an account, a link to set a new password has been sent to it');
  });

  /** POST /api/user/reset-password/confirm: the mailed secret and a new password; every session ends. */
  router.post('/reset-password/confirm', async (req, res) => {
    const body = parseInput(resetPasswordConfirmBodySchema, req.body, 'body');
    const passwordHash = await hashPassword(body.newPassword);
    const done = await db.transaction(async (tx) => {
      const [reset] = await tx.query<{ user_id: number }>(
        `UPDATE password_resets SET used_at = now()
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
        [sha256(body.token)],
      );
      if (!reset) return false;
      await setPasswordHash(tx, reset.user_id, passwordHash);
      await revokeOtherSessions(tx, reset.user_id);
      return true;
    });
    if (!done) throw new HttpProblem(400, 'The link is not valid or has expired', 'token');
    ok(res, 'The password has been changed');
  });

  /** POST /api/user/update-invoice-data: the company the user's invoices are made out to. */
  router.post('/update-invoice-data', auth, async (req, res) => {
    const { userId } = userOfRequest(req);
    const body = parseInput(invoiceDataBodySchema, req.body, 'body');
    await db.transaction((tx) => setInvoiceData(tx, userId, body));
    ok(res, body);
  });

  /** GET /api/user/order-history: the user's orders, newest first (at most HISTORY_LIMIT). */
  router.get('/order-history', auth, async (req, res) => {
    ok(res, await orderHistory(db, userOfRequest(req).owner));
  });

  /** GET /api/user/ads-history: the user's classified ads, newest first (at most HISTORY_LIMIT). */
  router.get('/ads-history', auth, async (req, res) => {
    ok(res, await adsHistory(db, userOfRequest(req).owner));
  });

  /** POST /api/user/store-notification-token: the device's push token, for the user the token names only. */
  router.post('/store-notification-token', auth, async (req, res) => {
    const principal = userOfRequest(req);
    const body = parseInput(notificationTokenBodySchema, req.body, 'body');
    if (body.userId !== principal.owner) throw new HttpProblem(403, 'userId is another user', 'userId');
    await db.transaction((tx) => setNotificationToken(tx, principal.userId, body.token));
    ok(res, true);
  });

  return router;
};
