/** Who holds a role: taken by one instance at a time, checked while held, given back at a stop. */
export interface RoleLock {
  /** Takes the role when nobody holds it; true when this instance holds it now. Never throws: false then. */
  tryTake(): Promise<boolean>;
  /** Whether this instance still holds it (on PostgreSQL: the session that took it is still open). */
  stillHeld(): Promise<boolean>;
  /** Gives it back, so another instance can take it at once. */
  release(): Promise<void>;
}
