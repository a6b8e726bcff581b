-- The catalogue's own pictures (issue 19): a shop's real product photos, brought by the VSF1 importer (`--media`)
-- and remade in the spec's sizes as WebP. Kept in the database, as ad photos are (013): every instance serves
-- them, and they are backed up with the catalogue that names them. A picture's key is the hash of its original
-- bytes, so the same photo named by two products is kept once and a changed photo gets a new address.
CREATE TABLE catalog_media (
  key text NOT NULL,
  size text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  bytes bytea NOT NULL,
  PRIMARY KEY (key, size)
);
