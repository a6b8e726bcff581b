import { createHash } from 'node:crypto';
import type { Principal } from '../http/auth.ts';
import { derivedCommandId, runThroughPush, type CommandPathDeps, type Settlement } from '../sync/push-one.ts';

/**
 * `POST /api/sell/save`, `/renew`, `/delete` execute through the sync push, so they are exactly once as a device's
 * commands are: each call is a command of a client of its own (`api-<command id>`, seq 1) whose id is derived
 * from the caller's `requestId` when it sends one, else from the call's content. A repeated call (its answer was
 * lost) is the same command, which the push answers with its stored outcome. Without a `requestId`, the same
 * renew twice is one renewal: send a new `requestId` to renew again.
 */
export type AdCommandType = 'ad.save' | 'ad.renew' | 'ad.delete';

const FAILED: Readonly<Record<AdCommandType, string>> = {
  // The spec's texts (commerce.md section 8).
  'ad.save': 'The ad can not be transfered because of server error. Ad has been queued',
  'ad.renew': 'The ad can not be renewed because of server error.',
  'ad.delete': 'The ad can not be deleted because of server error.',
};

const contentKey = (payload: unknown): string => createHash('sha256').update(JSON.stringify(payload)).digest('hex');

export const adCommandIdOf = (type: AdCommandType, owner: string, payload: unknown, requestId?: string): string =>
  derivedCommandId(`${type}:${owner}:${requestId ?? contentKey(payload)}`);

/** `payload`: checked by the caller against the type's schema (the push checks it again). */
export const runAdCommand = (
  deps: CommandPathDeps,
  principal: Principal,
  type: AdCommandType,
  payload: unknown,
  requestId?: string,
): Promise<Settlement> => {
  const id = adCommandIdOf(type, principal.owner, payload, requestId);
  return runThroughPush(deps, principal, { id, type, payload, clientId: `api-${id}`, seq: 1 }, FAILED[type]);
};
