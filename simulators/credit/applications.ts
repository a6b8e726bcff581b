import { randomBytes } from 'node:crypto';
import { decide } from './decide.ts';

export type Status = 'approved' | 'documents_required' | 'refused' | 'cancelled';

export interface Application {
  readonly id: string;
  readonly idempotencyKey: string;
  readonly providerId: number;
  readonly provider: string;
  readonly orderNumber: string;
  readonly amountEur: number;
  readonly creditAmount: number;
  readonly monthsNumber: number;
  /** The applicant's name only: the simulator keeps no more personal data than its operator page shows. */
  readonly applicant: string;
  status: Status;
  reason?: string;
  documents?: readonly string[];
  cancellationId?: string;
  readonly createdAt: string;
  updatedAt: string;
}

export interface NewApplication {
  readonly providerId: number;
  readonly provider: string;
  readonly orderNumber: string;
  readonly amountEur: number;
  readonly fullName: string;
  readonly egn: string;
  readonly comment: string;
  readonly creditAmount: number;
  readonly monthsNumber: number;
}

/** The applications the test creditor holds, in memory, with what it did counted for /__sim/stats. */
export class ApplicationBook {
  private readonly byId = new Map<string, Application>();
  private readonly byKey = new Map<string, string>();
  private readonly prefix = randomBytes(3).toString('hex').toUpperCase();
  private created = 0;
  repeats = 0;
  cancellations = 0;

  find(id: string): Application | undefined {
    return this.byId.get(id);
  }

  findByKey(key: string): Application | undefined {
    const id = this.byKey.get(key);
    return id === undefined ? undefined : this.byId.get(id);
  }

  /** The first application made with this Idempotency-Key, or a new one decided now. */
  submit(key: string, request: NewApplication, now: Date): { application: Application; repeated: boolean } {
    const first = this.findByKey(key);
    if (first) {
      this.repeats += 1;
      return { application: first, repeated: true };
    }
    this.created += 1;
    const decision = decide(request);
    const at = now.toISOString();
    const application: Application = {
      id: `KR-${this.prefix}-${String(this.created).padStart(6, '0')}`,
      idempotencyKey: key,
      providerId: request.providerId,
      provider: request.provider,
      orderNumber: request.orderNumber,
      amountEur: request.amountEur,
      creditAmount: request.creditAmount,
      monthsNumber: request.monthsNumber,
      applicant: request.fullName,
      status: decision.status,
      ...(decision.status === 'refused' ? { reason: decision.reason } : {}),
      ...(decision.status === 'documents_required' ? { documents: decision.documents } : {}),
      createdAt: at,
      updatedAt: at,
    };
    this.byId.set(application.id, application);
    this.byKey.set(key, application.id);
    return { application, repeated: false };
  }

  /** An operator's decision on an application waiting for documents; false when it is not waiting. */
  settle(id: string, status: 'approved' | 'refused', now: Date): boolean {
    const application = this.byId.get(id);
    if (!application || application.status !== 'documents_required') return false;
    application.status = status;
    delete application.documents;
    if (status === 'refused') application.reason = 'refused_by_operator';
    application.updatedAt = now.toISOString();
    return true;
  }

  /** Cancels an approved or waiting application once; a repeat gives the same cancellation. */
  cancel(id: string, now: Date): Application | 'not_found' | 'not_cancellable' {
    const application = this.byId.get(id);
    if (!application) return 'not_found';
    if (application.status === 'cancelled') return application;
    if (application.status === 'refused') return 'not_cancellable';
    this.cancellations += 1;
    application.status = 'cancelled';
    application.cancellationId = `CNL-${application.id}`;
    application.updatedAt = now.toISOString();
    return application;
  }

  all(): Application[] {
    return [...this.byId.values()];
  }

  stats() {
    const byStatus: Record<Status, number> = { approved: 0, documents_required: 0, refused: 0, cancelled: 0 };
    for (const application of this.byId.values()) byStatus[application.status] += 1;
    return {
      applications: this.created,
      repeatedSubmissions: this.repeats,
      cancellations: this.cancellations,
      byStatus,
      /** The credits granted (approved, not cancelled): the money the creditor pays the merchant, per order. */
      charges: this.all()
        .filter((a) => a.status === 'approved')
        .map((a) => ({ id: a.id, orderNumber: a.orderNumber, idempotencyKey: a.idempotencyKey })),
      byProvider: Object.fromEntries(
        [...new Set(this.all().map((a) => a.provider))].map((p) => [
          p,
          this.all().filter((a) => a.provider === p).length,
        ]),
      ),
    };
  }
}
