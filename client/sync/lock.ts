/**
 * A lock shared by every tab of the profile (Web Locks), or by this process where there are none (Node).
 * Dispatch needs it: seq must be gapless across tabs that share one clientId.
 */
const local = new Map<string, Promise<unknown>>();

export const withLock = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (locks) return locks.request(name, work) as Promise<T>;
  const previous = local.get(name) ?? Promise.resolve();
  const next = previous.then(work, work);
  local.set(
    name,
    next.catch(() => undefined),
  );
  return next;
};
