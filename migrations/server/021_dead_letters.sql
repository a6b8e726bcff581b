-- Issue 30: failures the console can show, retry and cancel.
-- `failure`: why a command failed (a dead letter: its error's name and message, scrubbed of personal data, when it
-- was set aside and in how many batches), kept after a retry so the console can still tell its story. Never
-- replicated: the device is told only its status and the generic error.
ALTER TABLE commands ADD COLUMN failure jsonb;
-- The operator who cancelled a command (their e-mail), for the console; the audit log has the rest.
ALTER TABLE commands ADD COLUMN cancelled_by text;
-- Failures and refusals by time, for the failure groups (a partial index: they are few beside the successes).
CREATE INDEX commands_failures_by_time ON commands (processed_at) WHERE status IN ('failed', 'rejected');

-- Bulk retries and cancels: one row per job, its progress counted as it goes, `state` 'running' until it finishes
-- or an operator aborts it (a job whose process died stays 'running' with its counts where they stopped).
CREATE TABLE ops_bulk_jobs (
  id bigserial PRIMARY KEY,
  action text NOT NULL CHECK (action IN ('retry', 'cancel')),
  filter jsonb NOT NULL,
  state text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'finished', 'aborted')),
  total integer NOT NULL,
  done integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
