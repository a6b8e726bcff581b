/**
 * The public ads list (`POST /api/sell/catalog`'s query, sync-server/ads/ad-list-query.ts) over
 * 100,000 published ads, on PGlite by default (the store `npm start` uses) or on PostgreSQL with DATABASE_URL (a
 * schema of its own, dropped at the end). A mix of searches (Cyrillic and Latin, one and two words, prefixes),
 * filters and sorts, each run REPS times; p50/p95 beside a plain scan of the same statements in the same run (index
 * scans and bitmap scans turned off for the planner), and the ratio. Goal: p95 < 20 ms.
 */
import { adSearchText } from '../../schema/ads/ad-search-key.ts';
import { adListQuerySchema, type AdListQuery } from '../../schema/ads/ad-list.ts';
import { listPublicAds, readAdList } from '../../sync-server/ads/ad-list-query.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { openDatabase } from '../../sync-server/store/open-database.ts';
import { loadavg, cpus } from 'node:os';
import { fmt, percentiles, table, type Percentiles } from './stats.ts';
import { sized } from './short.ts';
import { openFreshPostgres } from './stores.ts';

const ADS = Number(process.env.ADS_COUNT ?? sized(100_000, 300));
const REPS = Number(process.env.ADS_REPS ?? sized(15, 1));
export const log = (line: string): void => console.log(`[bench:ads] ${line}`);

const MODELS = [
  'iPhone 13',
  'iPhone 14 Pro',
  'iPhone 15',
  'iPhone 15 Pro Max',
  'iPhone 16',
  'iPhone 17 Pro',
  'MacBook Air M1',
  'MacBook Air M2',
  'MacBook Pro 14',
  'MacBook Pro 16',
  'iPad 10',
  'iPad Air M2',
  'iPad Pro 11',
  'iPad mini 6',
  'Apple Watch Series 9',
  'Apple Watch Ultra 2',
  'AirPods Pro 2',
  'AirPods 4',
  'iMac 24 M3',
  'Mac mini M2',
];
const categoryOf = (model: string): string =>
  model.startsWith('iPhone')
    ? 'telefoni'
    : model.startsWith('MacBook')
      ? 'laptopi'
      : model.startsWith('iPad')
        ? 'tableti'
        : model.startsWith('Apple Watch')
          ? 'apple-watch'
          : model.startsWith('AirPods')
            ? 'aksesoari'
            : 'kompyutri';
const TITLE_WORDS = [
  'като нов',
  'отличен',
  'с кутия',
  'запазен',
  'гаранция',
  'спешно',
  'бартер',
  'неразличим от нов',
  'с калъф',
  'без драскотини',
];
const DESCRIPTIONS = [
  'Продавам поради покупка на нов. Батерия 90%, без забележки.',
  'Използван внимателно, винаги с протектор и калъф. Пълен комплект.',
  'Има лека драскотина отстрани, иначе работи перфектно.',
  'Купен от официален магазин, с фактура и гаранция още година.',
  'Sold with the original box and charger, battery health 88%.',
  'Лично предаване в центъра или изпращане с куриер за сметка на купувача.',
  'Сменен дисплей в оторизиран сервиз, всичко работи.',
  'Подарък, който не ми трябва. Неразопакован.',
];
const CITIES = ['София', 'Пловдив', 'Варна', 'Бургас', 'Русе', 'Стара Загора', 'Плевен', 'Велико Търново'];

/** Seeds `count` published ads in one INSERT ... SELECT over generate_series, from JS-normalised text pieces. */
export const seedAds = async (db: Database, count: number): Promise<void> => {
  const titles = MODELS.flatMap((model) => TITLE_WORDS.map((word) => `${model} ${word}`));
  const now = Date.now();
  await db.query(
    `INSERT INTO ads (ad_id, owner, doc, created_at, status, category, model, condition, price_cents, city_key,
                      published_at, expires_at, updated_at, search, public_doc)
     SELECT md5('ad' || i)::uuid, 'user-bench-' || (i % 5000), '{}'::jsonb, now(), 'send',
            ($3::text[])[1 + (i % ($9 * 10)) / 10], ($2::text[])[1 + (i % ($9 * 10)) / 10], ($4::text[])[1 + (i % 5)],
            CASE WHEN i % 11 = 0 THEN NULL ELSE 5000 + (i * 7919) % 400000 END,
            ($5::text[])[1 + (i % array_length($5::text[], 1))],
            $7::bigint - i * 1000, $7::bigint + 2592000000::bigint - i, $7::bigint - i * 1000,
            to_tsvector('simple', ($6::text[])[1 + (i % array_length($6::text[], 1))] || ' '
                                   || ($8::text[])[1 + (i % 8)]),
            jsonb_build_object('id', md5('ad' || i)::uuid::text, 'title', ($1::text[])[1 + (i % array_length($1::text[], 1))])
     FROM generate_series(1, $10::int) AS i`,
    [
      titles,
      MODELS,
      // Each model's category (title i % 200 is model (i % 200) / 10 with one of its 10 words).
      MODELS.map(categoryOf),
      ['new', 'like-new', 'good', 'fair', 'for-parts'],
      CITIES.map((c) => adSearchText({ title: c, description: '' })),
      titles.map((t) => adSearchText({ title: t, description: '' })),
      now,
      DESCRIPTIONS.map((d) => adSearchText({ title: '', description: d })),
      MODELS.length,
      count,
    ],
  );
  await db.query('ANALYZE ads');
};

/** What shoppers ask the list: search words in both scripts, filters, sorts, pages. */
const QUERIES: Record<string, unknown>[] = [
  {},
  { q: 'айфон' },
  { q: 'iphone 15' },
  { q: 'макбук еър' },
  { q: 'ipad pro' },
  { q: 'кутия' },
  { q: 'гаранция', sort: 'price-asc' },
  { q: 'watch ultra', city: 'Sofia' },
  { q: 'airp' },
  { q: 'неразопакован' },
  { category: 'telefoni', sort: 'price-asc' },
  { category: 'laptopi', priceMin: 50_000, priceMax: 150_000 },
  { city: 'Пловдив' },
  { condition: 'new', sort: 'price-desc' },
  { q: 'iphone', from: 500 },
  { q: 'mac mini', category: 'kompyutri' },
];

const timeOne = async (run: () => Promise<unknown>): Promise<number> => {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
};

/** This process's CPU time for `run`: on PGlite the store runs in this process, so it is the query's own work. */
const cpuOne = async (run: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> => {
  const cpu = process.cpuUsage();
  const wall = await timeOne(run);
  const used = process.cpuUsage(cpu);
  return { wall, cpu: (used.user + used.system) / 1000 };
};

interface Figures {
  wall: Percentiles;
  cpu: Percentiles;
}

const measure = async (list: (query: AdListQuery) => Promise<unknown>, queries: AdListQuery[]) => {
  const wall: number[] = [];
  const cpu: number[] = [];
  const perQuery: Figures[] = [];
  for (const query of queries) {
    const own = { wall: [] as number[], cpu: [] as number[] };
    for (let rep = 0; rep < REPS + 2; rep++) {
      const figures = await cpuOne(() => list(query));
      // The first two runs prepare and warm: not counted.
      if (rep < 2) continue;
      own.wall.push(figures.wall);
      own.cpu.push(figures.cpu);
    }
    wall.push(...own.wall);
    cpu.push(...own.cpu);
    perQuery.push({ wall: percentiles(own.wall), cpu: percentiles(own.cpu) });
  }
  return { all: { wall: percentiles(wall), cpu: percentiles(cpu) }, perQuery };
};

/** The list's figures: seeds, measures both ways, prints the tables, drops or closes its store. */
export const benchAdsSearch = async (): Promise<void> => {
  const fresh = process.env.DATABASE_URL ? await openFreshPostgres(process.env.DATABASE_URL, 'ads') : undefined;
  const db: Database = fresh?.db ?? (await openDatabase({}));
  try {
    log(`store: ${db.kind}; seeding ${ADS.toLocaleString('en-US')} published ads`);
    const seeded = await timeOne(() => seedAds(db, ADS));
    log(`seeded in ${fmt(seeded / 1000)} s`);
    const now = Date.now();
    const queries = QUERIES.map((q) => adListQuerySchema.parse(q));
    const totals = await Promise.all(queries.map(async (q) => (await listPublicAds(db, q, now)).total));

    const indexed = await measure((query) => listPublicAds(db, query, now), queries);
    // The same statements, under another text (so planned afresh) with index and bitmap scans turned off.
    const plain = await measure(
      (query) =>
        db.transaction(async (tx) => {
          await tx.query('SET LOCAL plan_cache_mode = force_custom_plan');
          await tx.query('SET LOCAL enable_indexscan = off');
          await tx.query('SET LOCAL enable_bitmapscan = off');
          await tx.query('SET LOCAL enable_indexonlyscan = off');
          return readAdList(tx, query, now, '\n-- plain scan');
        }),
      queries,
    );

    // On PGlite the store is this process: its CPU time is the query's cost, whatever else loads the machine.
    const cpuToo = db.kind === 'pglite';
    const rows = queries.map((_, i) => {
      const own = indexed.perQuery[i]!;
      const scan = plain.perQuery[i]!;
      return [
        JSON.stringify(QUERIES[i]),
        String(totals[i]),
        fmt(own.wall.p50),
        fmt(own.wall.p95),
        ...(cpuToo ? [fmt(own.cpu.p95)] : []),
        fmt(scan.wall.p95),
        ...(cpuToo ? [fmt(scan.cpu.p95)] : []),
      ];
    });
    const cpuHeader = (h: string) => (cpuToo ? [h] : []);
    console.log(
      table(
        [
          'query',
          'total',
          'p50 ms',
          'p95 ms',
          ...cpuHeader('p95 CPU ms'),
          'plain scan p95 ms',
          ...cpuHeader('plain p95 CPU ms'),
        ],
        rows,
      ),
    );
    const line = (name: string, f: { wall: Percentiles; cpu: Percentiles }, goal: string) => [
      name,
      String(f.wall.n),
      fmt(f.wall.p50),
      fmt(f.wall.p95),
      ...(cpuToo ? [fmt(f.cpu.p50), fmt(f.cpu.p95)] : []),
      goal,
    ];
    console.log(
      table(
        [
          'ads list, all queries',
          'n',
          'p50 ms',
          'p95 ms',
          ...cpuHeader('p50 CPU ms'),
          ...cpuHeader('p95 CPU ms'),
          'goal',
        ],
        [
          line('indexed (GIN on search, partial b-trees)', indexed.all, 'p95 < 20'),
          line('plain scan (same statements)', plain.all, ''),
          [
            'ratio plain / indexed',
            '',
            fmt(plain.all.wall.p50 / indexed.all.wall.p50),
            fmt(plain.all.wall.p95 / indexed.all.wall.p95),
            ...(cpuToo
              ? [fmt(plain.all.cpu.p50 / indexed.all.cpu.p50), fmt(plain.all.cpu.p95 / indexed.all.cpu.p95)]
              : []),
            '',
          ],
        ],
      ),
    );
    const load = loadavg()[0]!;
    log(
      `p95 ${fmt(indexed.all.wall.p95)} ms wall${cpuToo ? `, ${fmt(indexed.all.cpu.p95)} ms CPU` : ''} ` +
        `(machine load ${fmt(load)} on ${cpus().length} cores): ` +
        `${(cpuToo ? indexed.all.cpu.p95 : indexed.all.wall.p95) < 20 ? 'within' : 'OVER'} the 20 ms goal`,
    );
  } finally {
    if (fresh) await fresh.dispose();
    else await db.close();
  }
};
