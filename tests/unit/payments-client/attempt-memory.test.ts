import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  claimAutostart,
  lastPaidOrder,
  rememberAttempt,
  rememberedAttempt,
} from '../../../client/payments/attempt-memory.ts';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

afterEach(() => vi.unstubAllGlobals());

describe('what a tab remembers of the payments it started', () => {
  it('starts an order by itself once: coming back to the thank-you page does not open another try', () => {
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    expect(claimAutostart('order-1')).toBe(true);
    expect(claimAutostart('order-1')).toBe(false);
    expect(claimAutostart('order-2')).toBe(true);
  });

  it('never starts unasked when the browser keeps nothing', () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => null,
      setItem: () => {
        throw new Error('blocked');
      },
    });
    expect(claimAutostart('order-1')).toBe(false);
  });

  it('keeps the try it sent the shopper to pay, and its order for a result page that names none', () => {
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    rememberAttempt('order-1', 'attempt-a');
    rememberAttempt('order-2', 'attempt-b');
    expect(rememberedAttempt('order-1')).toBe('attempt-a');
    expect(lastPaidOrder()).toBe('order-2');
  });
});
