import { describe, expect, it } from 'vitest';
import type { CommandDocument } from '../../../schema/commands/envelope.ts';
import { parseCommand } from '../../../schema/commands/registry.ts';
import {
  acknowledgedIds,
  decideNotices,
  NOTICE_LIFETIME_MS,
  selectLastingNotices,
  type NoticesCommand,
} from '../../../schema/notices/index.ts';

/** Issue 16: the lasting notices' pure rules, given / when / then. */
const NOW = Date.UTC(2026, 10, 26, 6, 0, 0);
const DAY = 24 * 60 * 60 * 1000;
let n = 0;
/** A UUIDv7 whose time part is `at`, as the client makes command ids. */
const idAt = (at: number) => {
  const hex = at.toString(16).padStart(12, '0');
  const tail = (++n).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8)}-7000-8000-${tail}`;
};

const envelope = (createdAt: number) => ({
  id: idAt(createdAt),
  owner: 'user-1',
  clientId: 'client-phone',
  seq: 1,
  createdAt,
  status: 'pending' as const,
  serverSeq: 0,
});

const acknowledgement = (
  notices: { id: string; createdAt: number }[],
  status: CommandDocument['status'] = 'succeeded',
): CommandDocument => ({ ...envelope(NOW), type: 'notices.acknowledge', payload: { notices }, status });

const outcome = (status: CommandDocument['status'], createdAt: number): CommandDocument => ({
  ...envelope(createdAt),
  clientId: 'client-laptop',
  type: 'cart.addItem',
  payload: { sku: 'APP3', qty: 1 },
  status,
  serverSeq: 1,
  ...(status === 'rejected' ? { resultCode: 'out_of_stock', error: { code: 'out_of_stock', message: 'x' } } : {}),
});

/** The default rule: a refusal is worth a notice (its code stands for its message here). */
const refusalsOnly = (o: CommandDocument) => (o.status === 'rejected' ? o.resultCode : undefined);
const ack = (o: CommandDocument) => ({ id: o.id, createdAt: o.createdAt });

describe('which notices are shown', () => {
  it('given refusals and a success, when none is acknowledged, then the refusals show, newest first', () => {
    const older = outcome('rejected', NOW - 2 * DAY);
    const newer = outcome('rejected', NOW - DAY);
    const ok = outcome('succeeded', NOW - DAY);
    const shown = selectLastingNotices([older, ok, newer], new Set(), NOW, refusalsOnly);
    expect(shown.map((s) => s.id)).toEqual([newer.id, older.id]);
    expect(shown[0]).toEqual({
      id: newer.id,
      createdAt: newer.createdAt,
      type: 'cart.addItem',
      message: 'out_of_stock',
    });
  });

  it('given a refusal acknowledged on another device, then it is not shown', () => {
    const refusal = outcome('rejected', NOW - DAY);
    const acknowledged = acknowledgedIds([acknowledgement([ack(refusal)])]);
    expect(selectLastingNotices([refusal], acknowledged, NOW, refusalsOnly)).toEqual([]);
  });

  it("given this device's pending acknowledgement, then its notice is hidden at once, offline too", () => {
    const refusal = outcome('rejected', NOW - DAY);
    const acknowledged = acknowledgedIds([acknowledgement([ack(refusal)], 'pending')]);
    expect(selectLastingNotices([refusal], acknowledged, NOW, refusalsOnly)).toEqual([]);
  });

  it('given an acknowledgement that failed on the server, then the notice stays', () => {
    const refusal = outcome('rejected', NOW - DAY);
    const acknowledged = acknowledgedIds([acknowledgement([ack(refusal)], 'failed')]);
    expect(selectLastingNotices([refusal], acknowledged, NOW, refusalsOnly).map((s) => s.id)).toEqual([refusal.id]);
  });

  it('given a refusal older than the lifetime, or a command still pending, then neither is shown', () => {
    const old = outcome('rejected', NOW - NOTICE_LIFETIME_MS);
    const pending = outcome('pending', NOW - DAY);
    expect(selectLastingNotices([old, pending], new Set(), NOW, () => 'worth one')).toEqual([]);
  });

  it('given a feature that calls a success worth a notice, then it shows too', () => {
    const changed = outcome('succeeded', NOW - DAY);
    const shown = selectLastingNotices([changed], new Set(), NOW, (o) =>
      o.status === 'succeeded' ? 'changed' : undefined,
    );
    expect(shown.map((s) => s.message)).toEqual(['changed']);
  });

  it('given the same outcome twice (a pull and the stream), then it shows once', () => {
    const refusal = outcome('rejected', NOW - DAY);
    expect(selectLastingNotices([refusal, { ...refusal }], new Set(), NOW, refusalsOnly)).toHaveLength(1);
  });
});

describe('acknowledging', () => {
  it('when notices are acknowledged, then the command is accepted and counts them', () => {
    const a = outcome('rejected', NOW - DAY);
    const b = outcome('rejected', NOW - 2 * DAY);
    const parsed = parseCommand(acknowledgement([ack(a), ack(b)], 'pending'));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(decideNotices(parsed.command as NoticesCommand)).toEqual({ kind: 'accepted', result: { acknowledged: 2 } });
  });

  it('refuses a malformed acknowledgement by its schema, naming the field', () => {
    const base = { ...envelope(NOW), type: 'notices.acknowledge' };
    const a = { id: idAt(NOW), createdAt: NOW };
    const field = (payload: unknown) => {
      const parsed = parseCommand({ ...base, payload });
      return parsed.ok ? 'ok' : parsed.field;
    };
    expect(field({ notices: [] })).toBe('payload.notices');
    expect(field({ notices: [a, a] })).toBe('payload.notices');
    expect(field({ notices: [{ id: 'x', createdAt: NOW }] })).toBe('payload.notices.0.id');
    expect(field({ notices: [{ ...a, extra: 1 }] })).toBe('payload.notices.0.extra');
    expect(field({ notices: Array.from({ length: 51 }, (_, i) => ({ id: idAt(NOW + i), createdAt: NOW })) })).toBe(
      'payload.notices',
    );
  });

  it('a malformed acknowledgement stored by an older client acknowledges nothing', () => {
    expect(acknowledgedIds([{ ...acknowledgement([]), payload: { notices: 'all' } }])).toEqual(new Set());
    expect(acknowledgedIds([{ ...acknowledgement([]), payload: { notices: [null, { id: 7 }] } }])).toEqual(new Set());
  });
});
