/**
 * SQL fragments the console's device reads share (devices-query.ts, sync-lag-query.ts, stats-query.ts), so "a
 * device" and "its latest page load" mean the same in the device list, the sync lag and the latency.
 */

/** A timestamptz column as epoch milliseconds, named `as`. */
export const msOf = (column: string, as: string): string =>
  `floor(extract(epoch FROM ${column}) * 1000)::bigint AS ${as}`;

/** A client id's last contact of any kind. */
export const ACTIVE_AT = 'greatest(last_push_at, last_pull_at, last_stream_at)';

/** Of a device's client ids, its most recently active first: the one that speaks for it now. */
export const LATEST_FIRST = `ORDER BY ${ACTIVE_AT} DESC NULLS LAST, client_id DESC`;

/**
 * The device an ops_devices row belongs to (of `alias`, if given): the browser profile's id it said (migration 023),
 * or, for a client that said none, its client id, a device of its own.
 */
export const deviceKeyOf = (alias?: string): string => {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  return `coalesce(${column('device_id')}, ${column('client_id')})`;
};
