import pg from 'pg';

/**
 * A database of its own beside the one a URL names, dropped and made anew: the same server and user, another
 * name. The cluster's browser journeys run on it so they never meet the integration tests' rows.
 */
export const freshDatabase = async (serverUrl: string, name: string): Promise<string> => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    // FORCE: a previous run's instances killed mid-way may still hold connections.
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const fresh = new URL(serverUrl);
  fresh.pathname = `/${name}`;
  return fresh.href;
};
