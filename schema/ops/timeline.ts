import { z } from 'zod';

/**
 * The shopper's-eye timeline of one command (issue 30): what happened to it from the tap on the device to its
 * outcome on every device of its owner. None of the job dashboards can draw it, because none of them sees the
 * devices; this one can, from what the sync server records (migration 022): each push that carried the command,
 * and per device the highest serverSeq each pull or stream event brought it.
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

/** One device (a browser profile, by client id) as the server last saw it. */
export const opsDeviceSchema = z.object({
  clientId: z.string(),
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
    /** How long the command waited on the device before its first push reached the server. */
    offlineMs: z.number().int().min(0),
  }),
  z.object({
    kind: z.literal('pushed'),
    at: z.number().int(),
    clientId: z.string(),
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
    clientId: z.string(),
    via: z.enum(['pull', 'stream']),
    /** From the outcome to this device holding it. */
    lagMs: z.number().int().min(0),
    /** The device that made the command (its own outcome) or another of the owner's. */
    origin: z.boolean(),
  }),
  z.object({
    kind: z.literal('not-delivered'),
    clientId: z.string(),
    /** The device's last contact, if any: it has not pulled or streamed past the outcome since. */
    lastSeenAt: z.number().int().nullable(),
  }),
]);
export type TimelineEvent = z.infer<typeof timelineEventSchema>;
