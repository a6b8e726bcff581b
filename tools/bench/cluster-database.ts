/**
 * A fresh PostgreSQL database for one run of `npm run bench:cluster`, beside the one DATABASE_URL names (or
 * TEST_DATABASE_URL, as CI gives): the run's carts, commands and streams start from nothing, and the database is
 * dropped at the end.
 */
import pg from 'pg';

export interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

const withClient = async (url: string, work: (client: pg.Client) => Promise<void>): Promise<void> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
};

export const freshDatabase = async (baseUrl: string, prefix = 'bench_cluster'): Promise<FreshDatabase> => {
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  await withClient(baseUrl, (client) => client.query(`CREATE DATABASE ${name}`).then(() => undefined));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withClient(baseUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined),
      ),
  };
};
