-- Issue 31: a bulk job outlives the instance that started it. Its runner (a random id, new at each claim) marks
-- each step with `heartbeat_at` and the last command it handled (`after_id`, the keyset cursor); a job still
-- 'running' whose heartbeat is older than a few seconds lost its instance, and the instance holding the bulk-jobs
-- role claims it and goes on from `after_id`. `operator`: who started it, so the resumed steps are audited as theirs.
ALTER TABLE ops_bulk_jobs ADD COLUMN runner uuid;
ALTER TABLE ops_bulk_jobs ADD COLUMN heartbeat_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE ops_bulk_jobs ADD COLUMN after_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000';
ALTER TABLE ops_bulk_jobs ADD COLUMN operator jsonb;
CREATE INDEX ops_bulk_jobs_running ON ops_bulk_jobs (heartbeat_at) WHERE state = 'running';
