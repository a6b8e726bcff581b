-- Ad photos (issue 18, sync-server/ad-photos). Kept in the database, not a media folder: every server instance
-- shares one PostgreSQL, so a photo uploaded through one instance is served by all, backed up with the ads that
-- name it, and removed with them; a folder would need a shared disk. The sizes are small WebP (10–120 KB each).
--
-- A photo is `uploading` while its chunks arrive (tus-like: `received` is the offset the next chunk must start at)
-- and `ready` once it has been checked and re-encoded; the original bytes are then dropped, only the sizes stay.
CREATE TABLE ad_photos (
  id uuid PRIMARY KEY,
  owner text NOT NULL,
  status text NOT NULL CHECK (status IN ('uploading', 'ready')),
  length integer NOT NULL CHECK (length > 0),
  received integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ad_photos_owner ON ad_photos (owner, status);
CREATE INDEX ad_photos_stale ON ad_photos (updated_at) WHERE status = 'uploading';

-- The bytes of an upload in progress, one row per chunk (appending to one bytea would rewrite it at every chunk).
CREATE TABLE ad_photo_chunks (
  photo_id uuid NOT NULL REFERENCES ad_photos (id) ON DELETE CASCADE,
  start_at integer NOT NULL,
  bytes bytea NOT NULL,
  PRIMARY KEY (photo_id, start_at)
);

-- The served sizes (schema/ads/ad-list.ts AD_PHOTO_SIZES), WebP without any metadata.
CREATE TABLE ad_photo_sizes (
  photo_id uuid NOT NULL REFERENCES ad_photos (id) ON DELETE CASCADE,
  size text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  bytes bytea NOT NULL,
  PRIMARY KEY (photo_id, size)
);

-- Photos are compressed already: storing them out of line without trying to compress them again saves CPU.
ALTER TABLE ad_photo_chunks ALTER COLUMN bytes SET STORAGE EXTERNAL;
ALTER TABLE ad_photo_sizes ALTER COLUMN bytes SET STORAGE EXTERNAL;
