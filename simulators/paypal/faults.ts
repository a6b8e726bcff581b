import { z } from 'zod';

/** The API calls a fault can be armed for ('any' = the next Orders or Payments call; the token call only by name). */
export const OPERATIONS = ['create', 'get', 'capture', 'refund', 'token'] as const;
export type Operation = (typeof OPERATIONS)[number];

export const faultsSchema = z.strictObject({
  /** Do the work, then destroy the socket: the caller sees a network error although the call took effect. */
  dropNextAnswer: z.boolean().optional(),
  /** Do the work, then wait this long before answering (the caller's timeout fires; the work is done). */
  delayMs: z.number().int().min(0).max(120_000).optional(),
  /** Answer this server error without doing anything. */
  failNextWith: z.union([z.literal(500), z.literal(502), z.literal(503)]).optional(),
  on: z.enum([...OPERATIONS, 'any']).default('any'),
  /** Disarms every fault still armed first (a harness healing its faults, the orders and counts kept). */
  clear: z.boolean().optional(),
});

export type Fault =
  | { readonly kind: 'drop'; readonly on: Operation | 'any' }
  | { readonly kind: 'delay'; readonly on: Operation | 'any'; readonly ms: number }
  | { readonly kind: 'fail'; readonly on: Operation | 'any'; readonly status: number };

/** Armed faults, each spent by the first call it matches. */
export class Faults {
  private armed: Fault[] = [];

  arm(request: z.infer<typeof faultsSchema>): readonly Fault[] {
    const { on } = request;
    if (request.clear) this.clear();
    if (request.failNextWith !== undefined) this.armed.push({ kind: 'fail', on, status: request.failNextWith });
    if (request.delayMs !== undefined) this.armed.push({ kind: 'delay', on, ms: request.delayMs });
    if (request.dropNextAnswer) this.armed.push({ kind: 'drop', on });
    return this.armed;
  }

  /** The faults for this call (a failure, or a delay and/or a drop), removed from the armed list. */
  take(operation: Operation): Fault[] {
    const matches = (f: Fault) => f.on === operation || (f.on === 'any' && operation !== 'token');
    const taken: Fault[] = [];
    for (const kind of ['fail', 'delay', 'drop'] as const) {
      const index = this.armed.findIndex((f) => f.kind === kind && matches(f));
      if (index >= 0) taken.push(...this.armed.splice(index, 1));
    }
    return taken;
  }

  clear(): void {
    this.armed = [];
  }
}
