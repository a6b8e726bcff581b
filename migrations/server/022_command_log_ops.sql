-- Issue 30: what the operator console's command log reads, and what the sync server records about devices so the
-- console can draw a command's shopper's-eye timeline (schema/ops/timeline.ts).

-- The log is paged newest first on (received_at, id): the moment the server took a command never changes, so a
-- pager is gap-free and duplicate-free while commands are written (server_seq moves when a command is executed).
-- One index per filter the console offers, each ending in the page order, so a filtered page at 1,000,000 commands
-- reads one index range and stops at the page's end.
CREATE INDEX commands_log_newest ON commands (received_at DESC, id DESC);
CREATE INDEX commands_log_type ON commands (type, received_at DESC, id DESC);
CREATE INDEX commands_log_status ON commands (status, received_at DESC, id DESC);
CREATE INDEX commands_log_owner ON commands (owner, received_at DESC, id DESC);
CREATE INDEX commands_log_client ON commands (client_id, received_at DESC, id DESC);
CREATE INDEX commands_log_result_code ON commands (result_code, received_at DESC, id DESC)
  WHERE result_code IS NOT NULL;
-- Lookup by order number: the order's id is in the payload of the commands about it (place, confirm, cancel, pay).
CREATE INDEX commands_log_order ON commands ((payload ->> 'orderId')) WHERE (payload ->> 'orderId') IS NOT NULL;
-- The live tail reads what was committed after the last row it sent, across owners, in commit order.
CREATE INDEX commands_log_server_seq ON commands (server_seq);

-- Every push that carried a command: one row per command per push (one INSERT per push), new or a repeat the server
-- absorbed (`duplicate`: the proof of exactly once). `client_id`: the device (browser profile) that pushed it.
CREATE TABLE ops_push_attempts (
  command_id uuid NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  client_id text NOT NULL,
  batch_size integer NOT NULL,
  duplicate boolean NOT NULL,
  app_version text
);
CREATE INDEX ops_push_attempts_command ON ops_push_attempts (command_id, at);

-- One row per device (client id) as the server last saw it: whose it is, its last push, pull and stream delivery,
-- its app version, how many commands it had waiting when it last pushed, and the highest outcome delivered to it.
CREATE TABLE ops_devices (
  client_id text PRIMARY KEY,
  owner text NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_push_at timestamptz,
  last_pull_at timestamptz,
  last_stream_at timestamptz,
  app_version text,
  waiting_count integer NOT NULL DEFAULT 0,
  delivered_seq bigint NOT NULL DEFAULT 0
);
CREATE INDEX ops_devices_owner ON ops_devices (owner);

-- When outcomes reached a device: per pull (or stream event) of the `outcomes` collection that brought any, the
-- highest server_seq it brought. A command reached a device at the first row of that device at or past the
-- command's server_seq; a repeat of a seq (a resync pull) keeps the first time.
CREATE TABLE ops_deliveries (
  client_id text NOT NULL,
  server_seq bigint NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  via text NOT NULL CHECK (via IN ('pull', 'stream')),
  PRIMARY KEY (client_id, server_seq)
);

-- The shopper page lists the mail sent to the shopper's address.
CREATE INDEX mail_outbox_recipient ON mail_outbox (lower(to_address), id DESC);
