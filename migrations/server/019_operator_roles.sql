-- Issue 30: operators have roles. `viewer` reads everything in the console; `support` also retries, cancels, sets
-- order status and refunds; `moderator` also publishes or refuses ads and reviews; `admin` does everything and grants
-- roles. The single 'operator' role of before had every right: it becomes 'admin'.
ALTER TABLE users DROP CONSTRAINT users_role_check;
UPDATE users SET role = 'admin' WHERE role = 'operator';
ALTER TABLE users ADD CONSTRAINT users_role_check
  CHECK (role IN ('customer', 'viewer', 'support', 'moderator', 'admin'));
CREATE INDEX users_operators ON users (role) WHERE role <> 'customer';

-- Every operator action: who, what, when, before and after, written in the action's own transaction (so an action
-- that rolls back leaves no line, and none that happened lacks one).
CREATE TABLE ops_audit (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_owner text NOT NULL,
  actor_email text NOT NULL,
  actor_role text NOT NULL,
  action text NOT NULL,
  target text NOT NULL,
  before jsonb,
  after jsonb
);
CREATE INDEX ops_audit_newest ON ops_audit (id DESC);
CREATE INDEX ops_audit_actor ON ops_audit (actor_owner, id DESC);
CREATE INDEX ops_audit_target ON ops_audit (target, id DESC);
