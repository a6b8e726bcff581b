import { Router } from 'express';
import type { Database } from '../store/database.ts';
import { ok } from '../http/respond.ts';
import { challengeConfig } from './challenge-config.ts';
import { challengeKey } from './challenge-key.ts';
import { issueChallenge } from './challenge-service.ts';
import { okAnswer, type ApiRoute } from '../http/api-description.ts';
import { challengeSchema } from '../../schema/challenge/challenge.ts';

/**
 * GET /api/challenge: a signed proof-of-work challenge for a guest's message (`{ code: 200, result }`). No token:
 * a device fetches one when a form opens, online, and keeps it for later, offline. Issuing costs the server one
 * SHA-256 and two HMACs and stores nothing; it is never cached.
 */
export const challengeRoutes = (db: Database): Router => {
  const router = Router();
  router.get('/', async (_req, res) => {
    const config = challengeConfig();
    const key = await challengeKey(db, config.CHALLENGE_HMAC_KEY);
    res.set('Cache-Control', 'no-store');
    ok(res, await issueChallenge(key, config));
  });
  return router;
};

export const challengeApi: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/challenge',
    summary: 'A signed proof-of-work challenge (ALTCHA) for the forms that ask for one',
    access: 'public',
    responses: okAnswer('The challenge', challengeSchema),
  },
];
