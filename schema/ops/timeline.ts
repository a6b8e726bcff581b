import { z } from 'zod';

/**
 * The shopper's-eye timeline of one command (issue 30): what happened to it from the tap on the device to its
 * outcome on every device of its owner. None of the job dashboards can draw it, because none of them sees the
 * devices; this one can, from what the sync server records (migration 022): each push that carried the command,
 * and per client id the highest serverSeq each pull or stream event brought it.
 *
 * A client id is a tab's, new at each page load (client/sync/store-client.ts); a device is a browser profile, which
 * says its device id on every sync request (migration 023). The timeline is told per device: a phone reloaded three
 * times is one phone, whose outcome arrived when any of its page loads had it, not four devices of which three
 * "have not had it yet".
 */

/** One push (of any device) that carried the command. `duplicate`: the server had it already and absorbed it. */
export const pushAttemptSchema = z.object({
  at: z.number().int(),
  clientId: z.string(),
  /** How many commands that push carried: the device's queue as it last reported it. */
  batchSize: z.number().int().min(0),
  duplicate: z.boolean(),
  appVersion: z.string().nullable(),
});
export type PushAttempt = z.infer<typeof pushAttemptSchema>;

/** The first moment a device held the command's outcome: the first pull or stream event past its serverSeq. */
export const deliverySchema = z.object({
  clientId: z.string(),
  at: z.number().int(),
  via: z.enum(['pull', 'stream']),
  /** The serverSeq that device had been given by then. */
  serverSeq: z.number().int(),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** One device (a browser profile) as the server last saw it, over every page load (client id) it has had. */
export const opsDeviceSchema = z.object({
  /** Its device id; a device whose app does not say one stands by its client id. */
  deviceId: z.string(),
  /** The client id it speaks with now (its most recently active page load). */
  clientId: z.string(),
  /** Every client id it has had, oldest first. */
  clientIds: z.array(z.string()),
  owner: z.string(),
  firstSeenAt: z.number().int().nullable(),
  lastPushAt: z.number().int().nullable(),
  lastPullAt: z.number().int().nullable(),
  lastStreamAt: z.number().int().nullable(),
  appVersion: z.string().nullable(),
  /** Commands the device had waiting when it last pushed (the size of that push). */
  waitingCount: z.number().int().min(0),
  /** The highest serverSeq of the commands collection delivered to it, by pull or stream. */
  deliveredSeq: z.number().int().min(0),
});
export type OpsDevice = z.infer<typeof opsDeviceSchema>;

/** What the timeline needs of the command itself. */
export interface TimelineCommand {
  id: string;
  type: string;
  status: 'pending' | 'processing' | 'succeeded' | 'rejected' | 'failed';
  clientId: string;
  createdAt: number;
  receivedAt: number;
  processedAt: number | null;
  serverSeq: number;
  resultCode: string | null;
  errorCode: string | null;
}

export const timelineEventSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('created'),
    at: z.number().int(),
    clientId: z.string(),
    /** The device that client id belongs to (OpsDevice.deviceId; the client id itself when unknown). */
    device: z.string(),
    /** How long the command waited on the device before its first push reached the server. */
    offlineMs: z.number().int().min(0),
  }),
  z.object({
    kind: z.literal('pushed'),
    at: z.number().int(),
    clientId: z.string(),
    device: z.string(),
    batchSize: z.number().int(),
    /** A repeat of a command the server had: absorbed, not executed again (exactly once). */
    duplicate: z.boolean(),
    appVersion: z.string().nullable(),
  }),
  z.object({ kind: z.literal('received'), at: z.number().int() }),
  z.object({
    kind: z.literal('executed'),
    at: z.number().int(),
    status: z.enum(['succeeded', 'rejected', 'failed']),
    /** From receipt to outcome. */
    tookMs: z.number().int().min(0),
  }),
  z.object({
    kind: z.literal('result'),
    at: z.number().int(),
    status: z.enum(['succeeded', 'rejected', 'failed']),
    resultCode: z.string().nullable(),
    errorCode: z.string().nullable(),
    /**
     * The key of what the shopper was shown: the command type and result (or error) code, which the console maps
     * to the client's notice text (client/ owns the texts; the schema does not import them).
     */
    noticeKey: z.string(),
  }),
  z.object({
    kind: z.literal('delivered'),
    at: z.number().int(),
    /** The page load of the device that had it first. */
    clientId: z.string(),
    device: z.string(),
    via: z.enum(['pull', 'stream']),
    /** From the outcome to this device holding it. */
    lagMs: z.number().int().min(0),
    /** The device that made the command (its own outcome) or another of the owner's. */
    origin: z.boolean(),
  }),
  z.object({
    kind: z.literal('not-delivered'),
    /** The device's current client id. */
    clientId: z.string(),
    device: z.string(),
    /** The device's last contact, if any: it has not pulled or streamed past the outcome since. */
    lastSeenAt: z.number().int().nullable(),
  }),
]);
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

const SETTLED = new Set(['succeeded', 'rejected', 'failed']);

/** Order of events that share a moment: what happens first in a command's life comes first. */
const KIND_RANK: Record<TimelineEvent['kind'], number> = {
  created: 0,
  pushed: 1,
  received: 2,
  executed: 3,
  result: 4,
  delivered: 5,
  'not-delivered': 6,
};

/**
 * The key of the notice the shopper was shown for an outcome: `<type>:<code>`, the code being the result code, else
 * the error's, else the status. The console maps it to the client's text.
 */
export const noticeKeyOf = (command: Pick<TimelineCommand, 'type' | 'status' | 'resultCode' | 'errorCode'>): string =>
  `${command.type}:${command.resultCode ?? command.errorCode ?? command.status}`;

/**
 * Per device, the moment the command's outcome reached it: the earliest delivery to any of that device's client ids
 * that brought the outcomes up to the command's serverSeq or past it (a client's deliveries only grow, and the
 * outcome is the owner's row at that serverSeq). Keyed by `deviceOf` (by client id when not given). Undefined per
 * device while the command is not settled or not delivered.
 */
export const firstDeliveries = (
  command: Pick<TimelineCommand, 'status' | 'serverSeq'>,
  deliveries: readonly Delivery[],
  deviceOf: (clientId: string) => string = (clientId) => clientId,
) => {
  const first = new Map<string, Delivery>();
  if (!SETTLED.has(command.status)) return first;
  for (const delivery of deliveries) {
    if (delivery.serverSeq < command.serverSeq) continue;
    const device = deviceOf(delivery.clientId);
    const seen = first.get(device);
    if (!seen || delivery.at < seen.at) first.set(device, delivery);
  }
  return first;
};

/** Which device a client id belongs to, from the devices' client ids; a client id no device lists stands alone. */
export const deviceOfClient = (devices: readonly OpsDevice[]): ((clientId: string) => string) => {
  const byClient = new Map(devices.flatMap((d) => d.clientIds.map((clientId) => [clientId, d.deviceId] as const)));
  return (clientId) => byClient.get(clientId) ?? clientId;
};

/**
 * The shopper's-eye timeline of a command, oldest first:
 * - created on its device, and how long it waited there before the server first had it (offline, or a queue);
 * - each push that carried it, a repeat marked `duplicate` (absorbed: exactly once);
 * - received, executed (and how long that took), the result with the key of the notice the shopper saw;
 * - delivered to each of the owner's devices (the one that made it and the others) with the lag from the outcome,
 *   once per device however many page loads it had; a device none of whose page loads has had the outcome yet is
 *   listed last as `not-delivered`, with when it was last seen.
 * The creation is on the device's clock, every other moment on the server's: the creation always comes first,
 * the rest in time order (a repeat push after the result stays after it).
 */
export const buildTimeline = (
  command: TimelineCommand,
  attempts: readonly PushAttempt[],
  deliveries: readonly Delivery[],
  devices: readonly OpsDevice[],
): TimelineEvent[] => {
  const firstPushAt = Math.min(command.receivedAt, ...attempts.map((a) => a.at));
  const deviceOf = deviceOfClient(devices);
  const events: TimelineEvent[] = [
    ...attempts.map((a): TimelineEvent => ({
      kind: 'pushed',
      at: a.at,
      clientId: a.clientId,
      device: deviceOf(a.clientId),
      batchSize: a.batchSize,
      duplicate: a.duplicate,
      appVersion: a.appVersion,
    })),
    { kind: 'received', at: command.receivedAt },
  ];
  const settled = SETTLED.has(command.status) && command.processedAt !== null;
  if (settled) {
    const status = command.status as 'succeeded' | 'rejected' | 'failed';
    const at = command.processedAt!;
    events.push(
      { kind: 'executed', at, status, tookMs: Math.max(0, at - command.receivedAt) },
      {
        kind: 'result',
        at,
        status,
        resultCode: command.resultCode,
        errorCode: command.errorCode,
        noticeKey: noticeKeyOf(command),
      },
    );
    for (const [device, delivery] of firstDeliveries(command, deliveries, deviceOf)) {
      events.push({
        kind: 'delivered',
        at: delivery.at,
        clientId: delivery.clientId,
        device,
        via: delivery.via,
        lagMs: Math.max(0, delivery.at - at),
        origin: device === deviceOf(command.clientId),
      });
    }
  }
  const ordered = events.sort((a, b) => atOf(a) - atOf(b) || KIND_RANK[a.kind] - KIND_RANK[b.kind]);
  const created: TimelineEvent = {
    kind: 'created',
    at: command.createdAt,
    clientId: command.clientId,
    device: deviceOf(command.clientId),
    offlineMs: Math.max(0, firstPushAt - command.createdAt),
  };
  const reached = new Set(ordered.flatMap((e) => (e.kind === 'delivered' ? [e.device] : [])));
  const waiting: TimelineEvent[] = settled
    ? devices
        .filter((d) => !reached.has(d.deviceId))
        .map((d) => ({ kind: 'not-delivered', clientId: d.clientId, device: d.deviceId, lastSeenAt: lastSeenOf(d) }))
    : [];
  return [created, ...ordered, ...waiting];
};

const atOf = (event: TimelineEvent): number => ('at' in event ? event.at : Number.MAX_SAFE_INTEGER);

const lastSeenOf = (device: OpsDevice): number | null => {
  const times = [device.lastPushAt, device.lastPullAt, device.lastStreamAt].filter((t): t is number => t !== null);
  return times.length > 0 ? Math.max(...times) : null;
};
