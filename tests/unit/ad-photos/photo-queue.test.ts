import { describe, expect, it } from 'vitest';
import { createPhotoQueue } from '../../../sync-server/ad-photos/photo-queue.ts';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('the photo processing queue', () => {
  it('runs one photo at a time, in order, and refuses more than it may hold waiting', async () => {
    const queue = createPhotoQueue(1, 2);
    const order: string[] = [];
    const gates = [deferred(), deferred(), deferred()];
    const runs = gates.map((gate, i) =>
      queue.run(async () => {
        order.push(`start ${i}`);
        await gate.promise;
        order.push(`end ${i}`);
        return i;
      }),
    );
    expect(runs.every(Boolean)).toBe(true);
    // One running, two waiting: a fourth is refused (the device is told to come back).
    expect(queue.run(async () => 3)).toBeUndefined();

    await Promise.resolve();
    expect(order).toEqual(['start 0']);
    gates[0]!.resolve();
    gates[1]!.resolve();
    gates[2]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(order).toEqual(['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2']);
    // Free again.
    expect(await queue.run(async () => 'again')).toBe('again');
  });

  it('a failed photo frees its turn', async () => {
    const queue = createPhotoQueue(1, 1);
    const failing = queue.run(() => Promise.reject(new Error('corrupt')));
    const next = queue.run(async () => 'next');
    await expect(failing).rejects.toThrow('corrupt');
    expect(await next).toBe('next');
  });
});
