// Discover benchmark: 100,000 shops in a fresh database; 50 connections drive GET /api/coffee-shops with a mix
// of search, category, featured and distance-sorted queries, beside GET /api/health on the same server as a ceiling.
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { users } from '../src/server/db/schema.js';
import { type BenchDatabase, freePort, freshDatabase, peakRssMb, startServer, waitForHealth } from './lib.js';

export interface DiscoverBenchOptions {
  db: BenchDatabase;
  postgresUrl: string;
  shops: number;
  durationSeconds: number;
  connections: number;
}

export interface DiscoverRow {
  db: string;
  shops: number;
  load: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

const cities = [
  { name: 'Cape Town', latitude: -33.9249, longitude: 18.4241 },
  { name: 'Johannesburg', latitude: -26.2041, longitude: 28.0473 },
  { name: 'Durban', latitude: -29.8587, longitude: 31.0218 },
  { name: 'Pretoria', latitude: -25.7479, longitude: 28.2293 },
  { name: 'Gqeberha', latitude: -33.9608, longitude: 25.6022 },
  { name: 'Bloemfontein', latitude: -29.0852, longitude: 26.1596 },
];
const first = [
  'Father',
  'Truth',
  'Origin',
  'Rosetta',
  'Bean',
  'Craft',
  'Hazel',
  'Aroma',
  'Blos',
  'Colombo',
  'Jacaranda',
  'Baobab',
  'Fynbos',
  'Karoo',
  'Protea',
  'Umami',
  'Kloof',
  'Berg',
  'Table',
  'Ubuntu',
];
const second = [
  'Coffee',
  'Roasters',
  'Espresso Bar',
  'Cafe',
  'Brew House',
  'Coffee Co',
  'Roastery',
  'Kitchen & Coffee',
];
const streets = [
  'Long St',
  'Bree St',
  'Juta St',
  'Florida Rd',
  'Main Rd',
  'Jan Smuts Ave',
  'Church St',
  'Kloof St',
];

/** Fills the database in one statement per city: realistic names, addresses, ratings and a few promotions. */
export async function loadShops(database: Awaited<ReturnType<typeof freshDatabase>>, count: number) {
  const handle = await database.open();
  const [owner] = await handle.db
    .insert(users)
    .values({
      username: 'bench-owner',
      email: 'owner@bench.local',
      passwordHash: 'not-used',
      role: 'shop_owner',
    })
    .returning({ id: users.id });
  const perCity = Math.ceil(count / cities.length);
  const array = (items: string[]) =>
    sql.raw(`array[${items.map((item) => `'${item.replaceAll("'", "''")}'`).join(',')}]`);
  for (const [index, city] of cities.entries()) {
    const rows = Math.min(perCity, count - index * perCity);
    if (rows <= 0) break;
    await handle.db.execute(sql`
      insert into coffee_shops (owner_id, name, description, category, address, latitude, longitude, rating,
        review_count, is_promoted, promotion_expires_at, delivery_time, delivery_fee_cents)
      select ${owner!.id},
        (${array(first)})[1 + (i * 7 + ${index}) % ${first.length}] || ' ' || (${array(second)})[1 + (i * 13) % ${second.length}] || ' ' || i,
        'Seasonal beans, ' || (array['flat whites','pour-overs','cold brew','rooibos lattes'])[1 + i % 4] || ' and pastries in ' || ${city.name},
        (array['specialty','quick_service','artisan']::shop_category[])[1 + i % 3],
        (1 + i % 300) || ' ' || (${array(streets)})[1 + i % ${streets.length}] || ', ' || ${city.name},
        ${city.latitude} + (random() - 0.5) * 0.6,
        ${city.longitude} + (random() - 0.5) * 0.6,
        round((2.5 + random() * 2.5)::numeric, 1),
        (random() * 200)::int,
        i % 40 = 0,
        case when i % 40 = 0 then now() + ((i % 60) - 10) * interval '1 day' end,
        (10 + i % 20) || '-' || (20 + i % 25) || ' mins',
        case when i % 7 = 0 then null else (i % 40) * 100 end
      from generate_series(1, ${rows}) as i`);
  }
  await handle.db.execute(sql`analyze`);
  await handle.close();
}

/** The mixed discover load: what customers actually ask, in rotation. */
export function discoverPaths(): string[] {
  const paths: string[] = [];
  const searches = [
    'father',
    'roast',
    'cape town',
    'espreso',
    'baobab brew',
    'cold brew',
    'kloof st',
    'rooibos',
  ];
  for (const search of searches) paths.push(`/api/coffee-shops?search=${encodeURIComponent(search)}`);
  for (const category of ['specialty', 'quick_service', 'artisan']) {
    paths.push(
      `/api/coffee-shops?category=${category}`,
      `/api/coffee-shops?category=${category}&search=coffee`,
    );
  }
  paths.push(
    '/api/coffee-shops',
    '/api/coffee-shops?promoted=true',
    '/api/coffee-shops?promoted=true&category=artisan',
  );
  for (const city of cities) {
    const near = `latitude=${city.latitude + 0.01}&longitude=${city.longitude - 0.01}`;
    paths.push(
      `/api/coffee-shops?${near}&sortByDistance=true`,
      `/api/coffee-shops?${near}&sortByDistance=true&category=specialty`,
      `/api/coffee-shops?${near}&sortByDistance=true&promoted=true`,
      `/api/coffee-shops?${near}`,
    );
  }
  paths.push('/api/coffee-shops?limit=20&offset=200');
  return paths;
}

async function drive(base: string, paths: string[], options: DiscoverBenchOptions) {
  let next = 0;
  const result = await autocannon({
    url: base,
    connections: options.connections,
    duration: options.durationSeconds,
    requests: [
      {
        setupRequest: (request) => {
          request.path = paths[next++ % paths.length]!;
          return request;
        },
      },
    ],
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export async function runDiscoverBench(
  options: DiscoverBenchOptions,
): Promise<{ rows: DiscoverRow[]; serverPeakRssMb: number }> {
  const database = await freshDatabase(options);
  const loadStarted = performance.now();
  await loadShops(database, options.shops);
  console.log(
    `  loaded ${options.shops.toLocaleString('en-ZA')} shops in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`,
  );
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(port, database.env);
  try {
    await waitForHealth(base);
    // Warm the caches and the query planner before measuring.
    for (const path of discoverPaths()) await fetch(base + path).then((response) => response.arrayBuffer());
    const ceiling = await drive(base, ['/api/health'], options);
    const discover = await drive(base, discoverPaths(), options);
    const common = { db: options.db, shops: options.shops };
    return {
      rows: [
        { ...common, load: 'GET /api/health (ceiling)', ...ceiling },
        { ...common, load: 'mixed discover', ...discover },
      ],
      serverPeakRssMb: peakRssMb(server.pid!),
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await database.drop();
  }
}

export function discoverTable(rows: DiscoverRow[]): string {
  const header = '| database | shops | load | requests/s | p50 ms | p99 ms | errors | non-2xx |';
  const rule = '|---|---:|---|---:|---:|---:|---:|---:|';
  const lines = rows.map(
    (r) =>
      `| ${r.db} | ${r.shops.toLocaleString('en-ZA')} | ${r.load} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.errors} | ${r.non2xx} |`,
  );
  return [header, rule, ...lines].join('\n');
}
