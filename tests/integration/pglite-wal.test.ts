import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../sync-server/store/database.ts';
import { openPgliteDatabase } from '../../sync-server/store/pglite-database.ts';

/** PostgreSQL's WAL segment size, which PGlite keeps. */
const SEGMENT_BYTES = 16 * 1024 * 1024;

/**
 * The embedded store in a data folder starts a new WAL segment every 16 MB of writes (every 5 to 8 s at 200
 * pushes/s). By PostgreSQL's default it wrote the whole segment out in zeros first, inside the statement that
 * crossed into it, on the one thread that answers every request: 52 ms unloaded, 85 to 220 ms on a loaded machine
 * (bench:streams, issue 15). It must not.
 */
describe('the embedded store starting a WAL segment', () => {
  let dir: string;
  let db: Database;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pglite-wal-'));
    db = await openPgliteDatabase(dir);
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const segments = () =>
    readdirSync(path.join(dir, 'pg_wal'))
      .filter((name) => /^[0-9A-F]{24}$/.test(name))
      .sort();

  it('does not write the new segment out in full before using it', async () => {
    await db.exec('CREATE TABLE wal_probe (v text)');
    const before = segments();
    // Ends the current segment: the next write starts a new one.
    await db.query('SELECT pg_switch_wal()');
    await db.query("INSERT INTO wal_probe VALUES ('x')");
    const added = segments().filter((name) => !before.includes(name));
    expect(added).toHaveLength(1);
    const file = statSync(path.join(dir, 'pg_wal', added[0]!));
    expect(file.size).toBe(SEGMENT_BYTES);
    // Written in full, all 16 MB take room on disk; made by its last byte, only the pages written do.
    expect(file.blocks * 512).toBeLessThan(SEGMENT_BYTES / 4);
  });
});
