import type { DeviceView, Dispatched, Identity, Intent } from './device-protocol.ts';
import { isContentIntent } from './content/content-protocol.ts';
import { adCategoryOf, retireAlerts } from './content/content-store.ts';
import {
  ACCOUNT_SHOPPER,
  CONTENT_SHARE,
  drawContentIntent,
  makeStockAlert,
  prepareStockAlert,
  SHOPPER_PASSWORD,
} from './content/run-content.ts';
import type { FaultMode } from './fault-proxy.ts';
import { INFRA_FAULTS, planInfraFaults } from './infra-faults.ts';
import { checkRun, type Violation } from './oracle.ts';
import { seededPrng, type Prng } from './prng.ts';
import { backlog, readStore, setStock } from './store-reader.ts';
import type { FaultWorld } from './world.ts';
import type { PaymentObservation } from './payments/payment-oracle.ts';
import { readPayments } from './payments/payment-reader.ts';
import {
  paymentCountsOf,
  ORDER_METHODS,
  payAfterPlacing,
  paymentsSettled,
  type PaymentCounts,
} from './payments/run-payments.ts';

/** Products the demo catalogue sells as plain lines (line id = sku), in stock for the runs. */
const SKUS = ['APP3', 'AW11-46-ALU', 'IP17-256-BLK'] as const;
/** The oracle's bound on the queues once every device is settled. */
export const DRAIN_LIMIT_MS = 2_000;

export interface RunSettings {
  /** Intents per run (over all devices). */
  steps: number;
  /** Chance that a run kills an instance with -9 (and restarts it a few steps later). */
  killChance: number;
  /**
   * The kinds of fault drawn (all by default): the link's (proxy), kill -9 of an instance, a tab closed mid-push, a
   * payment simulator answering late, losing its answer or answering twice (psp), and infra-faults.ts's: a session
   * token expired, PostgreSQL restarted (with `--postgres private` only).
   */
  faults: ReadonlySet<FaultKind>;
}
export const FAULT_KINDS = ['link', 'kill', 'tab', 'psp', ...INFRA_FAULTS] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface RunResult {
  seed: number;
  violations: Violation[];
  drainMs: number;
  /** From the faults healed to every device settled (its commands answered). */
  settleMs: number;
  intents: number;
  /** The dispatched commands by type (the counts tools/faults.ts prints). */
  types?: Record<string, number>;
  faults: string[];
  /** The run's online payments (payments/run-payments.ts). */
  payments?: PaymentCounts;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const drawIntent = (rng: Prng, email: string, adCategory: string): Intent => {
  const sku = rng.pick(SKUS);
  const draw = rng.next();
  // The content intents (content/run-content.ts) take the top of the draw; the others share the rest as before.
  if (draw >= 1 - CONTENT_SHARE) return drawContentIntent(rng, { skus: SKUS, email, adCategory });
  const roll = draw / (1 - CONTENT_SHARE);
  if (roll < 0.35) return { kind: 'cart.add', sku, qty: rng.int(1, 3) };
  if (roll < 0.45) return { kind: 'cart.remove', sku, ...(rng.chance(0.5) ? { qty: 1 } : {}) };
  if (roll < 0.55) return { kind: 'cart.setQty', sku, qty: rng.int(1, 4) };
  if (roll < 0.68) return { kind: 'wishlist.add', sku };
  if (roll < 0.78) return { kind: 'wishlist.remove', sku };
  return { kind: 'order.place', payment: rng.pick(ORDER_METHODS), email };
};

const drawMode = (rng: Prng): FaultMode => {
  switch (rng.int(0, 4)) {
    case 0:
      return { kind: 'delay', ms: rng.int(20, 400) };
    case 1:
      return { kind: 'reset' };
    case 2:
      return { kind: 'blackhole' };
    case 3:
      return { kind: 'duplicate' };
    default:
      return { kind: 'forward' };
  }
};

/** Distinct across runs and processes on one store (a seed replayed on the same store gets new addresses). */
const nonce = `${process.pid.toString(36)}${Date.now().toString(36)}`;

/**
 * One seeded run: fresh shoppers on the world's devices, intents with faults at the points the seed draws, then the
 * faults heal and the oracle judges the store and the devices.
 */
export const runOnce = async (world: FaultWorld, seed: number, settings: RunSettings): Promise<RunResult> => {
  try {
    return await playRun(world, seed, settings);
  } finally {
    // The next run opens its devices in the same workers: this run's are closed whatever happened.
    world.proxy.setMode({ kind: 'forward' });
    await Promise.all(world.devices.map((d) => d.close().catch(() => undefined)));
  }
};

/** FAULTS_TRACE=1: when the store had run every command of the run (beside when the devices knew it). */
const serverRan = async (instances: FaultWorld['instances'], owners: string[], from: number) => {
  const query = <Row>(sql: string, params?: readonly unknown[]) => instances.query<Row>(sql, params);
  while ((await backlog(query, owners, [])).commands > 0) await sleep(20);
  console.error(`    (the store ran every command ${Date.now() - from} ms after the heal)`);
};

/** FAULTS_TRACE=1: each phase's time on stderr, to see where a run's time goes. */
const tracer = () => {
  let last = Date.now();
  return (phase: string) => {
    if (!process.env['FAULTS_TRACE']) return;
    console.error(`    ${phase}: ${Date.now() - last} ms`);
    last = Date.now();
  };
};

const playRun = async (world: FaultWorld, seed: number, settings: RunSettings): Promise<RunResult> => {
  const trace = tracer();
  const rng = seededPrng(seed);
  const { instances, proxy, devices } = world;
  const faults: string[] = [];
  // No connection of an earlier run's faults carries into this one (one opened while the link duplicated stays
  // doubled for its life, and the worker's fetch keeps it for the next request, a sign-up included): the run starts
  // on fresh connections, as a seed replayed alone does.
  proxy.setMode({ kind: 'reset' });
  proxy.setMode({ kind: 'forward' });
  const infra = planInfraFaults(world, seed, settings);
  // Before the devices open: a login's mail (a registration repeated by a duplicated request) is the run's too.
  const deliveredFrom = world.smtp.received.length;

  // Shoppers and their devices: the first device of each shopper gets a guest identity, the others adopt it. The
  // account shopper (content/run-content.ts), and every shopper in a run whose sessions expire (infra-faults.ts), is
  // a user instead: it signs up on its first device and logs in on the others, a session each.
  const shoppers = rng.int(1, Math.min(2, devices.length));
  const shopperOf = devices.map((_, i) => (i < shoppers ? i : rng.int(0, shoppers - 1)));
  const emails = Array.from({ length: shoppers }, (_, s) => `faults-${seed}-${s}-${nonce}@example.com`);
  const isUser = (shopper: number) => shopper === ACCOUNT_SHOPPER || infra.users;
  const account = (shopper: number, first: boolean) =>
    isUser(shopper) ? { email: emails[shopper]!, password: SHOPPER_PASSWORD, register: first } : undefined;
  const identities: Identity[] = await Promise.all(
    devices
      .slice(0, shoppers)
      .map((d, i) => d.open(proxy.url, `faults-${seed}-${nonce}-d${i}`, undefined, account(i, true))),
  );
  const others = await Promise.all(
    devices.slice(shoppers).map((d, j) => {
      const shopper = shopperOf[shoppers + j]!;
      const name = `faults-${seed}-${nonce}-d${shoppers + j}`;
      return isUser(shopper)
        ? d.open(proxy.url, name, undefined, account(shopper, false))
        : d.open(proxy.url, name, identities[shopper]);
    }),
  );
  infra.opened([...identities, ...others]);
  const owners = identities.map((i) => i.owner);
  trace('devices open');

  const stockAtStart = new Map<string, number>();
  for (const sku of SKUS) {
    const qty = rng.int(200, 400);
    await setStock((sql, params) => instances.query(sql, params), sku, qty);
    stockAtStart.set(sku, qty);
  }
  await prepareStockAlert((sql, params) => instances.query(sql, params));
  const adCategory = await adCategoryOf((sql, params) => instances.query(sql, params));

  const dispatched: Dispatched[] = [];
  // Every draw is made whichever faults are on, so a seed's intents are the same with any --faults.
  const killAt = rng.chance(settings.killChance) && settings.faults.has('kill') ? rng.int(0, settings.steps - 1) : -1;
  const killed = rng.int(0, instances.count - 1);
  const restartAt = killAt + rng.int(1, 4);
  let restarted: Promise<void> | undefined;
  for (let step = 0; step < settings.steps; step++) {
    const mode = rng.chance(0.3) ? drawMode(rng) : undefined;
    if (mode && settings.faults.has('link')) {
      faults.push(`${step}:${mode.kind}${mode.kind === 'delay' ? mode.ms : ''}`);
      proxy.setMode(mode);
    }
    await infra.atStep(step, faults);
    if (step === killAt) {
      faults.push(`${step}:kill-9 #${killed}`);
      await instances.kill(killed);
    }
    if (step === restartAt) {
      restarted = instances.restart(killed);
      restarted.catch(() => undefined); // awaited after the intents; not an unhandled rejection meanwhile
    }
    const drawn = rng.int(0, devices.length - 1);
    const intent = drawIntent(rng, emails[shopperOf[drawn]!]!, adCategory);
    // A guest's content intent is made by the account shopper's first device (the app would ask the guest to log in).
    const device = isContentIntent(intent) && shopperOf[drawn] !== ACCOUNT_SHOPPER ? ACCOUNT_SHOPPER : drawn;
    const closing = rng.chance(0.08);
    const closeAfterMs = closing && settings.faults.has('tab') ? rng.int(0, 40) : undefined;
    if (closeAfterMs !== undefined) faults.push(`${step}:tab-closed`);
    const record = await devices[device]!.intent(intent, closeAfterMs);
    if (record) dispatched.push(record);
    const payment = await payAfterPlacing({
      rng,
      intent,
      placed: record !== null,
      device: devices[device]!,
      payments: world.payments,
      faultsOn: settings.faults.has('psp'),
      faults,
      step,
    });
    if (payment) dispatched.push(payment);
    await sleep(rng.int(0, 60));
  }

  trace('intents');
  // The faults heal: the link forwards, the killed instance is back.
  proxy.setMode({ kind: 'forward' });
  await world.payments.heal();
  if (killAt >= 0) await (restarted ?? instances.restart(killed));
  const unhealed = await infra.heal(faults);
  // Healed once the balancer serves again: its health checks put back the instances a PostgreSQL restart took out.
  await world.balancer?.serving().catch((error: unknown) => {
    unhealed.push({ property: 'not-drained', detail: String(error) });
  });
  trace('restarted');
  const healed = Date.now();
  if (process.env['FAULTS_TRACE']) void serverRan(instances, owners, healed);
  const settled = await Promise.all(devices.map((d) => d.settle(60_000)));
  const settleMs = Date.now() - healed;
  trace('settled');
  await paymentsSettled(instances, world.payments, owners);
  trace('payments settled');

  const query = <Row>(sql: string, params?: readonly unknown[]) => instances.query<Row>(sql, params);
  // Every command has run (the subscriptions are final): the alert sku back in stock, its alerts swept.
  const stockAlert = await makeStockAlert(
    query,
    owners,
    dispatched.map((d) => d.type),
  );
  trace('stock alert');
  // The queues: commands run and mails sent (and received), timed from every device settled.
  const drainStart = Date.now();
  let drainMs = Number.POSITIVE_INFINITY;
  while (Date.now() - drainStart < 10_000) {
    const left = await backlog(query, owners, emails);
    const [sent] = await query<{ n: string | number }>(
      'SELECT count(*) AS n FROM mail_outbox WHERE to_address = ANY($1::text[]) AND sent_at IS NOT NULL',
      [emails],
    );
    const delivered = world.smtp.received.length - deliveredFrom;
    if (left.commands === 0 && left.mails === 0 && delivered >= Number(sent?.n)) {
      drainMs = Date.now() - drainStart;
      break;
    }
    await sleep(25);
  }

  trace('drained');
  // Every device converged: its read models as the server's (the last changes may still be on their way).
  let lastPayments: PaymentObservation | undefined;
  const observe = async () => {
    const views: DeviceView[] = await Promise.all(devices.map((d) => d.view()));
    const store = await readStore(query, {
      owners,
      addresses: emails,
      stockAtStart,
      delivered: world.smtp.received.slice(deliveredFrom).map((m) => m.messageId ?? ''),
      stockAlert,
    });
    const payments = await readPayments(query, owners, await world.payments.charges());
    lastPayments = payments;
    return checkRun({ dispatched, store, devices: views, drainMs, drainLimitMs: DRAIN_LIMIT_MS, payments });
  };
  let violations = await observe();
  const convergeBy = Date.now() + 5_000;
  while (violations.some((v) => v.property === 'not-converged') && Date.now() < convergeBy) {
    await sleep(100);
    violations = await observe();
  }
  trace('converged');
  violations.push(...unhealed);
  await retireAlerts(query, owners);
  settled.forEach((ok, i) => {
    if (!ok) violations.push({ property: 'not-converged', detail: `device ${i} never settled` });
  });
  const types: Record<string, number> = {};
  for (const { type } of dispatched) types[type] = (types[type] ?? 0) + 1;
  return {
    seed,
    violations,
    drainMs,
    settleMs,
    intents: dispatched.length,
    types,
    faults,
    ...(lastPayments ? { payments: paymentCountsOf(lastPayments) } : {}),
  };
};
