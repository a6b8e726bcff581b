/**
 * Whether the browser says it is online. Only `navigator.onLine === false` is offline: outside a browser (the
 * device in Node tests, benches) there is no navigator, or, since Node 21, a navigator without `onLine`, and
 * reading that `undefined` as offline left every upload and sync waiting for a network that was there.
 */
export const browserOnline = (): boolean => (globalThis.navigator as Partial<Navigator> | undefined)?.onLine !== false;
