import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/server/', import.meta.url));
/** Any fixed number: every server instance takes this advisory lock, so only one migrates at a time. */
const MIGRATION_LOCK = 7_300_001;

/** Applies the numbered SQL files of migrations/server/ that this database has not seen, in order. */
export const migrate = async (db: Database, dir = MIGRATIONS_DIR): Promise<string[]> => {
  const files = (await readdir(dir)).filter((f) => /^\d{3,}_.+\.sql$/.test(f)).sort();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(`${dir}${file}`, 'utf8');
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
};

/** The migrations of `dir` this database has not applied (empty when it is up to date): for /readyz. */
export const pendingMigrations = async (db: Database, dir = MIGRATIONS_DIR): Promise<string[]> => {
  const files = (await readdir(dir)).filter((f) => /^\d{3,}_.+\.sql$/.test(f)).sort();
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  return files.filter((file) => !done.has(file));
};

/** Migrations are plain statements separated by semicolons at line ends (no functions with bodies). */
const splitStatements = (sql: string): string[] =>
  sql
    .replace(/--.*$/gm, '')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter(Boolean);
