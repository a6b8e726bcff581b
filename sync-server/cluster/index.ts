/**
 * Background work across instances (issue 31): a loop that must run on one instance at a time is started through
 * `holdOne`, which runs it on whichever instance holds its role (a PostgreSQL advisory lock, roles.ts); every other
 * loop is safe on every instance (README, "Instances and their background loops").
 */
export { holdOne, rolesHeld, DEFAULT_RETRY_MS, type HeldLoop, type HoldOptions, type Loop } from './single-holder.ts';
export { ROLES, type RoleName } from './roles.ts';
