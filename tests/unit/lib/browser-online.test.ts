import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserOnline } from '../../../client/lib/browser-online.ts';

/** Node 21+ has a `navigator` without `onLine`: a device in Node read that as offline and never uploaded. */
describe('whether the browser says it is online', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is online when the navigator says nothing about it (Node), and offline only when it says false', () => {
    vi.stubGlobal('navigator', { userAgent: 'Node.js' });
    expect(browserOnline()).toBe(true);
    vi.stubGlobal('navigator', undefined);
    expect(browserOnline()).toBe(true);
    vi.stubGlobal('navigator', { onLine: false });
    expect(browserOnline()).toBe(false);
    vi.stubGlobal('navigator', { onLine: true });
    expect(browserOnline()).toBe(true);
  });
});
