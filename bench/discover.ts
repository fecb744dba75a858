// Discover benchmark: 100,000 shops with weekly hours in a fresh database; 50 connections drive
// GET /api/coffee-shops with a mix of search, category, featured and nearest-first queries, then the same mix
// with openNow=true, beside GET /api/health on the same server as a ceiling.
import os from 'node:os';
import autocannon from 'autocannon';
import { type SQL, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/server/db/client.js';
import { localClock } from '../src/shared/domain/opening-hours.js';
import { captureStatements, explainStatements, replayStatements } from './discover-sql.js';
import {
  type BenchDatabase,
  type Column,
  cpuMs,
  type FreshDatabase,
  freePort,
  freshDatabase,
  machineBusyMs,
  markdownTable,
  peakRssMb,
  postgresCpuBetween,
  postgresCpuMs,
  startServer,
  stopServer,
  waitForHealth,
} from './lib.js';
import { benchTokens, createBenchSessions } from './sessions.js';

export interface DiscoverBenchOptions {
  db: BenchDatabase;
  postgresUrl: string;
  shops: number;
  durationSeconds: number;
  connections: number;
}

export interface DiscoverRow {
  db: BenchDatabase;
  /** Shops in the database, counted after the load. */
  shops: number;
  load: string;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
  /** Mean answer size. */
  bytesPerRequest: number;
  /** CPU time per request of the server process (for PGlite this includes the database). */
  serverCpuMsPerRequest: number | null;
  /** CPU time per request of the PostgreSQL backends serving the bench database, when they run on this machine. */
  postgresCpuMsPerRequest: number | null;
  /** CPU time per request of this process: autocannon, on the same machine. */
  generatorCpuMsPerRequest: number;
  /**
   * Share of the machine's CPU (all cores) that other processes used meanwhile: anything much above 0 means
   * the figures were taken on a busy machine.
   */
  otherCpuPercent: number | null;
}

export interface DiscoverBenchResult {
  rows: DiscoverRow[];
  loadSeconds: number;
  serverPeakRssMb: number;
  /** PostgreSQL: EXPLAIN (ANALYZE, BUFFERS) of a map area and of menu searches, as the server sends them. */
  plans?: string;
}

// The loads compared with their SQL alone (issue 31), by the start of their label.
const MIX = 'mixed discover';
const LOCATED = 'mixed discover, location requests only (never kept)';
const AREAS = "map areas ('Search this area')";
const SQL_ALONE = 'its SQL alone (node-postgres, same statements)';

// Where South Africa's coffee is: share of the shops, spread of the jitter (degrees) and the suburbs named in
// names, descriptions and addresses.
const cities = [
  {
    name: 'Johannesburg',
    latitude: -26.2041,
    longitude: 28.0473,
    share: 24,
    spread: 0.2,
    suburbs: [
      'Braamfontein',
      'Melville',
      'Parkhurst',
      'Rosebank',
      'Maboneng',
      'Sandton',
      'Soweto',
      'Fourways',
    ],
  },
  {
    name: 'Cape Town',
    latitude: -33.9249,
    longitude: 18.4241,
    share: 22,
    spread: 0.18,
    suburbs: ['Gardens', 'Sea Point', 'Observatory', 'Woodstock', 'Claremont', 'Green Point', 'Muizenberg'],
  },
  {
    name: 'Durban',
    latitude: -29.8587,
    longitude: 31.0218,
    share: 14,
    spread: 0.15,
    suburbs: ['Morningside', 'Umhlanga', 'Glenwood', 'Berea', 'Musgrave', 'Westville'],
  },
  {
    name: 'Pretoria',
    latitude: -25.7479,
    longitude: 28.2293,
    share: 14,
    spread: 0.15,
    suburbs: ['Hatfield', 'Brooklyn', 'Menlyn', 'Lynnwood', 'Centurion', 'Arcadia'],
  },
  {
    name: 'Gqeberha',
    latitude: -33.9608,
    longitude: 25.6022,
    share: 8,
    spread: 0.1,
    suburbs: ['Richmond Hill', 'Walmer', 'Summerstrand', 'Newton Park'],
  },
  {
    name: 'Bloemfontein',
    latitude: -29.0852,
    longitude: 26.1596,
    share: 6,
    spread: 0.08,
    suburbs: ['Westdene', 'Brandwag', 'Universitas'],
  },
  {
    name: 'Stellenbosch',
    latitude: -33.9321,
    longitude: 18.8602,
    share: 4,
    spread: 0.05,
    suburbs: ['Die Boord', 'Dorp Street', 'Technopark'],
  },
  {
    name: 'East London',
    latitude: -33.0153,
    longitude: 27.9116,
    share: 4,
    spread: 0.08,
    suburbs: ['Vincent', 'Nahoon', 'Quigney'],
  },
  {
    name: 'Polokwane',
    latitude: -23.9045,
    longitude: 29.4689,
    share: 4,
    spread: 0.08,
    suburbs: ['Bendor', 'Flora Park', 'Fauna Park'],
  },
];

// Brands, most popular first (picked with a skew, like chains); the rest of the names are invented words.
const brands = [
  'Seattle',
  'Bootlegger',
  'Vida',
  'Father',
  'Truth',
  'Origin',
  'Rosetta',
  'Bean There',
  'Colombo',
  'Jacaranda',
  'Baobab',
  'Fynbos',
  'Karoo',
  'Protea',
  'Umami',
  'Kloof',
  'Ubuntu',
  'Mzansi',
  'Indaba',
  'Savanna',
  'Kudu',
  'Marula',
  'Rooibos',
  'Tribe',
  'Deluxe',
  'Crema',
  'Bloom',
  'Harvest',
  'Ember',
  'Copper',
  'Loading Bay',
  'Hazel',
];
const syllables = ['ka', 'lo', 'mi', 'zu', 'be', 'nda', 'tho', 'la', 'si', 'wa', 'ne', 'ra'].concat([
  'bo',
  'ti',
  'ku',
  'me',
  'sa',
  'ya',
  'no',
  'fe',
  'li',
  'du',
  'pa',
  'go',
]);
const kinds = [
  'Coffee',
  'Coffee Roasters',
  'Roastery',
  'Espresso Bar',
  'Cafe',
  'Coffee Co',
  'Brew House',
  'Kitchen & Coffee',
  'Bakery & Coffee',
  'Coffee Bar',
];
const styles = [
  'Small-batch',
  'Seasonal',
  'Locally roasted',
  'Fair-trade',
  'Single-origin',
  'House-roasted',
  'Organic',
];
const offers = ['espresso', 'filter coffee', 'beans to take home', 'blends', 'single origins'];
const drinks = [
  'flat whites',
  'pour-overs',
  'cold brew',
  'rooibos lattes',
  'cortados',
  'iced lattes',
  'chai',
  'red cappuccinos',
];
const foods = ['pastries', 'koeksisters', 'rusks', 'breakfasts', 'sourdough', 'vetkoek', 'toasties', 'cakes'];
const streets = [
  'Long St',
  'Bree St',
  'Main Rd',
  'Church St',
  'Jan Smuts Ave',
  'Florida Rd',
  'Kloof St',
  'Voortrekker Rd',
  'Oxford Rd',
  'Beach Rd',
  'Victoria Rd',
  'Station Rd',
  'High St',
  'Market St',
];

const OWNERS = 2_000;

/** SQL: a uniform number in [0, 1) from the shop number i; each salt is an independent draw, the same every run. */
const draw = (salt: number) => sql.raw(`((hashint4(i * 64 + ${salt})::float8 + 2147483648) / 4294967296)`);
const textArray = (items: string[]) =>
  sql.raw(`array[${items.map((item) => `'${item.replaceAll("'", "''")}'`).join(',')}]`);
/** SQL: one of the items; skew > 1 favours the first ones. */
const pick = (items: string[], salt: number, skew = 1) =>
  sql`(${textArray(items)})[1 + floor(power(${draw(salt)}, ${skew}) * ${items.length})::int]`;

/**
 * Fills the database with `count` shops in one generate_series statement per city (seconds, not minutes):
 * realistic names, descriptions, addresses, ratings, locations, a few promotions (most running, some run out),
 * with every property drawn independently so no artificial correlation helps or hurts a query. Then
 * VACUUM ANALYZE, as autovacuum would have done on a database in service: fresh statistics, the visibility map
 * set, and the trigram indexes' pending lists merged (a fresh GIN pending list makes every lookup scan it).
 */
export async function loadShops(handle: DatabaseHandle, count: number): Promise<number> {
  const owners = await handle.db.execute<{ id: number }>(sql`
    insert into users (username, email, password_hash, role)
    select 'bench-owner-' || n, 'owner' || n || '@bench.local', 'not-used', 'shop_owner'
    from generate_series(1, ${sql.raw(String(OWNERS))}) as n
    returning id`);
  const ownerIds = (owners as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
  const firstOwner = Math.min(...ownerIds);

  const totalShare = cities.reduce((sum, city) => sum + city.share, 0);
  let first = 1;
  for (const [index, city] of cities.entries()) {
    const last =
      index === cities.length - 1
        ? count
        : Math.min(count, first - 1 + Math.round((count * city.share) / totalShare));
    if (last < first) continue;
    const suburb = pick(city.suburbs, 8);
    const brand = sql`case when ${draw(1)} < 0.7 then ${pick(brands, 2, 2)}
      else initcap(${pick(syllables, 3)} || ${pick(syllables, 4)} || case when ${draw(5)} < 0.5 then ${pick(syllables, 6)} else '' end) end`;
    const longitudeSpread = city.spread / Math.cos((city.latitude * Math.PI) / 180);
    await handle.db.execute(sql`
      insert into coffee_shops (owner_id, name, description, category, address, phone, email, image_url, latitude,
        longitude, rating, review_count, is_promoted, promotion_expires_at, delivery_time, delivery_fee_cents)
      select ${firstOwner} + floor(${draw(0)} * ${OWNERS})::int,
        ${brand} || ' ' || ${pick(kinds, 7)} || case when ${draw(9)} < 0.4 then ' ' || ${suburb} else '' end,
        ${pick(styles, 10)} || ' ' || ${pick(offers, 11)} || ', ' || ${pick(drinks, 12)} || ' and '
          || ${pick(foods, 13)} || ' in ' || ${suburb} || '.',
        (array['specialty', 'quick_service', 'artisan']::shop_category[])[1 + floor(${draw(14)} * 3)::int],
        (1 + floor(${draw(15)} * 300)::int) || ' ' || ${pick(streets, 16)} || ', ' || ${suburb} || ', ' || ${city.name},
        case when ${draw(17)} < 0.8 then '0' || (10 + floor(${draw(18)} * 80)::int) || ' '
          || lpad(floor(${draw(19)} * 1000)::int::text, 3, '0') || ' ' || lpad(floor(${draw(20)} * 10000)::int::text, 4, '0') end,
        case when ${draw(21)} < 0.5 then 'hello@shop' || i || '.co.za' end,
        case when ${draw(22)} < 0.6 then 'https://images.brewconnect.co.za/shops/' || i || '.jpg' end,
        case when ${draw(23)} >= 0.02 then ${city.latitude} + (${draw(24)} + ${draw(25)} - 1) * ${city.spread} end,
        case when ${draw(23)} >= 0.02 then ${city.longitude} + (${draw(26)} + ${draw(27)} - 1) * ${longitudeSpread} end,
        case when ${draw(28)} < 0.08 then 0 else round((3 + ${draw(29)} * 1.6 + ${draw(30)} * 0.4)::numeric, 1) end,
        case when ${draw(28)} < 0.08 then 0 else 1 + floor(power(${draw(31)}, 3) * 500)::int end,
        ${draw(32)} < 0.03,
        case when ${draw(32)} < 0.03 then now() + case when ${draw(33)} < 0.75
          then (1 + ${draw(34)} * 29) * interval '1 day' else -(1 + ${draw(34)} * 9) * interval '1 day' end end,
        (10 + floor(${draw(35)} * 20)::int) || '-' || (25 + floor(${draw(36)} * 20)::int) || ' mins',
        case when ${draw(37)} >= 0.15 then floor(${draw(38)} * 40)::int * 100 end
      from generate_series(${sql.raw(String(first))}, ${sql.raw(String(last))}) as i`);
    first = last + 1;
  }
  await loadHours(handle);
  await loadMenus(handle);
  await handle.db.execute(sql`vacuum analyze`);
  const counted = await handle.db.execute<{ shops: number }>(
    sql`select count(*)::int as shops from coffee_shops`,
  );
  return (counted as unknown as { rows: { shops: number }[] }).rows[0]!.shops;
}

/** Share of shops open at the moment of the run (today's row open around the current local time). */
const OPEN_NOW_SHARE = 0.6;

/**
 * Seven weekly rows per shop, and a special day today for 2 % of them. Open/close times are drawn around the
 * current Johannesburg time so that about 60 % of the shops are open while the bench runs, as at a busy hour of
 * the day whenever it is run (at night, with real hours, few shops would be open and Open Now would have to
 * look further for a page). Other days: 07:00–10:00 to 15:00–21:00, one in seven closed.
 */
async function loadHours(handle: DatabaseHandle): Promise<void> {
  const clock = localClock(new Date());
  const [hour, minute] = clock.time.split(':').map(Number) as [number, number];
  const nowMinutes = hour * 60 + minute;
  const hoursDraw = (salt: number) =>
    sql.raw(`((hashint4(s.id * 1024 + d * 64 + ${salt})::float8 + 2147483648) / 4294967296)`);
  const asTime = (minutes: SQL) =>
    sql`lpad((${minutes} / 60)::text, 2, '0') || ':' || lpad((${minutes} % 60)::text, 2, '0')`;
  // Today: open from up to 5.5 h before now to up to 7.5 h after (within the day), or closed.
  const todayOpen = sql`greatest(0, ${nowMinutes} - 30 - floor(${hoursDraw(1)} * 330)::int)`;
  const todayClose = sql`least(1439, ${nowMinutes} + 1 + floor(${hoursDraw(2)} * 450)::int)`;
  const otherOpen = sql`(420 + floor(${hoursDraw(3)} * 180)::int)`;
  const otherClose = sql`(900 + floor(${hoursDraw(4)} * 360)::int)`;
  const isToday = sql.raw(`d = ${clock.dayOfWeek}`);
  const closed = sql`case when ${isToday} then ${hoursDraw(5)} >= ${OPEN_NOW_SHARE} else ${hoursDraw(5)} < 1.0 / 7 end`;
  await handle.db.execute(sql`
    insert into business_hours (shop_id, day_of_week, open_time, close_time, is_closed)
    select s.id, d,
      case when ${closed} then null when ${isToday} then ${asTime(todayOpen)} else ${asTime(otherOpen)} end,
      case when ${closed} then null when ${isToday} then ${asTime(todayClose)} else ${asTime(otherClose)} end,
      ${closed}
    from coffee_shops s cross join generate_series(0, 6) as d`);
  // A public holiday here and there: half of these shops closed today, half open today until an hour from now.
  await handle.db.execute(sql`
    insert into special_hours (shop_id, date, is_closed, open_time, close_time, note)
    select s.id, ${clock.date}::date, ${hoursDraw(6)} < 0.5,
      case when ${hoursDraw(6)} >= 0.5 then ${asTime(sql`greatest(0, ${nowMinutes} - 120)`)} end,
      case when ${hoursDraw(6)} >= 0.5 then ${asTime(sql`least(1439, ${nowMinutes} + 60)`)} end,
      'Bench holiday'
    from coffee_shops s cross join (values (0)) as v(d)
    where ${hoursDraw(7)} < 0.02`);
}

/** What a South African coffee shop's menu is made of (issue 31: search finds shops by what they sell). */
const menuVocabulary: [name: string, category: string][] = [
  ['Espresso', 'coffee'],
  ['Double Espresso', 'coffee'],
  ['Americano', 'coffee'],
  ['Cappuccino', 'coffee'],
  ['Flat White', 'coffee'],
  ['Latte', 'coffee'],
  ['Oat Latte', 'coffee'],
  ['Caramel Latte', 'coffee'],
  ['Mocha', 'coffee'],
  ['Macchiato', 'coffee'],
  ['Cortado', 'coffee'],
  ['Iced Latte', 'coffee'],
  ['Cold Brew', 'coffee'],
  ['Filter Coffee', 'coffee'],
  ['Babyccino', 'beverages'],
  ['Hot Chocolate', 'beverages'],
  ['Fresh Orange Juice', 'beverages'],
  ['Chai Latte', 'tea'],
  ['Rooibos Latte', 'tea'],
  ['Red Cappuccino', 'tea'],
  ['Matcha Latte', 'tea'],
  ['Five Roses Tea', 'tea'],
  ['Croissant', 'pastries'],
  ['Blueberry Muffin', 'pastries'],
  ['Scone', 'pastries'],
  ['Koeksister', 'pastries'],
  ['Lemon Meringue', 'pastries'],
  ['Toasted Cheese', 'sandwiches'],
  ['Chicken Mayo Sandwich', 'sandwiches'],
  ['Bacon & Egg Roll', 'sandwiches'],
  ['Rusks', 'snacks'],
  ['Biltong', 'snacks'],
];

/**
 * A menu for every shop: 3 to 10 different items of the vocabulary (6.5 on average, so 650,000 items for 100,000
 * shops), 5 % of them sold out, in one statement. Each shop walks the vocabulary from its own start with its own odd
 * step (the vocabulary's length is a power of two, so no item comes twice), so menus differ without a row per draw.
 */
async function loadMenus(handle: DatabaseHandle): Promise<void> {
  const size = menuVocabulary.length;
  const shopDraw = (salt: number) =>
    sql.raw(`((hashint4(s.id * 64 + ${salt})::float8 + 2147483648) / 4294967296)`);
  const itemDraw = (salt: number) =>
    sql.raw(`((hashint4(s.id * 1024 + k * 16 + ${salt})::float8 + 2147483648) / 4294967296)`);
  await handle.db.execute(sql`
    insert into menu_items (shop_id, name, category, price_cents, is_available, preparation_time)
    select s.id, v.name, v.category::menu_category, 1500 + floor(${itemDraw(1)} * 50)::int * 100,
      ${itemDraw(2)} >= 0.05, '3-5 mins'
    from coffee_shops s
    cross join generate_series(0, 9) as k
    join unnest(${textArray(menuVocabulary.map(([name]) => name))}, ${textArray(menuVocabulary.map(([, category]) => category))})
      with ordinality as v(name, category, position)
      on v.position - 1 = (floor(${shopDraw(1)} * ${size})::int + k * (1 + 2 * floor(${shopDraw(2)} * ${size / 2})::int)) % ${size}
    where k < 3 + floor(${shopDraw(3)} * 8)::int`);
}

/**
 * The plans of what issue 31 added, at this database's size: a city-wide map area of up to 500 shops, a drink that
 * many shops' own words hold ('latte'), one only menus hold ('oat latte'), and a map area with a drink.
 */
async function explainDiscover(url: string): Promise<string> {
  const explained: [string, string][] = [
    [
      'map area, Johannesburg, about 30 × 25 km, limit 500',
      '/api/coffee-shops?minLatitude=-26.32&maxLatitude=-26.08&minLongitude=27.9&maxLongitude=28.2&limit=500',
    ],
    ['search: a drink many shops describe (latte)', '/api/coffee-shops?search=latte'],
    ['search: a drink only menus hold (oat latte)', '/api/coffee-shops?search=oat%20latte'],
    [
      'search: a word nothing holds (zzqxv): shop words, menus, then the spelling',
      '/api/coffee-shops?search=zzqxv',
    ],
    [
      'map area with a drink, Cape Town, about 8 × 8 km',
      '/api/coffee-shops?minLatitude=-33.96&maxLatitude=-33.89&minLongitude=18.38&maxLongitude=18.46&limit=500&search=americano',
    ],
  ];
  const captured = await captureStatements(
    url,
    explained.map(([, path]) => path),
  );
  const parts: string[] = [];
  for (const [index, [title, path]] of explained.entries())
    parts.push(`## ${title}: GET ${path}\n\n${await explainStatements(url, captured[index]!)}`);
  return parts.join('\n\n');
}

/** A small seeded random number generator (mulberry32), so every run sends the same sequence. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** One kind of request; each call gives the path of the next request of that kind. */
export type DiscoverRequest = () => string;

/**
 * The mixed discover load: what customers ask, weighted roughly as the Discover page is used (two fifths
 * nearest-first, over a quarter searches, the rest the default list, categories, Featured Only and paging),
 * in a fixed shuffled order so consecutive requests differ. As with real customers, no two ask from exactly the
 * same spot (every location is drawn anew, within 6 km of a city centre), and besides popular searches there is
 * a long tail of hundreds of different searches.
 */
export function discoverRequests(): DiscoverRequest[] {
  const random = seededRandom(42);
  const pickOne = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const weighted: [number, DiscoverRequest][] = [];
  const add = (weight: number, query: string | (() => string)) =>
    weighted.push([weight, () => `/api/coffee-shops${typeof query === 'string' ? query : query()}`]);
  const search = (words: string) => `?search=${encodeURIComponent(words)}`;

  add(8, ''); // the landing page
  add(2, '?limit=20&offset=40');
  add(1, '?offset=200');
  for (const category of ['specialty', 'quick_service', 'artisan']) add(2, `?category=${category}`);
  add(3, '?promoted=true');
  add(1, '?promoted=true&category=artisan');

  // Popular searches: brands, kinds, places, drinks and food; typos (corrected against the words of shop
  // names), and one that finds nothing.
  for (const words of ['father', 'roast', 'cape town', 'espresso bar', 'melville', 'cold brew'])
    add(2, search(words));
  for (const words of ['baobab brew', 'kloof st', 'rooibos', 'koeksisters', 'jacaranda', 'seattle coffee'])
    add(1, search(words));
  for (const typo of ['espreso', 'roastry', 'jakaranda']) add(1, search(typo));
  add(1, search('zzqxv'));
  add(1, '?search=coffee&category=specialty');
  add(1, '?search=roasters&promoted=true');
  // What people drink (issue 31): found in shops' menus, some also in their descriptions ('iced lattes'), some only
  // on menus ('americano', 'oat latte'), and a misspelt one corrected against the words of menu items.
  for (const drink of ['latte', 'flat white', 'cappuccino']) add(2, search(drink));
  for (const drink of ['americano', 'oat latte', 'babyccino', 'croissant', 'matcha', 'capucino'])
    add(1, search(drink));
  // The long tail: hundreds of different searches, for a suburb, a brand and kind of shop, or a brand misspelt.
  const suburbs = cities.flatMap((city) => city.suburbs);
  add(1, () => search(pickOne(suburbs).toLowerCase()));
  add(2, () => search(`${pickOne(brands)} ${pickOne(kinds)}`.toLowerCase()));
  add(1, () => {
    const brand = pickOne(brands.filter((name) => name.length > 5 && !name.includes(' '))).toLowerCase();
    const at = 1 + Math.floor(random() * (brand.length - 1));
    return search(brand.slice(0, at) + brand.slice(at + 1));
  });

  // Near me, from anywhere in the big cities, sometimes with a filter or a search.
  for (const city of cities.slice(0, 6)) {
    const near = () => {
      const km = 6 * Math.sqrt(random());
      const bearing = 2 * Math.PI * random();
      const latitude = city.latitude + (km / 111.2) * Math.cos(bearing);
      const longitude =
        city.longitude + ((km / 111.2) * Math.sin(bearing)) / Math.cos((city.latitude * Math.PI) / 180);
      return `latitude=${latitude.toFixed(5)}&longitude=${longitude.toFixed(5)}`;
    };
    add(3, () => `?${near()}&sortByDistance=true`);
    add(1, () => `?${near()}&sortByDistance=true&category=specialty`);
    add(1, () => `?${near()}&sortByDistance=true&promoted=true`);
    add(1, () => `?${near()}&sortByDistance=true&search=coffee`);
    add(1, () => `?${near()}&sortByDistance=true&search=${pickOne(['latte', 'americano', 'croissant'])}`);
    add(1, () => `?${near()}`);
  }

  const requests = weighted.flatMap(([weight, request]) => Array.from({ length: weight }, () => request));
  for (let index = requests.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [requests[index], requests[other]] = [requests[other]!, requests[index]!];
  }
  return requests;
}

/**
 * The map's 'Search this area' (issue 31): up to 500 shops (as the map asks) in an area around one of the big
 * cities, as a phone (taller) or a desktop (wider) shows it, zoomed from a few streets (about 1 km across) to the
 * whole city (about 30 km); now and then with a category or a drink searched for.
 */
export function mapAreaRequests(): DiscoverRequest[] {
  const random = seededRandom(31);
  const kinds: DiscoverRequest[] = [];
  for (const city of cities.slice(0, 6)) {
    const areaAround = () => {
      const halfHeight = 0.005 * 30 ** random();
      const halfWidth = halfHeight * (random() < 0.5 ? 0.6 : 1.8);
      const latitude = city.latitude + (random() - 0.5) * 0.1;
      const longitude = city.longitude + (random() - 0.5) * 0.1;
      const bound = (value: number) => value.toFixed(5);
      return `minLatitude=${bound(latitude - halfHeight)}&maxLatitude=${bound(latitude + halfHeight)}&minLongitude=${bound(longitude - halfWidth)}&maxLongitude=${bound(longitude + halfWidth)}&limit=500`;
    };
    kinds.push(() => `/api/coffee-shops?${areaAround()}`);
    kinds.push(() => `/api/coffee-shops?${areaAround()}`);
    kinds.push(() => `/api/coffee-shops?${areaAround()}&category=specialty`);
    kinds.push(() => `/api/coffee-shops?${areaAround()}&search=latte`);
  }
  return kinds;
}

/** The mix's requests whose answers depend on where the customer is: never kept, so always the database's work. */
export function locationRequests(requests: DiscoverRequest[]): DiscoverRequest[] {
  return [...new Set(requests)].filter((request) => request().includes('latitude='));
}

/** The same requests asking only for shops open now. */
export function openNowRequests(requests: DiscoverRequest[]): DiscoverRequest[] {
  return requests.map((request) => () => {
    const path = request();
    return `${path}${path.includes('?') ? '&' : '?'}openNow=true`;
  });
}

/** What one drive measures: a row without its labels. */
type Measured = Omit<DiscoverRow, 'db' | 'shops' | 'load'>;

/** Drives the server with the `kinds` of request in rotation from `connections` connections for `durationSeconds`. */
async function drive(
  base: string,
  kinds: DiscoverRequest[],
  options: {
    connections: number;
    durationSeconds: number;
    serverPid: number;
    postgresDatabase?: string;
    /** Sent with every request: a signed-in visitor's Authorization header. */
    headers?: Record<string, string>;
  },
): Promise<Measured> {
  let next = 0;
  const serverBefore = cpuMs(options.serverPid);
  const postgresBefore = options.postgresDatabase ? postgresCpuMs(options.postgresDatabase) : new Map();
  const generatorBefore = process.cpuUsage();
  const machineBefore = machineBusyMs();
  const started = performance.now();
  const result = await autocannon({
    url: base,
    connections: options.connections,
    duration: options.durationSeconds,
    headers: options.headers,
    requests: [
      {
        setupRequest: (request) => {
          request.path = kinds[next++ % kinds.length]!();
          return request;
        },
      },
    ],
  });
  const elapsedMs = performance.now() - started;
  const machineAfter = machineBusyMs();
  const generator = process.cpuUsage(generatorBefore);
  const serverAfter = cpuMs(options.serverPid);
  const postgresAfter = options.postgresDatabase ? postgresCpuMs(options.postgresDatabase) : new Map();
  const requests = result.requests.total;
  const serverMs = serverBefore === null || serverAfter === null ? null : serverAfter - serverBefore;
  const postgresMs = postgresCpuBetween(postgresBefore, postgresAfter);
  const generatorMs = (generator.user + generator.system) / 1000;
  const otherMs =
    machineBefore === null || machineAfter === null || serverMs === null
      ? null
      : machineAfter - machineBefore - serverMs - (postgresMs ?? 0) - generatorMs;
  const perRequest = (used: number | null) =>
    used === null || requests === 0 ? null : round(used / requests, 2);
  return {
    requests,
    requestsPerSecond: Math.round(requests / result.duration),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors: result.errors,
    non2xx: result.non2xx,
    bytesPerRequest: requests === 0 ? 0 : Math.round(result.throughput.total / requests),
    serverCpuMsPerRequest: perRequest(serverMs),
    postgresCpuMsPerRequest: perRequest(postgresMs),
    generatorCpuMsPerRequest: round(generatorMs / Math.max(1, requests), 2),
    otherCpuPercent:
      otherMs === null ? null : Math.max(0, Math.round((100 * otherMs) / (elapsedMs * os.cpus().length))),
  };
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

export async function runDiscoverBench(options: DiscoverBenchOptions): Promise<DiscoverBenchResult> {
  const database: FreshDatabase = await freshDatabase(options);
  try {
    const loadStarted = performance.now();
    const handle = await database.open();
    let shops: number;
    let visitor: { id: number; role: 'customer' | 'shop_owner' };
    try {
      shops = await loadShops(handle, options.shops);
      // A signed-in visitor (issue 28): every request's token is checked against its session.
      await createBenchSessions(handle.db);
      const found = (await handle.db.execute(
        sql`select id, role from users order by id limit 1`,
      )) as unknown as {
        rows: { id: number; role: 'customer' | 'shop_owner' }[];
      };
      visitor = found.rows[0]!;
    } finally {
      await handle.close();
    }
    const loadSeconds = round((performance.now() - loadStarted) / 1000, 1);
    console.log(`  loaded ${shops.toLocaleString('en-US')} shops in ${loadSeconds} s`);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startServer(port, database.env);
    try {
      await waitForHealth(base);
      const drives = {
        connections: options.connections,
        serverPid: server.pid!,
        postgresDatabase: options.db === 'postgres' ? database.name : undefined,
      };
      const requests = discoverRequests();
      const openNow = openNowRequests(requests);
      const areas = mapAreaRequests();
      const located = locationRequests(requests);
      // Warm up, unmeasured: every kind of request once (plans), then a short burst (the JIT on both sides).
      const kinds = [...new Set(requests)];
      for (const path of [...kinds, ...openNowRequests(kinds), ...areas].map((request) => request())) {
        const response = await fetch(base + path);
        if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
        await response.arrayBuffer();
      }
      await drive(base, requests, { ...drives, durationSeconds: Math.min(3, options.durationSeconds) });

      const ceiling = await drive(base, [() => '/api/health'], {
        ...drives,
        durationSeconds: options.durationSeconds,
      });
      // A second ceiling: the default page of 50 shops answered from memory (the discover cache), so with no
      // database work at all — what sending 25 kB answers alone costs on this machine.
      const fromMemory = await drive(base, [() => '/api/coffee-shops'], {
        ...drives,
        durationSeconds: options.durationSeconds,
      });
      const discover = await drive(base, requests, { ...drives, durationSeconds: options.durationSeconds });
      const discoverOpenNow = await drive(base, openNow, {
        ...drives,
        durationSeconds: options.durationSeconds,
      });
      const token = await benchTokens().sign(visitor);
      const signedIn = await drive(base, requests, {
        ...drives,
        durationSeconds: options.durationSeconds,
        headers: { authorization: `Bearer ${token}` },
      });
      // The part of the mix no answer is kept for (a location in every request), and the map's areas.
      const locatedOnly = await drive(base, located, { ...drives, durationSeconds: options.durationSeconds });
      const mapAreas = await drive(base, areas, { ...drives, durationSeconds: options.durationSeconds });
      const common = { db: options.db, shops };
      const rows: DiscoverRow[] = [
        { ...common, load: 'GET /api/health (ceiling)', ...ceiling },
        { ...common, load: 'GET /api/coffee-shops, from memory (ceiling)', ...fromMemory },
        { ...common, load: `${MIX} (${new Set(requests).size} kinds of request)`, ...discover },
        { ...common, load: 'mixed discover, each with openNow=true', ...discoverOpenNow },
        { ...common, load: 'mixed discover, signed in (session checked)', ...signedIn },
        { ...common, load: `${LOCATED} (${new Set(located).size} kinds)`, ...locatedOnly },
        { ...common, load: `${AREAS} (${areas.length} kinds, up to 500 shops)`, ...mapAreas },
      ];
      let plans: string | undefined;
      const url = database.env.DATABASE_URL;
      if (url) {
        // The same work straight on PostgreSQL (issue 31): each load's statements, captured from the list code
        // for a long run of its requests, replayed at the same concurrency while the server idles.
        const sqlLoads: [string, DiscoverRequest[], number][] = [
          [MIX, requests, 2000],
          [LOCATED, located, 600],
          [AREAS, areas, 400],
        ];
        for (const [load, kindsOfLoad, count] of sqlLoads) {
          const paths = Array.from({ length: count }, (_, index) =>
            kindsOfLoad[index % kindsOfLoad.length]!(),
          );
          const captured = await captureStatements(url, paths);
          const replayed = await replayStatements(url, captured, {
            connections: options.connections,
            durationSeconds: options.durationSeconds,
            postgresDatabase: database.name,
          });
          rows.push({
            ...common,
            load: `${load}: ${SQL_ALONE}`,
            ...replayed,
            non2xx: 0,
            bytesPerRequest: 0,
            serverCpuMsPerRequest: null,
            otherCpuPercent: null,
          });
        }
        plans = await explainDiscover(url);
      }
      return { rows, loadSeconds, serverPeakRssMb: peakRssMb(server.pid!), plans };
    } finally {
      await stopServer(server);
    }
  } finally {
    await database.drop();
  }
}

const columns: Column<DiscoverRow>[] = [
  { header: 'database', value: (row) => (row.db === 'pglite' ? 'PGlite' : 'PostgreSQL') },
  { header: 'shops', value: (row) => row.shops, numeric: true },
  { header: 'load', value: (row) => row.load },
  { header: 'requests/s', value: (row) => row.requestsPerSecond, numeric: true },
  { header: 'p50 ms', value: (row) => row.p50Ms, numeric: true },
  { header: 'p99 ms', value: (row) => row.p99Ms, numeric: true },
  { header: 'errors', value: (row) => row.errors, numeric: true },
  { header: 'non-2xx', value: (row) => row.non2xx, numeric: true },
  {
    header: 'kB/answer',
    value: (row) => (row.bytesPerRequest === 0 ? null : round(row.bytesPerRequest / 1000, 1)),
    numeric: true,
  },
  { header: 'server CPU ms/req', value: (row) => row.serverCpuMsPerRequest, numeric: true },
  { header: 'PostgreSQL CPU ms/req', value: (row) => row.postgresCpuMsPerRequest, numeric: true },
  // autocannon, or node-postgres for the SQL alone: this process either way.
  { header: 'generator CPU ms/req', value: (row) => row.generatorCpuMsPerRequest, numeric: true },
  {
    header: 'other processes’ CPU',
    value: (row) => (row.otherCpuPercent === null ? null : `${row.otherCpuPercent}%`),
    numeric: true,
  },
];

export function discoverTable(rows: DiscoverRow[]): string {
  return markdownTable(columns, rows);
}

/** The issue's target, for PostgreSQL's mixed discover load: at least 1,000 requests/s with p99 under 50 ms. */
export function discoverVerdict(rows: DiscoverRow[]): string[] {
  const lines = rows
    .filter((row) => row.db === 'postgres' && row.load.startsWith('mixed discover ('))
    .map((row) => {
      const met = row.requestsPerSecond >= 1000 && row.p99Ms < 50 && row.errors + row.non2xx === 0;
      return `Target on PostgreSQL (≥ 1,000 requests/s, p99 < 50 ms, no errors): ${met ? 'met' : 'NOT met'} — ${row.requestsPerSecond.toLocaleString('en-US')} requests/s, p99 ${row.p99Ms} ms on ${os.cpus().length} cores shared with the load generator.`;
    });
  return [...lines, ...againstSql(rows)];
}

/**
 * Issue 31's target for each load run both ways: HTTP at least 80 % of its SQL alone's throughput, with p99 under
 * 25 ms; where short, the CPU each party spent per request on either side says where the rest went.
 */
export function againstSql(rows: DiscoverRow[]): string[] {
  const lines: string[] = [];
  const ms = (value: number | null) => (value === null ? '–' : `${value}`);
  for (const alone of rows.filter((row) => row.load.endsWith(SQL_ALONE))) {
    const load = alone.load.slice(0, alone.load.indexOf(': '));
    const http = rows.find((row) => row.db === alone.db && row.load.startsWith(`${load} (`));
    if (!http) continue;
    const share = Math.round((100 * http.requestsPerSecond) / Math.max(1, alone.requestsPerSecond));
    const met = share >= 80 && http.p99Ms < 25 && http.errors + http.non2xx === 0;
    lines.push(
      `${load}: HTTP ${http.requestsPerSecond.toLocaleString('en-US')} req/s = ${share} % of its SQL alone (${alone.requestsPerSecond.toLocaleString('en-US')} req/s); p99 ${http.p99Ms} ms against ${alone.p99Ms} ms. Target (≥ 80 %, p99 < 25 ms): ${met ? 'met' : 'NOT met'}.`,
    );
    if (!met)
      lines.push(
        `  CPU ms per request — HTTP: server ${ms(http.serverCpuMsPerRequest)}, PostgreSQL ${ms(http.postgresCpuMsPerRequest)}, generator ${ms(http.generatorCpuMsPerRequest)}; SQL alone: PostgreSQL ${ms(alone.postgresCpuMsPerRequest)}, generator ${ms(alone.generatorCpuMsPerRequest)}.`,
      );
  }
  return lines;
}
