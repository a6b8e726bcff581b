import { describe, expect, it } from 'vitest';
import {
  buildTimeline,
  deviceOfClient,
  firstDeliveries,
  noticeKeyOf,
  type Delivery,
  type OpsDevice,
  type PushAttempt,
  type TimelineCommand,
} from '../../../schema/ops/timeline.ts';

/** A phone and a laptop of one shopper; the order is placed on the phone while it is offline. */
const PHONE = 'phone-0000000001';
const LAPTOP = 'laptop-000000001';
const T0 = Date.UTC(2026, 11, 7, 9, 0, 0);

const command = (over: Partial<TimelineCommand> = {}): TimelineCommand => ({
  id: '0193a000-0000-7000-8000-000000000001',
  type: 'order.place',
  status: 'succeeded',
  clientId: PHONE,
  createdAt: T0,
  receivedAt: T0 + 60_000,
  processedAt: T0 + 60_040,
  serverSeq: 120,
  resultCode: null,
  errorCode: null,
  ...over,
});

const attempt = (at: number, duplicate: boolean, clientId = PHONE): PushAttempt => ({
  at,
  clientId,
  batchSize: 3,
  duplicate,
  appVersion: '1.4.0',
});

const device = (clientId: string, over: Partial<OpsDevice> = {}): OpsDevice => ({
  deviceId: clientId,
  clientId,
  clientIds: [clientId],
  owner: 'user-1',
  firstSeenAt: T0 - 1_000_000,
  lastPushAt: null,
  lastPullAt: null,
  lastStreamAt: null,
  appVersion: '1.4.0',
  waitingCount: 0,
  deliveredSeq: 0,
  ...over,
});

const delivery = (clientId: string, at: number, serverSeq: number, via: Delivery['via'] = 'pull'): Delivery => ({
  clientId,
  at,
  serverSeq,
  via,
});

describe('the shopper’s-eye timeline of a command', () => {
  it('given a command made offline, when it is built, then it starts with the creation and how long it waited on the device', () => {
    const events = buildTimeline(command(), [attempt(T0 + 60_000, false)], [], []);

    expect(events[0]).toEqual({ kind: 'created', at: T0, clientId: PHONE, device: PHONE, offlineMs: 60_000 });
    expect(events.map((e) => e.kind)).toEqual(['created', 'pushed', 'received', 'executed', 'result']);
  });

  it('given a push whose answer was lost and a repeat, then both pushes show and the repeat is marked absorbed (exactly once)', () => {
    const events = buildTimeline(command(), [attempt(T0 + 60_000, false), attempt(T0 + 70_000, true)], [], []);

    const pushes = events.filter((e) => e.kind === 'pushed');
    expect(pushes.map((p) => p.kind === 'pushed' && p.duplicate)).toEqual([false, true]);
    // The repeat came after the result: it stays after it in time order, executed once.
    expect(events.map((e) => e.kind)).toEqual(['created', 'pushed', 'received', 'executed', 'result', 'pushed']);
    expect(events.filter((e) => e.kind === 'executed')).toHaveLength(1);
  });

  it('given two devices of the owner, when both pulled the outcome, then each delivery shows with its own lag', () => {
    const processedAt = T0 + 60_040;
    const events = buildTimeline(
      command(),
      [attempt(T0 + 60_000, false)],
      [delivery(PHONE, processedAt + 5, 120, 'stream'), delivery(LAPTOP, processedAt + 1_500, 130)],
      [device(PHONE), device(LAPTOP)],
    );

    const delivered = events.filter((e) => e.kind === 'delivered');
    expect(delivered).toEqual([
      { kind: 'delivered', at: processedAt + 5, clientId: PHONE, device: PHONE, via: 'stream', lagMs: 5, origin: true },
      {
        kind: 'delivered',
        at: processedAt + 1_500,
        clientId: LAPTOP,
        device: LAPTOP,
        via: 'pull',
        lagMs: 1_500,
        origin: false,
      },
    ]);
  });

  it('given a device whose deliveries stop short of the outcome, then it is listed as not delivered with when it was last seen', () => {
    const events = buildTimeline(
      command(),
      [],
      [delivery(LAPTOP, T0 + 10, 100)],
      [device(PHONE), device(LAPTOP, { lastPullAt: T0 + 10, lastStreamAt: T0 + 20 })],
    );

    expect(events.filter((e) => e.kind === 'not-delivered')).toEqual([
      { kind: 'not-delivered', clientId: PHONE, device: PHONE, lastSeenAt: null },
      { kind: 'not-delivered', clientId: LAPTOP, device: LAPTOP, lastSeenAt: T0 + 20 },
    ]);
    expect(events[events.length - 1]!.kind).toBe('not-delivered');
  });

  it('given a phone whose tab was reloaded (a client id per page load), then it is one device: delivered once, to the page load that had it, and its earlier page load is not "waiting"', () => {
    const processedAt = T0 + 60_040;
    const [before, after] = ['phone-load-000001', 'phone-load-000002'];
    const phone = device(after, {
      deviceId: 'phone-device-0001',
      clientIds: [before, after],
      lastStreamAt: T0 + 61_000,
    });
    const events = buildTimeline(
      command({ clientId: before }),
      [attempt(T0 + 60_000, false, before)],
      [delivery(after, processedAt + 30, 120, 'stream'), delivery(LAPTOP, processedAt + 40, 120, 'stream')],
      [phone, device(LAPTOP)],
    );

    expect(events.filter((e) => e.kind === 'created' || e.kind === 'pushed').map((e) => e.device)).toEqual([
      'phone-device-0001',
      'phone-device-0001',
    ]);
    expect(events.filter((e) => e.kind === 'delivered')).toMatchObject([
      { clientId: after, device: 'phone-device-0001', lagMs: 30, origin: true },
      { clientId: LAPTOP, device: LAPTOP, lagMs: 40, origin: false },
    ]);
    expect(events.filter((e) => e.kind === 'not-delivered')).toEqual([]);
  });

  it('given a device none of whose page loads has had the outcome, then it waits once, named by its latest page load', () => {
    const phone = device('phone-load-000002', {
      deviceId: 'phone-device-0001',
      clientIds: ['phone-load-000001', 'phone-load-000002'],
      lastPullAt: T0 + 10,
    });
    const events = buildTimeline(command(), [], [delivery('phone-load-000001', T0 + 5, 100)], [phone]);

    expect(events.filter((e) => e.kind === 'not-delivered')).toEqual([
      { kind: 'not-delivered', clientId: 'phone-load-000002', device: 'phone-device-0001', lastSeenAt: T0 + 10 },
    ]);
  });

  it('given a pending command, then it ends at its receipt: no result, no deliveries, nobody is waiting for one yet', () => {
    const events = buildTimeline(
      command({ status: 'pending', processedAt: null }),
      [attempt(T0 + 60_000, false)],
      [delivery(PHONE, T0 + 70_000, 500)],
      [device(PHONE)],
    );

    expect(events.map((e) => e.kind)).toEqual(['created', 'pushed', 'received']);
  });

  it('given a refused command, then the result names its code and the notice key the console maps to the text shown', () => {
    const refused = command({ status: 'rejected', resultCode: 'out_of_stock' });
    const result = buildTimeline(refused, [], [], []).find((e) => e.kind === 'result');

    expect(result).toMatchObject({
      status: 'rejected',
      resultCode: 'out_of_stock',
      noticeKey: 'order.place:out_of_stock',
    });
    expect(noticeKeyOf(command({ status: 'failed', errorCode: 'handler_crashed' }))).toBe(
      'order.place:handler_crashed',
    );
    expect(noticeKeyOf(command())).toBe('order.place:succeeded');
  });

  it('given a device clock ahead of the server, then the creation still comes first and the offline wait is not negative', () => {
    const events = buildTimeline(command({ createdAt: T0 + 90_000 }), [attempt(T0 + 60_000, false)], [], []);

    expect(events[0]).toMatchObject({ kind: 'created', offlineMs: 0 });
  });

  it('given several deliveries to one device, then its delivery is the earliest at or past the command’s serverSeq', () => {
    const first = firstDeliveries(command(), [
      delivery(PHONE, T0 + 5, 110),
      delivery(PHONE, T0 + 9, 125),
      delivery(PHONE, T0 + 30, 140),
    ]);

    expect(first.get(PHONE)).toEqual(delivery(PHONE, T0 + 9, 125));
  });

  it('given deliveries to two page loads of one device, then the device’s delivery is the earlier of the two', () => {
    const first = firstDeliveries(
      command(),
      [delivery('load-2', T0 + 9, 125), delivery('load-1', T0 + 7, 121)],
      deviceOfClient([device('load-2', { deviceId: 'phone', clientIds: ['load-1', 'load-2'] })]),
    );

    expect([...first]).toEqual([['phone', delivery('load-1', T0 + 7, 121)]]);
  });
});
