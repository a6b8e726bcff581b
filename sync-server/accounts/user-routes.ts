import { randomBytes } from 'node:crypto';
import { Router, type Request } from 'express';
import { v7 as uuidv7 } from 'uuid';
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
import { loadRateLimitConfig } from '../config.ts';
import { authenticate, bearerToken, principalOf, principalOfToken, retireGuestToken } from '../http/auth.ts';
import { HttpProblem } from '../http/problem.ts';
import { ok, parseInput } from '../http/respond.ts';
import type { Database } from '../store/database.ts';
import { mergeGuestInto } from './guest-merge.ts';
import { deliverOnce } from './mail-transport.ts';
import { enqueueMail, secretHash, SECRET_SLOT } from './outbox.ts';
import {
  accountLimitsOf,
  clearLimit,
  clientAddress,
  countAttempt,
  enforceLimit,
  limitKey,
  lockoutAttempt,
  tooManyRequests,
  type AccountLimits,
} from './rate-limit.ts';
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
  emailKeyOf,
  userByEmail,
  userById,
  userOf,
} from './users.ts';
import { jsonObject, okAnswer, type ApiRoute } from '../http/api-description.ts';
import { z } from 'zod';
import { userSchema } from '../../schema/account/user.ts';

export interface UserRoutesDeps {
  db: Database;
  ttl: SessionTtl;
  /** The limits of logins, resets and sign-ups (issue 15); from the environment (config.ts) when not given. */
  limits?: AccountLimits;
}

/** How long a mailed reset link works. */
const RESET_LINK_MS = 60 * 60 * 1000;

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
export const userRoutes = ({ db, ttl, limits = accountLimitsOf(loadRateLimitConfig()) }: UserRoutesDeps): Router => {
  const router = Router();
  const auth = authenticate(db);
  const sessionTtl: SessionTtl = { refreshGraceSeconds: limits.refreshGraceSeconds, ...ttl };

  /**
   * POST /api/user/create: a new account. The client logs in right after (spec: "followed by an automatic login").
   * An e-mail that has an account is answered exactly as a new one (the same status and shape, a made-up id), so
   * the call does not tell who has an account; the owner is mailed instead. At most REGISTER_ADDRESS_MAX an hour
   * from one address.
   */
  router.post('/create', async (req, res) => {
    const body = parseInput(registerBodySchema, req.body, 'body');
    await enforceLimit(
      db,
      res,
      limitKey('register-address', clientAddress(req)),
      limits.registerAddress,
      'Too many sign-ups from this address',
    );
    const passwordHash = await hashPassword(body.password);
    const { row, mail } = await db.transaction(async (tx) => {
      const inserted = await insertUser(tx, body.customer, passwordHash);
      if (inserted) return { row: inserted, mail: undefined };
      const owner = await userByEmail(tx, body.customer.email);
      // Silently bounded (a refusal would tell that the address has an account).
      const budget = await countAttempt(
        tx,
        limitKey('register-mail', emailKeyOf(body.customer.email)),
        limits.registerMail,
      );
      if (!owner || !budget.allowed) return { row: undefined, mail: undefined };
      return {
        row: undefined,
        mail: await enqueueMail(tx, {
          kind: 'register-attempt',
          to: owner.email,
          subject: 'Опит за регистрация в Apple Store България',
          body: `Здравейте, ${owner.firstname}!\n\nНякой се опита да създаде профил с вашия адрес. Профилът ви не е променен.\nАко сте били вие, влезте с паролата си или поискайте нова: /reset-password\n\nАко не сте били вие, не правете нищо.`,
        }),
      };
    });
    if (mail) await deliverOnce(mail);
    ok(
      res,
      row
        ? userOf(row)
        : userOf({
            id: 0,
            owner: `user-${uuidv7()}`,
            email: body.customer.email,
            password_hash: '',
            firstname: body.customer.firstname,
            lastname: body.customer.lastname,
            egn: body.customer.egn ?? null,
            group_id: 1,
            role: 'customer',
            invoice: null,
          }),
    );
  });

  /**
   * POST /api/user/login: a new session (its own refresh-token family) for the e-mail and password. Sent with
   * the device's guest cart token as its bearer, it also folds that guest's cart into the user's, once per
   * guest (`meta.cartMerged` says whether this login did), and retires that token (auth.ts, retireGuestToken).
   * Limits: LOGIN_ADDRESS_MAX attempts per address per window; per e-mail (known or not, alike), 5 failures and
   * then a lockout of 30 s doubling to 15 min; a success forgets the e-mail's failures.
   */
  router.post('/login', async (req, res) => {
    const body = parseInput(loginBodySchema, req.body, 'body');
    await enforceLimit(
      db,
      res,
      limitKey('login-address', clientAddress(req)),
      limits.loginAddress,
      'Too many login attempts from this address',
      'username',
    );
    const accountKey = limitKey('login-account', emailKeyOf(body.username));
    const verdict = await lockoutAttempt(db, accountKey, limits.loginAccount);
    if (!verdict.allowed) throw tooManyRequests(res, verdict, 'Too many wrong passwords for this account', 'username');
    const row = await userByEmail(db, body.username);
    if (!row) await spendPasswordCheck(body.password);
    if (!row || !(await passwordMatches(row.password_hash, body.password))) {
      throw new HttpProblem(401, 'Wrong e-mail or password', 'password');
    }
    await clearLimit(db, accountKey);
    const guest = await principalOfToken(db, bearerToken(req));
    const { session, cartMerged } = await db.transaction(async (tx) => {
      const issued = await issueTokens(tx, row, sessionTtl);
      if (guest?.kind !== 'guest') return { session: issued, cartMerged: false };
      const merged = await mergeGuestInto(tx, guest.owner, row.owner);
      await retireGuestToken(tx, guest.owner);
      return { session: issued, cartMerged: merged };
    });
    // The user with the tokens: the client needs no call to /me between the login and using the user's token.
    res.json(sessionAnswer(session, { cartMerged, user: userOf(row) }));
  });

  /** POST /api/user/refresh: the refresh token for a new pair; each refresh token works once. */
  router.post('/refresh', async (req, res) => {
    const body = parseInput(refreshBodySchema, req.body, 'body');
    res.json(sessionAnswer(await rotateSession(db, body.refreshToken, sessionTtl)));
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
   * same either way, so the call does not tell who has an account. The secret is kept as its hash only (in
   * password_resets and the outbox row) and handed to the mailer once. Limits: RESET_ADDRESS_MAX requests per
   * address and RESET_EMAIL_MAX per e-mail address an hour, counted alike whether the address has an account.
   */
  router.post('/reset-password', async (req, res) => {
    const body = parseInput(resetPasswordBodySchema, req.body, 'body');
    await enforceLimit(
      db,
      res,
      limitKey('reset-address', clientAddress(req)),
      limits.resetAddress,
      'Too many reset requests from this address',
    );
    await enforceLimit(
      db,
      res,
      limitKey('reset-email', emailKeyOf(body.email)),
      limits.resetEmail,
      'Too many reset mails for this e-mail address',
      'email',
    );
    const row = await userByEmail(db, body.email);
    if (row) {
      const secret = randomBytes(32).toString('base64url');
      const mail = await db.transaction(async (tx) => {
        await tx.query('INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [
          secretHash(secret),
          row.id,
          new Date(Date.now() + RESET_LINK_MS),
        ]);
        return enqueueMail(tx, {
          kind: 'password-reset',
          to: row.email,
          subject: 'Нова парола за Apple Store България',
          body: `Здравейте, ${row.firstname}!\n\nЗа нова парола отворете до един час:\n/reset-password?token=${SECRET_SLOT}\n\nАко не сте искали нова парола, не правете нищо.`,
          secret,
        });
      });
      await deliverOnce(mail);
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
        [secretHash(body.token)],
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

const sessionSchema = z.object({
  code: z.literal(200),
  result: z.string().describe('The access token'),
  meta: z.object({ refreshToken: z.string(), expiresAt: z.number() }).catchall(z.unknown()),
});
const tooMany = { 429: { description: 'Too many attempts; Retry-After says when to try again' } };
const user = (method: 'get' | 'post', path: string, summary: string, body?: z.ZodType): ApiRoute => ({
  method,
  path: `/api/user${path}`,
  summary,
  access: 'user',
  request: body ? { body } : undefined,
  responses: okAnswer('The answer'),
});

export const userApi: ApiRoute[] = [
  {
    method: 'post',
    path: '/api/user/create',
    summary: 'A new account (answered alike whether the e-mail has one or not)',
    access: 'public',
    request: { body: registerBodySchema },
    responses: { ...okAnswer('The new user', userSchema), ...tooMany },
  },
  {
    method: 'post',
    path: '/api/user/login',
    summary: "A new session; with a guest's token as bearer, the guest's cart is folded in",
    access: 'public',
    request: { body: loginBodySchema },
    responses: { 200: { description: 'The tokens', schema: sessionSchema }, ...tooMany },
  },
  {
    method: 'post',
    path: '/api/user/refresh',
    summary: 'New tokens for a refresh token (rotated; reuse ends the family)',
    access: 'public',
    request: { body: refreshBodySchema },
    responses: { 200: { description: 'The tokens', schema: sessionSchema } },
  },
  user('post', '/logout', 'End this session'),
  {
    ...user('get', '/me', 'The logged-in user'),
    responses: { 200: { description: 'The user', schema: answerWithResultCode(userSchema) } },
  },
  {
    ...user('post', '', "Change the user's name and details", updateUserBodySchema),
    responses: okAnswer('The user', userSchema),
  },
  user('post', '/change-password', 'Change the password (other sessions end)', changePasswordBodySchema),
  {
    method: 'post',
    path: '/api/user/reset-password',
    summary: 'Mail a link to set a new password (answered alike for any address)',
    access: 'public',
    request: { body: resetPasswordBodySchema },
    responses: { ...okAnswer('The message to show', z.string()), ...tooMany },
  },
  {
    method: 'post',
    path: '/api/user/reset-password/confirm',
    summary: "Set a new password with the mailed link's secret",
    access: 'public',
    request: { body: resetPasswordConfirmBodySchema },
    responses: okAnswer('The message to show', z.string()),
  },
  user('post', '/update-invoice-data', 'Set the invoice details', invoiceDataBodySchema),
  { ...user('get', '/order-history', "The user's orders"), responses: okAnswer('Orders', jsonObject('Order history')) },
  { ...user('get', '/ads-history', "The user's ads"), responses: okAnswer('Ads', jsonObject('Ads history')) },
  user('post', '/store-notification-token', "Store the device's push token", notificationTokenBodySchema),
];

function answerWithResultCode(result: z.ZodType): z.ZodType {
  return z.object({ code: z.literal(200), resultCode: z.literal(200), result });
}
