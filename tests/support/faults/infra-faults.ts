import { ROLE_LOCK_SPACE, ROLES } from '../../../sync-server/cluster/roles.ts';
import type { Identity } from './device-protocol.ts';
import type { Violation } from './oracle.ts';
import type { PgStopMode } from './postgres.ts';
import { seededPrng } from './prng.ts';
import type { FaultWorld } from './world.ts';

/**
 * The infrastructure's faults of a run, beside the link's, the kills and the closed tabs of run.ts:
 * - `token`: a shopper's session expires on the server mid-run (its access tokens' rows, by SQL), and sometimes every
 *   connection is cut with it, so the live streams come back asking for a ticket with the expired token. The device
 *   must renew it (the refresh token) and carry on, its queue whole. Guests' tokens never expire, so a run that draws
 *   it has its shoppers log in (register) first.
 * - `pg-restart`: the store's PostgreSQL (the harness's own, `--postgres private`) restarted under load, `pg_ctl
 *   restart -m fast` or, one time in three, `-m immediate` (a crash, recovery on start). Afterwards the instances must
 *   serve again and their loops run again: the one-instance roles (advisory locks) are held again.
 * They are drawn from a generator of their own, seeded by the run's seed, so a seed's intents, link faults and kills
 * are the same as without them (and as before they existed).
 */
export const INFRA_FAULTS = ['token', 'pg-restart'] as const;
export type InfraFault = (typeof INFRA_FAULTS)[number];

/** How long the one-instance loops may take to be held again after PostgreSQL is back (their retry is 2 s). */
const ROLES_BACK_MS = 10_000;
/** The one-instance loops (sync-server/cluster/roles.ts), each an advisory lock whose first key is ROLE_LOCK_SPACE. */
const ROLE_COUNT = Object.keys(ROLES).length;

/** FAULTS_TRACE=1: how often the user's sessions were renewed (refresh tokens used), read a while after the heal. */
const renewals = async (world: FaultWorld, owner: string): Promise<number> => {
  await sleep(1_500);
  const [row] = await world.instances.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM refresh_tokens r JOIN users u ON u.id = r.user_id WHERE u.owner = $1 AND r.used_at IS NOT NULL`,
    [owner],
  );
  return Number(row?.n);
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface InfraPlan {
  /** The run's shoppers log in as users (a `token` run). */
  readonly users: boolean;
  /** The run's devices opened (as their shoppers' users when `users`, run.ts): whose session a token fault expires. */
  opened(identities: readonly Identity[]): void;
  /** The faults due at `step`, each recorded in `faults`. */
  atStep(step: number, faults: string[]): Promise<void>;
  /**
   * After the intents (the instances back): PostgreSQL is up again and the instances' loops are back (what did not
   * come back is a violation); a session expiry no instance could make during the intents is made now.
   */
  heal(faults: string[]): Promise<Violation[]>;
}

export const planInfraFaults = (
  world: FaultWorld,
  seed: number,
  settings: { steps: number; faults: ReadonlySet<string> },
): InfraPlan => {
  const rng = seededPrng(seed ^ 0x1f2e3d4c);
  const { steps, faults: on } = settings;
  // Every draw is made whichever faults are on (the same schedule with fewer kinds).
  const tokenAt = rng.chance(0.3) ? rng.int(1, steps - 1) : -1;
  const tokenDevice = rng.int(0, world.devices.length - 1);
  const tokenCut = rng.chance(0.5);
  const pgAt = rng.chance(0.5) ? rng.int(0, steps - 1) : -1;
  const pgMode: PgStopMode = rng.chance(1 / 3) ? 'immediate' : 'fast';
  const users = tokenAt >= 0 && on.has('token');
  const restartsPg = pgAt >= 0 && on.has('pg-restart') && world.postgres !== undefined;
  let restarting: Promise<void> | undefined;
  let ownerOfDevice: string[] = [];
  let tokenDue = users;

  /**
   * The session's expiry, by SQL through a live instance: when none is (the only one killed, PostgreSQL restarting)
   * it waits for the next step, or the heal.
   */
  const expireToken = async (step: number | 'heal', faults: string[]): Promise<void> => {
    const owner = ownerOfDevice[tokenDevice]!;
    const expired = await world.instances
      .query(`UPDATE auth_tokens SET expires_at = now() WHERE owner = $1 AND kind = 'user' AND expires_at > now()`, [
        owner,
      ])
      .then(
        () => true,
        () => false,
      );
    if (!expired) return;
    tokenDue = false;
    if (tokenCut) world.proxy.cut();
    faults.push(`${step}:token-expired #${tokenDevice}${tokenCut ? '+cut' : ''}`);
  };

  return {
    users,
    opened(identities) {
      ownerOfDevice = identities.map((i) => i.owner);
    },
    async atStep(step, faults) {
      if (tokenDue && step >= tokenAt) await expireToken(step, faults);
      if (step === pgAt && restartsPg) {
        faults.push(`${step}:pg-restart-${pgMode}`);
        restarting = world.postgres!.restart(pgMode);
        restarting.catch(() => undefined); // awaited at the heal; not an unhandled rejection meanwhile
      }
    },
    async heal(faults) {
      if (restarting) await restarting;
      if (tokenDue) await expireToken('heal', faults);
      if (users && process.env['FAULTS_TRACE'])
        void renewals(world, ownerOfDevice[tokenDevice]!).then((n) => console.error(`    (sessions renewed: ${n})`));
      if (!restarting) return [];
      // Every instance ready again (its /readyz asks the store): none left answering 503 or 500.
      const readyBy = Date.now() + ROLES_BACK_MS;
      for (const port of world.instances.livePorts()) {
        let status = 0;
        while (status !== 200 && Date.now() < readyBy) {
          status = await fetch(`http://127.0.0.1:${port}/readyz`).then(
            async (r) => {
              await r.body?.cancel();
              return r.status;
            },
            () => 0,
          );
          if (status !== 200) await sleep(200);
        }
        if (status !== 200)
          return [{ property: 'not-drained', detail: `instance :${port} /readyz answers ${status} after the restart` }];
      }
      // The one-instance loops: each role held again by some instance (pg_locks of the restarted server).
      const deadline = Date.now() + ROLES_BACK_MS;
      for (;;) {
        const held = await world.instances
          .query<{ n: number | string }>(
            `SELECT count(DISTINCT objid) AS n FROM pg_locks
             WHERE locktype = 'advisory' AND classid = $1::int::oid AND objsubid = 2 AND granted`,
            [ROLE_LOCK_SPACE],
          )
          .then(
            ([row]) => Number(row?.n),
            () => 0,
          );
        if (held >= ROLE_COUNT) return [];
        if (Date.now() > deadline)
          return [
            {
              property: 'not-drained',
              detail: `${held} of ${ROLE_COUNT} one-instance loops held ${ROLES_BACK_MS} ms after PostgreSQL restarted`,
            },
          ];
        await sleep(200);
      }
    },
  };
};
