// Orders benchmark (issue 10): 200 shops of 50 owners, 2,000 customers with open sockets and the 50 owners'
// dashboards connected. Customers place orders at a steady rate, half their lines coffee with options (issue 25);
// each owner, on hearing order_created, moves the order through confirmed, preparing, ready and completed. Reports
// orders placed per second, placement latency, PUT -> the customer's socket event latency, lost and duplicated
// events, errors, CPU per party per order, and the hot statements' plans (EXPLAIN ANALYZE) on the database the run
// left behind, the placement's read as the server sends it.
// Paid mode (--paid, issue 26): every shop has a Paystack subaccount on a fake Paystack in this process; customers
// order with `payment: 'online'`, pay on the fake and Paystack's signed charge.success webhook settles the order,
// which only then reaches its owner (order_created) and is run to completed as above. Reports orders placed and paid
// per second, the webhook's answer time, webhook -> the owner's order_created, lost and duplicated events, and,
// from the database after the run, that every payment made exactly one order (0 double-paid).
// Slot mode (--max-per-slot N, issue 30): every shop takes at most N orders per 15-minute pickup slot. The load is
// the counter mode's (whose pickups spread the same way); a 409 'That time is full' is a refusal as it should be,
// counted apart from errors. From the database after the run: no (shop, slot) holds more than N orders kept, each
// refusal was at a slot that did fill to N, and every order kept has exactly one numbered place (slot_places) in
// its own slot, none without an order.
// Push mode (--push ok|hang, issue 27): every customer and owner has one Web Push subscription on a fake push service
// in this process (https, its own certificate), so each order causes three pushes through the server's outbox: the
// owner's 'new order' when it is placed, the customer's 'confirmed' and 'ready' when it moves. 'ok': the service
// answers 201; 'hang': it holds every push open, so each send waits for the server's 10 s push timeout. The load and
// the figures are the counter mode's (a move must not wait for a push), plus what the fake received, PUT -> the push
// reaching the fake, and the outbox's rows after the run.
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { type SQL, sql } from 'drizzle-orm';
import webpush from 'web-push';
import WebSocket from 'ws';
import type { DatabaseHandle } from '../src/server/db/client.js';
import {
  type DemoGroup,
  demoGroupsOfItems,
  offeringColumns,
  seedDemoOptions,
} from '../src/server/db/demo-options.js';
import { coffeeShops, menuItems, pushSubscriptions, users } from '../src/server/db/schema.js';
import { placeOrder } from '../src/server/features/orders/service.js';
import type { ServerEvent } from '../src/shared/api/messages.js';
import { type Order, placeOrderBody } from '../src/shared/api/orders.js';
import type { OrderStatus } from '../src/shared/domain/order-status.js';
import { type FakePaystack, startFakePaystack } from '../tests/support/fake-paystack.js';
import { type FakePushService, startFakePushService } from '../tests/support/fake-push-service.js';
import { trustFakePushService } from '../tests/support/push-tls/trust.js';
import {
  type BenchDatabase,
  type Column,
  cpuMs,
  explainPrepared,
  freePort,
  freshDatabase,
  machineBusyMs,
  markdownTable,
  peakRssMb,
  percentile,
  postgresCpuBetween,
  postgresCpuMs,
  startServer,
  waitForHealth,
  writeResultText,
} from './lib.js';
import { benchTokens, createBenchSessions } from './sessions.js';

/** Push mode (issue 27): none, a push service that answers 201, or one that never answers. */
export type PushMode = 'off' | 'ok' | 'hang';

export interface OrdersBenchOptions {
  db: BenchDatabase;
  postgresUrl: string;
  shops: number;
  owners: number;
  customers: number;
  durationSeconds: number;
  /** Orders placed per second across all customers. */
  rate: number;
  /** Seconds of the same load before measuring (default 3). */
  warmupSeconds: number;
  /** Server processes sharing the PostgreSQL database (default 1; PGlite always 1). */
  instances: number;
  /** Online payment through a fake Paystack and its webhook (issue 26) instead of paying at the counter. */
  paid: boolean;
  /** Every shop's maxOrdersPerSlot (issue 30); null: no limit, as a shop has unless its owner sets one. */
  maxPerSlot: number | null;
  /** Every customer and owner subscribed to Web Push on a fake push service that answers 201 or hangs (issue 27). */
  push: PushMode;
}

/** Push mode's own figures (issue 27): what the fake push service received, and the outbox after the run. */
export interface PushFigures {
  mode: Exclude<PushMode, 'off'>;
  /** push_subscriptions rows seeded: one per customer and owner. */
  subscriptions: number;
  /** Pushes the run should cause: per order placed (warm-up included) the owner's one and the customer's two. */
  expected: number;
  /** Pushes that reached the fake while the measured window ran (the warm-up's late ones included). */
  receivedInWindow: number;
  /**
   * At the end of the measured window (every move answered and heard): pushes received since the start, those of
   * them answered 201, and those held open by the fake ('hang').
   */
  receivedAtEnd: number;
  deliveredAtEnd: number;
  hangingAtEnd: number;
  /** Ok mode: seconds after the window until the fake had every expected push; null if not within DRAIN_SECONDS. */
  drainedAfterSeconds: number | null;
  /**
   * Ok mode: pushes the fake received during that wait, and the CPU the server and PostgreSQL spent meanwhile per
   * push: with no orders coming in, what one push costs (its event's fan-out and its send) once it is its turn.
   */
  drainPushes: number;
  drainServerCpuMsPerPush: number | null;
  drainPostgresCpuMsPerPush: number | null;
  /** After that wait (ok), or at the end of the window (hang): received, answered 201, held open. */
  received: number;
  delivered: number;
  hanging: number;
  /** Requests the fake refused as malformed (VAPID, headers, encryption): must be 0. */
  refused: number;
  /** From the owner's PUT (confirmed, ready) being sent to its push reaching the fake, moves of the window only. */
  pushesTimed: number;
  putToPushP50Ms: number;
  putToPushP99Ms: number;
  /** Pushes reaching the fake in each second of the measured window (answered or held). */
  arrivalsPerSecond: number[];
  /** The outbox by kind, from the database once the servers have stopped (warm-up included). */
  outbox: Record<string, { rows: number; done: number; pending: number; withError: number }>;
}

/** From the database after the run (warm-up included): the pickup slots and their numbered places (issue 30). */
export interface SlotFigures {
  /** The shops' maxOrdersPerSlot; null: no limit. */
  maxPerSlot: number | null;
  /** (shop, 15-minute slot) pairs holding at least one order not cancelled. */
  slotsUsed: number;
  /** The most orders not cancelled in any one (shop, slot). */
  fullestSlot: number;
  /** Pairs holding exactly maxPerSlot orders. */
  slotsAtLimit: number;
  /** Pairs holding more than maxPerSlot orders: must be 0. */
  overfilled: number;
  /** Orders not cancelled, and the 201s the bench had (they must agree: nothing lost, nothing extra). */
  ordersKept: number;
  placedByBench: number;
  /** (shop, slot) pairs whose orders kept differ from the 201s the bench had for that slot: must be 0. */
  slotsDisagreeing: number;
  /** 'That time is full' answers the bench had, and those at a slot that ended with fewer than maxPerSlot orders. */
  fullByBench: number;
  wronglyRefused: number;
  /** Orders not cancelled with a pickup still ahead, and those of them with exactly one place in their own slot. */
  futureOrders: number;
  futureOrdersWithTheirPlace: number;
  /** slot_places rows, those whose order is missing or cancelled, and those numbered above maxPerSlot. */
  slotPlaces: number;
  placesWithoutOrder: number;
  placesAboveLimit: number;
  /** futureOrders without their place + places without an order: must be 0. */
  placeMismatches: number;
}

/** The paid mode's own figures (issue 26): orders paid through the fake Paystack and settled by its webhook. */
export interface PaidFigures {
  /** Orders placed in the measured window whose charge.success webhook was answered 200. */
  paid: number;
  /** Paid orders per second: `paid` over the time from the window's start to the last webhook's answer. */
  paidPerSecond: number;
  /** Webhooks sent a second time at once (Paystack retrying), to another instance when there are several. */
  repeatedWebhooks: number;
  /** The webhook's HTTP answer (every send, repeats included). */
  webhookP50Ms: number;
  webhookP99Ms: number;
  /** From the (first) webhook being sent to the owner's socket receiving order_created for that order. */
  webhookToCreatedP50Ms: number;
  webhookToCreatedP99Ms: number;
  webhookToCreatedMaxMs: number;
  /** Paid (webhook answered 200) but the owner never heard order_created. */
  lostPayments: number;
  /** From the database after the run, over the warm-up and the measured window together. */
  database: {
    /** Checkouts the bench paid and whose webhook was answered 200. */
    paidByBench: number;
    /** orders rows with a payment (payment_status <> 'not_required'). */
    paidOrders: number;
    /** Distinct Paystack references among those rows. */
    paidReferences: number;
    /** order_checkouts rows marked paid. */
    paidCheckouts: number;
    /** Paid orders rows with no paid checkout of the same id and reference. */
    ordersWithoutPaidCheckout: number;
    /** Checkouts still awaiting payment (placed, never settled). */
    awaitingCheckouts: number;
    /** Refunds the server asked the fake for (a repeated webhook must never cause one). */
    refunds: number;
  };
  /**
   * Orders rows beyond the payments the bench made, beyond one per reference, or without a paid checkout of the
   * same id and reference: must be 0.
   */
  doublePaid: number;
}

export interface OrdersBenchResult {
  db: string;
  instances: number;
  shops: number;
  customers: number;
  owners: number;
  durationSeconds: number;
  targetRate: number;
  placed: number;
  ordersPerSecond: number;
  placeP50Ms: number;
  placeP99Ms: number;
  moves: number;
  movesPerSecond: number;
  /** The owner's PUT, sent to answered. */
  moveP50Ms?: number;
  moveP99Ms: number;
  /** From the owner's PUT being sent to the customer's socket receiving that status. */
  eventP50Ms: number;
  eventP99Ms: number;
  eventMaxMs: number;
  completed: number;
  lostEvents: number;
  duplicatedEvents: number;
  errors: number;
  serverCpuMsPerOrder: number | null;
  postgresCpuMsPerOrder: number | null;
  generatorCpuMsPerOrder: number;
  machineBusyPercent: number | null;
  serverPeakRssMb: number;
  generatorLoopDelayP99Ms: number;
  /**
   * The slowest moves of the measured window (the p99's tail): when each PUT was sent, in seconds from the window's
   * start, and how long it took, so a tail that comes in bursts (every 10 s, say) shows it.
   */
  slowestMoves?: { atSeconds: number; ms: number }[];
  /** 'paid': online payment through the fake Paystack (--paid); the generator's CPU then includes the fake's. */
  mode?: 'counter' | 'paid' | 'slots';
  paidFigures?: PaidFigures;
  /** Every shop's maxOrdersPerSlot in this run (null: no limit). */
  maxPerSlot?: number | null;
  /** Placements sent in the measured window: placed + full + errors. */
  requests?: number;
  /** Slot mode: 409 'That time is full' (refused as it should be; not errors), and their answer times. */
  fullRefusals?: number;
  fullP50Ms?: number;
  fullP99Ms?: number;
  /** The first 'That time is full' message of the measured window, as the customer reads it. */
  fullExample?: string;
  /** Errors by status and message (times masked), so an unexpected answer says what it was. */
  errorKinds?: Record<string, number>;
  slotFigures?: SlotFigures;
  /** Push mode (--push): 'off', or the fake push service's behaviour. */
  push?: PushMode;
  pushFigures?: PushFigures;
  /** Each hot statement's first plan node and execution time; the placement's read in full is written beside. */
  plans: Record<string, string>;
}

const moves: OrderStatus[] = ['confirmed', 'preparing', 'ready', 'completed'];

/** Paid mode: one order in this many has its charge.success sent twice at once, as Paystack's retries may. */
const REPEAT_WEBHOOK_EVERY = 10;

/** Pickups go to this many coming 15-minute slots (issue 30), the first at least 30 minutes after the seeding. */
const PICKUP_SLOTS = 8;
const SLOT_MS = 15 * 60_000;

/** Push mode 'ok': how long after the measured window the bench waits for the outbox to send every push. */
const DRAIN_SECONDS = 30;

type BenchShop = Awaited<ReturnType<typeof seed>>['shops'][number];

/**
 * Which of the coming PICKUP_SLOTS slots a shop's `turn`th order wants: a rush that thins out, slot i asked for in
 * proportion to PICKUP_SLOTS − i (the first 22 % of a shop's orders, the last 3 %), spread evenly over the turns by
 * the golden ratio. With the default load (18 orders per shop, warm-up included) that is 4 4 3 2 2 2 1 0 per slot:
 * a limit of 3 fills the first three slots and refuses 2 of each shop's 18, a limit of 10 none. (`turn % 8` would
 * not do: the bench sends each shop every 200th order, so one shop's turns would all fall in one slot.)
 */
function pickupSlotOf(turn: number): number {
  const spread = ((turn + 0.5) * 0.6180339887498949) % 1;
  return Math.min(PICKUP_SLOTS - 1, Math.floor(PICKUP_SLOTS * (1 - Math.sqrt(1 - spread))));
}

/** The `sequence`th order at a shop: two lines, a coffee with its options (a size, a milk, 0–2 extras) and a pastry. */
function orderBody(shop: BenchShop, sequence: number, pickupTime: Date) {
  const coffee = shop.withOptions[sequence % shop.withOptions.length]!;
  return {
    shopId: shop.id,
    items: [
      { menuItemId: coffee.id, quantity: 1 + (sequence % 2), options: optionsFor(coffee.groups, sequence) },
      { menuItemId: shop.plain[sequence % shop.plain.length]!, quantity: 1 },
    ],
    pickupTime: pickupTime.toISOString(),
  };
}

/**
 * Owners with their shops and customers, straight into the database. Each shop has five items (no hours set, so any
 * pickup time is open whatever the hour of the run): three coffees with the demo's option groups (db/demo-options.ts:
 * Flat White and Cappuccino Size, Milk and Extras; Americano Size and Extras) and two pastries without.
 */
async function seed(
  handle: DatabaseHandle,
  options: OrdersBenchOptions,
  paystack: FakePaystack | null,
  pushService: FakePushService | null,
) {
  const db = handle.db;
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: options.customers + options.owners }, (_, index) => ({
        username: `bench${index}`,
        email: `bench${index}@bench.local`,
        passwordHash: 'not-used',
        role: index < options.customers ? ('customer' as const) : ('shop_owner' as const),
      })),
    )
    .returning({ id: users.id });
  const customers = people.slice(0, options.customers).map((row) => row.id);
  const owners = people.slice(options.customers).map((row) => row.id);
  // Push mode: one device each, as POST /api/push/subscriptions leaves it, so every order placed and moved notifies.
  if (pushService)
    await db.insert(pushSubscriptions).values(
      people.map((person) => {
        const device = pushService.subscribe();
        return { userId: person.id, endpoint: device.endpoint, ...device.keys };
      }),
    );
  const shops = await db
    .insert(coffeeShops)
    .values(
      Array.from({ length: options.shops }, (_, index) => ({
        ownerId: owners[index % owners.length]!,
        name: `Bench Cafe ${index}`,
        category: 'specialty' as const,
        address: 'Cape Town',
        maxOrdersPerSlot: options.maxPerSlot,
        // Paid mode: payouts set up as PUT /payout leaves them, a subaccount the fake knows, Pay now offered.
        ...(paystack
          ? {
              paystackSubaccountCode: paystack.createSubaccount({ businessName: `Bench Cafe ${index}` })
                .subaccount_code,
              payoutBankCode: '250655',
              payoutBankName: 'First National Bank',
              payoutAccountLast4: '0001',
              onlinePayment: 'optional' as const,
            }
          : {}),
      })),
    )
    .returning({ id: coffeeShops.id, ownerId: coffeeShops.ownerId });
  const menu = [
    { name: 'Flat White', category: 'coffee' },
    { name: 'Cappuccino', category: 'coffee' },
    { name: 'Americano', category: 'coffee' },
    { name: 'Croissant', category: 'pastries' },
    { name: 'Banana Bread', category: 'pastries' },
  ] as const;
  const items = await db
    .insert(menuItems)
    .values(
      shops.flatMap((shop) =>
        menu.map(({ name, category }, index) => ({
          shopId: shop.id,
          name,
          category,
          priceCents: 2500 + index * 400,
          preparationTime: '5-10 mins',
        })),
      ),
    )
    .returning(offeringColumns);
  await seedDemoOptions(
    db,
    shops.map((shop) => shop.id),
    items,
  );
  const groupsOf = await demoGroupsOfItems(db);
  await db.execute(sql`analyze`);
  const shopItems = (shopId: number) => items.filter((item) => item.shopId === shopId);
  return {
    customers,
    owners,
    subscriptions: pushService ? people.length : 0,
    shops: shops.map((shop) => ({
      ...shop,
      withOptions: shopItems(shop.id)
        .filter((item) => groupsOf.has(item.id))
        .map((item) => ({ id: item.id, groups: groupsOf.get(item.id)! })),
      plain: shopItems(shop.id)
        .filter((item) => !groupsOf.has(item.id))
        .map((item) => item.id),
    })),
  };
}

/**
 * The `variant`th valid choice for an item offered these groups: one option of each choose-one group (a size, a
 * milk) and 0, 1 or 2 of the others (extras), turning through them so orders differ.
 */
function optionsFor(groups: readonly DemoGroup[], variant: number): number[] {
  return groups.flatMap((group, index) => {
    const ids = group.options.map((option) => option.id);
    const turn = variant + index * 7;
    if (group.minSelected === 1 && group.maxSelected === 1) return [ids[turn % ids.length]!];
    const count = Math.min(turn % 3, group.maxSelected);
    return Array.from({ length: count }, (_, offset) => ids[(turn + offset) % ids.length]!);
  });
}

// Plain keep-alive HTTP: fetch costs the load generator more CPU per request than the server spends on it.
const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });

function request(
  method: string,
  url: string,
  token: string | null,
  body: string,
  extra: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      url,
      {
        method,
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(token === null ? {} : { authorization: `Bearer ${token}` }),
          ...extra,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

function connect(base: string, token: string, onEvent: (event: ServerEvent) => void): Promise<WebSocket> {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`);
  return new Promise((resolve, reject) => {
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('message', (data) => {
      const event = JSON.parse(String(data)) as ServerEvent;
      if (event.type === 'authenticated') resolve(socket);
      else onEvent(event);
    });
    socket.on('error', reject);
    // Refused (a token naming no live session, too many sockets): fail the run rather than wait for ever. After
    // 'authenticated' this does nothing, the promise being settled.
    socket.on('close', (code, reason) =>
      reject(new Error(`the server closed a socket before authenticating it: ${code} ${String(reason)}`)),
    );
  });
}

/** A plan's first node and its execution time, from EXPLAIN ANALYZE's lines. */
function planSummary(lines: string[]): string {
  const plan = lines[0]!.replace(/\s+\(cost=[^)]*\)/, '').trim();
  const execution = lines.find((line) => line.trim().startsWith('Execution Time'))?.trim() ?? '';
  return `${plan} — ${execution}`;
}

/** Every table a plan reads and how (index or sequential scan), in plan order, each once. */
function scansOf(lines: string[]): string[] {
  const scans = lines.flatMap((line) => {
    const found =
      /((?:Parallel )?(?:Seq|Index Only|Index|Bitmap Heap|Bitmap Index) Scan)(?: using (\S+))? on (\S+)/.exec(
        line,
      );
    return found ? [`${found[1]}${found[2] ? ` using ${found[2]}` : ''} on ${found[3]}`] : [];
  });
  return [...new Set(scans)];
}

/**
 * The placement's one read (orders/service.ts placeOrder) as the server sends it: an order with options placed in
 * this process, its first statement caught on the way to the database. On PostgreSQL it goes to the pool as a
 * named prepared statement, on PGlite to drizzle's execute.
 */
async function placementRead(
  handle: DatabaseHandle,
  order: { customerId: number; body: unknown },
): Promise<{ text: string; params: unknown[] } | { query: SQL }> {
  let caught: { text: string; params: unknown[] } | { query: SQL } | undefined;
  const { pool, db } = handle;
  const poolQuery = pool?.query;
  const execute = db.execute;
  if (pool)
    pool.query = ((config: { text: string; values: unknown[] }, ...rest: unknown[]) => {
      caught ??= { text: config.text, params: config.values };
      return (poolQuery as (...args: unknown[]) => unknown).call(pool, config, ...rest);
    }) as typeof pool.query;
  db.execute = ((query: SQL) => {
    caught ??= { query };
    return execute.call(db, query);
  }) as typeof db.execute;
  try {
    await placeOrder(db, order.customerId, placeOrderBody.parse(order.body), null, {
      openOrdersPerShop: 1000,
      paymentsConfigured: false,
    });
  } finally {
    if (pool) pool.query = poolQuery!;
    db.execute = execute;
  }
  if (!caught) throw new Error('placing an order sent no statement');
  return caught;
}

/** EXPLAIN ANALYZE of the statements each order costs, on the data the run left behind: their execution times. */
async function explainHotStatements(
  handle: DatabaseHandle,
  sampleOrder: (shopId: number) => unknown,
): Promise<{ plans: Record<string, string>; placementPlan: string }> {
  const explainLines = async (statement: SQL) =>
    (
      (await handle.db.execute(sql`explain (analyze, format text) ${statement}`)) as unknown as {
        rows: Record<string, string>[];
      }
    ).rows.map((row) => Object.values(row)[0]!);
  const run = async (statement: string) => planSummary(await explainLines(sql.raw(statement)));
  const [sample] = (
    (await handle.db.execute(
      sql`select o.id, o.customer_id, s.owner_id, o.shop_id from orders o join coffee_shops s on s.id = o.shop_id order by o.id desc limit 1`,
    )) as unknown as { rows: { id: number; customer_id: number; owner_id: number; shop_id: number }[] }
  ).rows;
  if (!sample) return { plans: {}, placementPlan: '' };
  const plans: Record<string, string> = {};
  plans.readOrderForMove = await run(
    `select o.*, s.name, s.owner_id, u.username from orders o join coffee_shops s on s.id = o.shop_id join users u on u.id = o.customer_id where o.id = ${sample.id} and (o.customer_id = ${sample.owner_id} or s.owner_id = ${sample.owner_id})`,
  );
  await handle.db.execute(sql`begin`);
  try {
    plans.conditionalUpdate = await run(
      `update orders set status = 'completed', status_history = status_history || '[{"status":"completed","at":"2026-01-01T00:00:00Z"}]'::jsonb, updated_at = now() where id = ${sample.id} and status = 'completed' returning *`,
    );
  } finally {
    await handle.db.execute(sql`rollback`);
  }
  // The read each placement makes (shop, customer, idempotency key, the items with their option groups and options,
  // hours), on PostgreSQL prepared and run as the server's pool runs it; every table it reads should be index-served.
  const read = await placementRead(handle, {
    customerId: sample.customer_id,
    body: sampleOrder(sample.shop_id),
  });
  const readLines =
    'query' in read
      ? await explainLines(read.query)
      : await explainPrepared(handle.pool!, read.text, read.params);
  plans.placementRead = `${planSummary(readLines)}; reads: ${scansOf(readLines).join(', ')}`;
  const placementPlan = readLines.join('\n');
  plans.idempotencyLookup = await run(
    `select * from orders where customer_id = ${sample.customer_id} and idempotency_key = 'bench-x'`,
  );
  plans.ownerOrderList = await run(
    `select o.*, s.name, u.username from orders o join coffee_shops s on s.id = o.shop_id join users u on u.id = o.customer_id where s.owner_id = ${sample.owner_id} order by o.created_at desc, o.id desc limit 200`,
  );
  return { plans, placementPlan };
}

async function stopAll(servers: ReturnType<typeof startServer>[]) {
  for (const server of servers)
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
}

export async function runOrdersBench(options: OrdersBenchOptions): Promise<OrdersBenchResult> {
  const database = await freshDatabase(options);
  // The first pickup slot: the first whole quarter hour at least 30 minutes ahead, well past any shop's prep time;
  // fixed for the run, so a shop's slots are the same ones from the first order to the last.
  const firstSlotMs = Math.ceil((Date.now() + 30 * 60_000) / SLOT_MS) * SLOT_MS;
  // Paid mode: Paystack is a fake in this process, so the bench can pay each transaction and sign its webhook.
  const paystack = options.paid ? await startFakePaystack() : null;
  // Push mode: the push service is a fake in this process, so the bench sees every push arrive (and can hold it
  // open). Its subscriptions only take pushes signed with this run's VAPID key, as a browser's would.
  const vapid = options.push === 'off' ? null : webpush.generateVAPIDKeys();
  const pushService = vapid ? await startFakePushService({ vapidPublicKey: vapid.publicKey }) : null;
  if (options.push === 'hang') pushService!.respond(null, 'hang');
  let handle = await database.open();
  const world = await seed(handle, options, paystack, pushService);
  await createBenchSessions(handle.db);
  await handle.close();
  const paystackEnv = paystack
    ? { PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: paystack.url }
    : {};
  // web-push trusts Node's CA store only: the servers start with the fake's certificate added to it.
  const pushEnv =
    vapid && pushService
      ? {
          VAPID_PUBLIC_KEY: vapid.publicKey,
          VAPID_PRIVATE_KEY: vapid.privateKey,
          PUSH_SERVICE_HOSTS: pushService.host,
          NODE_EXTRA_CA_CERTS: trustFakePushService(),
        }
      : {};

  // One server, or (PostgreSQL, --instances N) several sharing the database and its bus, as behind a load
  // balancer: each owner and customer talks to one of them, and events cross between them through the bus.
  const instanceCount = options.db === 'postgres' ? Math.max(1, options.instances) : 1;
  const bases: string[] = [];
  const servers: ReturnType<typeof startServer>[] = [];
  for (let index = 0; index < instanceCount; index += 1) {
    const port = await freePort();
    bases.push(`http://127.0.0.1:${port}`);
    servers.push(startServer(port, { ...database.env, ...paystackEnv, ...pushEnv }));
  }
  const baseOf = (index: number) => bases[index % bases.length]!;
  try {
    await Promise.all(bases.map((base) => waitForHealth(base)));
    const tokens = benchTokens();

    // Bookkeeping. Expected: per order, one order_created at its owner; per move, one order_updated with that
    // status at its customer (the owner's copies are counted as duplicates only).
    const placeLatencies: number[] = [];
    const moveLatencies: number[] = [];
    /** Each move of the measured window: when its PUT was sent (performance.now) and how long it took. */
    const moveTimes: [number, number][] = [];
    const eventLatencies: number[] = [];
    const putSentAt = new Map<string, number>();
    const customerSeen = new Set<string>();
    const createdSeen = new Set<number>();
    const ownerUpdateSeen = new Set<string>();
    let duplicatedEvents = 0;
    let errors = 0;
    let errorKinds: Record<string, number> = {};
    /** An unexpected answer or failure: counted, and by kind (times masked, so one message is one kind). */
    const failed = (kind: string) => {
      errors += 1;
      const masked = kind.replace(/\d{1,2}:\d{2}/g, 'HH:MM').slice(0, 160);
      errorKinds[masked] = (errorKinds[masked] ?? 0) + 1;
    };
    const messageOf = (text: string) => {
      try {
        return String((JSON.parse(text) as { message?: unknown }).message);
      } catch {
        return text.slice(0, 80);
      }
    };
    let placed = 0;
    // Slot mode: the refusals of the measured window and their answer times; over the whole run (warm-up
    // included, as the database holds it) the 201s and refusals per (shop, slot), to check against the database.
    let full = 0;
    let fullExample: string | undefined;
    const fullLatencies: number[] = [];
    let measuring = false;
    let placedEver = 0;
    let fullEver = 0;
    const placedPerSlot = new Map<string, number>();
    const fullPerSlot = new Map<string, number>();
    const turns = new Map<number, number>();
    let movesDone = 0;
    let completed = 0;
    // Paid mode: when each order's (first) webhook left, which were answered 200, and the whole run's paid orders
    // (warm-up included) for the database check at the end.
    const webhookLatencies: number[] = [];
    const createdLatencies: number[] = [];
    const webhookSentAt = new Map<number, number>();
    const paidIds = new Set<number>();
    const paidEver = new Set<number>();
    const customerPaidSeen = new Set<number>();
    let repeatedWebhooks = 0;
    let lastPaidAt = 0;
    const inFlight = new Set<Promise<unknown>>();
    const track = <T>(promise: Promise<T>) => {
      inFlight.add(promise);
      void promise.finally(() => inFlight.delete(promise));
      return promise;
    };

    const ownerTokens = new Map<number, string>();
    for (const owner of world.owners)
      ownerTokens.set(owner, await tokens.sign({ id: owner, role: 'shop_owner' }));
    const customerTokens = await Promise.all(
      world.customers.map((id) => tokens.sign({ id, role: 'customer' })),
    );

    // The owner's dashboard: on each new order, run it through to completed, one PUT after another.
    const runOrder = async (order: Order, ownerToken: string, base: string) => {
      for (const status of moves) {
        const key = `${order.id}:${status}`;
        const sentAt = performance.now();
        putSentAt.set(key, sentAt);
        try {
          const reply = await request(
            'PUT',
            `${base}/api/orders/${order.id}`,
            ownerToken,
            JSON.stringify({ status }),
          );
          if (reply.status !== 200) {
            failed(`PUT ${status} ${reply.status} ${messageOf(reply.text)}`);
            putSentAt.delete(key);
            return;
          }
          moveLatencies.push(performance.now() - sentAt);
          moveTimes.push([sentAt, performance.now() - sentAt]);
          movesDone += 1;
          if (status === 'completed') completed += 1;
        } catch (error) {
          failed(`PUT ${status} failed: ${(error as Error).message}`);
          putSentAt.delete(key);
          return;
        }
      }
    };

    const sockets: WebSocket[] = [];
    const ownerEvent = (owner: number, base: string) => (event: ServerEvent) => {
      if (event.type === 'order_created') {
        if (createdSeen.has(event.order.id)) {
          duplicatedEvents += 1;
          return;
        }
        createdSeen.add(event.order.id);
        const webhookAt = webhookSentAt.get(event.order.id);
        if (webhookAt !== undefined) createdLatencies.push(performance.now() - webhookAt);
        void track(runOrder(event.order, ownerTokens.get(owner)!, base));
      } else if (event.type === 'order_updated') {
        const key = `${event.order.id}:${event.order.status}`;
        if (ownerUpdateSeen.has(key)) duplicatedEvents += 1;
        ownerUpdateSeen.add(key);
      }
    };
    const customerEvent = (event: ServerEvent) => {
      if (event.type !== 'order_updated') return;
      // Paid mode: the customer hears their order paid (still pending) once; kept apart from the moves' events,
      // which the wait for the last events counts.
      if (event.order.status === 'pending' && event.order.paymentStatus === 'paid') {
        if (customerPaidSeen.has(event.order.id)) duplicatedEvents += 1;
        customerPaidSeen.add(event.order.id);
        return;
      }
      const key = `${event.order.id}:${event.order.status}`;
      if (customerSeen.has(key)) {
        duplicatedEvents += 1;
        return;
      }
      customerSeen.add(key);
      const sentAt = putSentAt.get(key);
      if (sentAt !== undefined) eventLatencies.push(performance.now() - sentAt);
    };
    for (const [index, owner] of world.owners.entries())
      sockets.push(await connect(baseOf(index), ownerTokens.get(owner)!, ownerEvent(owner, baseOf(index))));
    for (let start = 0; start < world.customers.length; start += 50) {
      const batch = customerTokens.slice(start, start + 50);
      sockets.push(
        ...(await Promise.all(
          batch.map((token, offset) => connect(baseOf(start + offset), token, customerEvent)),
        )),
      );
    }

    /**
     * Paid mode, once the customer has their payment link: they pay on the fake's page, and Paystack posts the
     * signed charge.success to the app (to any instance, as through a load balancer); one order in
     * REPEAT_WEBHOOK_EVERY gets it twice at once, to two instances when there are several.
     */
    const payOrder = async (orderId: number, reference: string, sequenceNumber: number) => {
      paystack!.pay(reference);
      const { body, signature } = paystack!.chargeSuccessEvent(reference);
      const targets = [baseOf(sequenceNumber)];
      if (orderId % REPEAT_WEBHOOK_EVERY === 0) {
        targets.push(baseOf(sequenceNumber + 1));
        repeatedWebhooks += 1;
      }
      webhookSentAt.set(orderId, performance.now());
      const answers = await Promise.all(
        targets.map(async (base) => {
          const sentAt = performance.now();
          try {
            const reply = await request('POST', `${base}/api/payments/paystack/webhook`, null, body, {
              'x-paystack-signature': signature,
            });
            webhookLatencies.push(performance.now() - sentAt);
            if (reply.status !== 200) failed(`webhook ${reply.status} ${messageOf(reply.text)}`);
            return reply.status === 200;
          } catch (error) {
            failed(`webhook failed: ${(error as Error).message}`);
            return false;
          }
        }),
      );
      if (!answers.some(Boolean)) return;
      paidIds.add(orderId);
      paidEver.add(orderId);
      lastPaidAt = performance.now();
    };

    // A steady rate: one placement every 1/rate s, from customers in turn, each at a random shop of theirs.
    let sequence = 0;
    const place = () => {
      const index = sequence % world.customers.length;
      const shop = world.shops[(sequence * 7919) % world.shops.length]!;
      sequence += 1;
      const sequenceNumber = sequence;
      // The shop's turn decides the slot; the minute within it turns too, so pickups are not all on the quarter.
      const turn = turns.get(shop.id) ?? 0;
      turns.set(shop.id, turn + 1);
      const slotMs = firstSlotMs + pickupSlotOf(turn) * SLOT_MS;
      const slotKey = `${shop.id}:${slotMs}`;
      const body = JSON.stringify({
        ...orderBody(shop, sequence, new Date(slotMs + (sequence % 15) * 60_000)),
        ...(paystack ? { payment: 'online' } : {}),
      });
      const sentAt = performance.now();
      void track(
        request('POST', `${baseOf(index)}/api/orders`, customerTokens[index]!, body, {
          'idempotency-key': `bench-${sequence}`,
        })
          .then(async (reply) => {
            if (reply.status === 409 && messageOf(reply.text).startsWith('That time is full')) {
              fullExample ??= measuring ? messageOf(reply.text) : undefined;
              full += 1;
              fullEver += 1;
              fullLatencies.push(performance.now() - sentAt);
              fullPerSlot.set(slotKey, (fullPerSlot.get(slotKey) ?? 0) + 1);
              return;
            }
            if (reply.status !== 201) {
              failed(`POST ${reply.status} ${messageOf(reply.text)}`);
              return;
            }
            placed += 1;
            placedEver += 1;
            placedPerSlot.set(slotKey, (placedPerSlot.get(slotKey) ?? 0) + 1);
            placeLatencies.push(performance.now() - sentAt);
            if (!paystack) return;
            const order = JSON.parse(reply.text) as Order;
            if (order.paymentStatus !== 'awaiting' || !order.payment) {
              failed(`POST 201 not awaiting payment: ${order.paymentStatus}`);
              return;
            }
            await payOrder(order.id, order.payment.reference, sequenceNumber);
          })
          .catch((error: Error) => {
            failed(`POST failed: ${error.message}`);
          }),
      );
    };
    /** The order_created events the owners should have had: one per order placed, or per order paid. */
    const expectedCreated = () => (paystack ? paidIds.size : placed);
    /** Places orders at the rate for `seconds`, then waits until every one has run to completed and been heard. */
    const runAtRate = async (seconds: number) => {
      const started = performance.now();
      const firstSequence = sequence;
      await new Promise<void>((resolve) => {
        const tick = () => {
          const now = performance.now();
          if (now >= started + seconds * 1000) return resolve();
          // Catch up on every placement due by now, so timer jitter does not lower the rate.
          const due = firstSequence + Math.floor(((now - started) / 1000) * options.rate);
          while (sequence < due) place();
          setTimeout(tick, 5);
        };
        tick();
      });
      const elapsed = (performance.now() - started) / 1000;
      // Let the owners finish the orders placed in time, then wait briefly for the last events.
      while (inFlight.size > 0) await Promise.all([...inFlight]);
      const graceEnd = performance.now() + 5000;
      while (
        (customerSeen.size < putSentAt.size ||
          createdSeen.size < expectedCreated() ||
          customerPaidSeen.size < paidIds.size) &&
        performance.now() < graceEnd
      )
        await new Promise((resolve) => setTimeout(resolve, 20));
      while (inFlight.size > 0) await Promise.all([...inFlight]);
      return { started, elapsed, totalElapsed: (performance.now() - started) / 1000 };
    };

    // Warm-up, not measured: the same load for a few seconds, so the server's code is optimised and every pooled
    // connection is open with its statements prepared, as on a server that has been up for a while. Without it the
    // first second's slow requests are most of a short run's p99.
    await runAtRate(options.warmupSeconds);
    placeLatencies.length = 0;
    moveLatencies.length = 0;
    moveTimes.length = 0;
    eventLatencies.length = 0;
    putSentAt.clear();
    customerSeen.clear();
    createdSeen.clear();
    ownerUpdateSeen.clear();
    duplicatedEvents = 0;
    errors = 0;
    errorKinds = {};
    placed = 0;
    full = 0;
    fullLatencies.length = 0;
    measuring = true;
    movesDone = 0;
    completed = 0;
    webhookLatencies.length = 0;
    createdLatencies.length = 0;
    webhookSentAt.clear();
    paidIds.clear();
    customerPaidSeen.clear();
    repeatedWebhooks = 0;

    const serversCpuMs = () => servers.reduce((sum, server) => sum + (cpuMs(server.pid!) ?? 0), 0);
    const serverBefore = serversCpuMs();
    const postgresBefore =
      options.db === 'postgres' ? postgresCpuMs(database.name) : new Map<number, number>();
    const generatorBefore = process.cpuUsage();
    const machineBefore = machineBusyMs();
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const measuredFrom = sequence;
    const receivedBefore = pushService?.received.length ?? 0;
    const { started, elapsed, totalElapsed } = await runAtRate(options.durationSeconds);
    const requests = sequence - measuredFrom;
    const pushesAtEnd = pushService ? pushCounts(pushService) : null;

    loopDelay.disable();
    const machineAfter = machineBusyMs();
    const generator = process.cpuUsage(generatorBefore);
    const serverAfter = serversCpuMs();
    const postgresAfter =
      options.db === 'postgres' ? postgresCpuMs(database.name) : new Map<number, number>();
    const postgresMs = postgresCpuBetween(postgresBefore, postgresAfter);
    const serverPeakRssMb = Math.max(...servers.map((server) => peakRssMb(server.pid!)));
    for (const socket of sockets) socket.close();

    // Push mode 'ok': every push the run caused should reach the fake soon after the last move; how soon is the
    // outbox's lag. (Hung pushes never arrive: nothing to wait for.)
    const expectedPushes = placedEver * 3;
    let drainedAfterSeconds: number | null = null;
    let drainCpu: { server: number; postgres: number | null } | null = null;
    if (pushService && options.push === 'ok') {
      const windowEnd = performance.now();
      const drainEnd = windowEnd + DRAIN_SECONDS * 1000;
      while (pushCounts(pushService).delivered < expectedPushes && performance.now() < drainEnd)
        await new Promise((resolve) => setTimeout(resolve, 50));
      if (pushCounts(pushService).delivered >= expectedPushes)
        drainedAfterSeconds = Number(((performance.now() - windowEnd) / 1000).toFixed(1));
      drainCpu = {
        server: serversCpuMs() - serverAfter,
        postgres:
          options.db === 'postgres' ? postgresCpuBetween(postgresAfter, postgresCpuMs(database.name)) : null,
      };
    }
    const pushesAfter = pushService ? pushCounts(pushService) : null;

    let lostEvents = 0;
    for (const key of putSentAt.keys()) if (!customerSeen.has(key)) lostEvents += 1;
    if (paystack) {
      for (const id of paidIds) {
        if (!createdSeen.has(id)) lostEvents += 1;
        if (!customerPaidSeen.has(id)) lostEvents += 1;
      }
    } else lostEvents += Math.max(0, placed - createdSeen.size);
    for (const key of putSentAt.keys()) if (!ownerUpdateSeen.has(key)) lostEvents += 1;

    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    const placeSorted = sorted(placeLatencies);
    const moveSorted = sorted(moveLatencies);
    const eventSorted = sorted(eventLatencies);
    const round = (value: number) => Number(value.toFixed(1));
    const perOrder = (ms: number | null) => (ms === null || placed === 0 ? null : round(ms / placed));
    const pushSorted = sorted(pushService ? putToPushLatencies(pushService, putSentAt) : []);

    // A server stopping waits for its pushes in hand (a hung one until the push timeout) before it exits.
    await stopAll(servers);
    handle = await database.open();
    // Before the plans below, whose sample placement writes an outbox row of its own.
    const pushFigures: PushFigures | undefined =
      pushService && pushesAtEnd && pushesAfter && options.push !== 'off'
        ? {
            mode: options.push,
            subscriptions: world.subscriptions,
            expected: expectedPushes,
            receivedInWindow: pushesAtEnd.received - receivedBefore,
            receivedAtEnd: pushesAtEnd.received,
            deliveredAtEnd: pushesAtEnd.delivered,
            hangingAtEnd: pushesAtEnd.hanging,
            drainedAfterSeconds,
            drainPushes: pushesAfter.delivered - pushesAtEnd.delivered,
            drainServerCpuMsPerPush: perPush(drainCpu?.server, pushesAfter.delivered - pushesAtEnd.delivered),
            drainPostgresCpuMsPerPush: perPush(
              drainCpu?.postgres,
              pushesAfter.delivered - pushesAtEnd.delivered,
            ),
            ...pushesAfter,
            pushesTimed: pushSorted.length,
            putToPushP50Ms: round(percentile(pushSorted, 50)),
            putToPushP99Ms: round(percentile(pushSorted, 99)),
            arrivalsPerSecond: arrivalsPerSecond(pushService, started, elapsed),
            outbox: await outboxByKind(handle),
          }
        : undefined;
    // Before the plans below, which place one more order (at the counter) on the database.
    const paidDatabase = paystack ? await checkPaidOrders(handle, paidEver.size, paystack) : null;
    const slotFigures = await checkSlots(handle, options.maxPerSlot, {
      placedByBench: placedEver,
      fullByBench: fullEver,
      placedPerSlot,
      fullPerSlot,
    });
    // The sample placement goes to a slot past the run's, which has room whatever the limit.
    const sampleSlot = new Date(firstSlotMs + (PICKUP_SLOTS + 4) * SLOT_MS);
    const { plans, placementPlan } = await explainHotStatements(handle, (shopId) =>
      orderBody(world.shops.find((shop) => shop.id === shopId)!, 1, sampleSlot),
    );
    if (paystack) {
      const [checkout] = paystack.transactions.keys();
      if (checkout)
        plans.checkoutByReference = planSummary(
          (
            (await handle.db.execute(
              sql`explain (analyze, format text) select * from order_checkouts where reference = ${checkout}`,
            )) as unknown as { rows: Record<string, string>[] }
          ).rows.map((row) => Object.values(row)[0]!),
        );
    }
    await handle.close();
    // The counter mode's placement plan only: the paid, slot and push modes leave the committed file as it is.
    if (!paystack && options.maxPerSlot === null && options.push === 'off')
      writeResultText(`orders-placement-plan-${options.db}.txt`, `${placementPlan}\n`);
    const webhookSorted = sorted(webhookLatencies);
    const createdSorted = sorted(createdLatencies);
    const paidFigures: PaidFigures | undefined =
      paystack && paidDatabase
        ? {
            paid: paidIds.size,
            paidPerSecond: Math.round(
              paidIds.size / Math.max(elapsed, lastPaidAt > started ? (lastPaidAt - started) / 1000 : 0),
            ),
            repeatedWebhooks,
            webhookP50Ms: round(percentile(webhookSorted, 50)),
            webhookP99Ms: round(percentile(webhookSorted, 99)),
            webhookToCreatedP50Ms: round(percentile(createdSorted, 50)),
            webhookToCreatedP99Ms: round(percentile(createdSorted, 99)),
            webhookToCreatedMaxMs: round(createdSorted.at(-1) ?? 0),
            lostPayments: [...paidIds].filter((id) => !createdSeen.has(id)).length,
            database: paidDatabase,
            doublePaid:
              Math.max(0, paidDatabase.paidOrders - paidDatabase.paidByBench) +
              (paidDatabase.paidOrders - paidDatabase.paidReferences) +
              paidDatabase.ordersWithoutPaidCheckout,
          }
        : undefined;

    return {
      db: options.db,
      instances: instanceCount,
      shops: options.shops,
      customers: options.customers,
      owners: options.owners,
      durationSeconds: options.durationSeconds,
      targetRate: options.rate,
      placed,
      ordersPerSecond: Math.round(placed / elapsed),
      placeP50Ms: round(percentile(placeSorted, 50)),
      placeP99Ms: round(percentile(placeSorted, 99)),
      moves: movesDone,
      movesPerSecond: Math.round(movesDone / totalElapsed),
      moveP50Ms: round(percentile(moveSorted, 50)),
      moveP99Ms: round(percentile(moveSorted, 99)),
      slowestMoves: [...moveTimes]
        .sort((a, b) => b[1] - a[1])
        .slice(0, Math.max(1, Math.ceil(moveTimes.length / 100)))
        .sort((a, b) => a[0] - b[0])
        .map(([sentAt, ms]) => ({ atSeconds: round((sentAt - started) / 1000), ms: round(ms) })),
      eventP50Ms: round(percentile(eventSorted, 50)),
      eventP99Ms: round(percentile(eventSorted, 99)),
      eventMaxMs: round(eventSorted.at(-1) ?? 0),
      completed,
      lostEvents,
      duplicatedEvents,
      errors,
      maxPerSlot: options.maxPerSlot,
      requests,
      ...(options.maxPerSlot === null
        ? {}
        : {
            fullRefusals: full,
            fullP50Ms: round(percentile(sorted(fullLatencies), 50)),
            fullP99Ms: round(percentile(sorted(fullLatencies), 99)),
            ...(fullExample ? { fullExample } : {}),
          }),
      errorKinds,
      slotFigures,
      serverCpuMsPerOrder: perOrder(
        serverAfter === null || serverBefore === null ? null : serverAfter - serverBefore,
      ),
      postgresCpuMsPerOrder: perOrder(postgresMs),
      generatorCpuMsPerOrder: perOrder((generator.user + generator.system) / 1000)!,
      machineBusyPercent:
        machineBefore === null || machineAfter === null
          ? null
          : Math.round(
              ((machineAfter - machineBefore) /
                (totalElapsed * 1000 * (await import('node:os')).cpus().length)) *
                100,
            ),
      serverPeakRssMb,
      generatorLoopDelayP99Ms: round(loopDelay.percentile(99) / 1e6),
      mode: paystack ? 'paid' : options.maxPerSlot === null ? 'counter' : 'slots',
      ...(paidFigures ? { paidFigures } : {}),
      push: options.push,
      ...(pushFigures ? { pushFigures } : {}),
      plans,
    };
  } finally {
    await stopAll(servers);
    await paystack?.close();
    await pushService?.close();
    await database.drop();
  }
}

/** CPU ms per push, to two decimals; null without a figure or a push. */
function perPush(ms: number | null | undefined, pushes: number): number | null {
  return ms === null || ms === undefined || pushes <= 0 ? null : Number((ms / pushes).toFixed(2));
}

/** What the fake push service has had so far: requests, answered 201, held open now, refused as malformed. */
function pushCounts(service: FakePushService) {
  let delivered = 0;
  let refused = 0;
  for (const push of service.received) {
    if (push.status === 201) delivered += 1;
    else if (push.reason !== null) refused += 1;
  }
  return { received: service.received.length, delivered, hanging: service.hanging(), refused };
}

/** Pushes reaching the fake in each whole second from `started` (performance.now) for `seconds`. */
function arrivalsPerSecond(service: FakePushService, started: number, seconds: number): number[] {
  const counts = Array.from({ length: Math.ceil(seconds) }, () => 0);
  for (const push of service.received) {
    const second = Math.floor((push.at - performance.timeOrigin - started) / 1000);
    if (second >= 0 && second < counts.length) counts[second]! += 1;
  }
  return counts;
}

/** The customers' pushes as the fake decrypted them, by title: which move each one tells of. */
const pushedStatus: Record<string, OrderStatus> = {
  'Order confirmed': 'confirmed',
  'Your order is ready': 'ready',
};

/**
 * For each move of the measured window whose push reached the fake (answered or held): from the owner's PUT being
 * sent to the push's arrival, in ms. The fake stamps arrivals with Date.now(), the bench its PUTs with
 * performance.now(): both on this process's clock.
 */
function putToPushLatencies(service: FakePushService, putSentAt: Map<string, number>): number[] {
  const latencies: number[] = [];
  for (const push of service.received) {
    const payload = push.json as { title?: string; tag?: string } | undefined;
    const status = payload?.title ? pushedStatus[payload.title] : undefined;
    const orderId = payload?.tag?.startsWith('order-') ? payload.tag.slice('order-'.length) : undefined;
    if (!status || !orderId) continue;
    const sentAt = putSentAt.get(`${orderId}:${status}`);
    if (sentAt !== undefined) latencies.push(push.at - performance.timeOrigin - sentAt);
  }
  return latencies;
}

/** The outbox's rows by kind after the run (warm-up included): done, still to do, and those that failed a try. */
async function outboxByKind(handle: DatabaseHandle): Promise<PushFigures['outbox']> {
  const rows = (
    (await handle.db.execute(
      sql`select kind, count(*)::int as rows, count(done_at)::int as done,
          (count(*) - count(done_at))::int as pending, count(last_error)::int as "withError"
        from outbox group by kind order by kind`,
    )) as unknown as {
      rows: { kind: string; rows: number; done: number; pending: number; withError: number }[];
    }
  ).rows;
  return Object.fromEntries(rows.map(({ kind, ...counts }) => [kind, counts]));
}

/**
 * Paid mode, after the run: every payment the bench made and the webhook acknowledged is exactly one orders row
 * (one per reference) and one paid checkout, nothing is left awaiting, and no repeated webhook caused a refund.
 */
async function checkPaidOrders(
  handle: DatabaseHandle,
  paidByBench: number,
  paystack: FakePaystack,
): Promise<PaidFigures['database']> {
  const [counts] = (
    (await handle.db.execute(
      sql`select
        (select count(*)::int from orders where payment_status <> 'not_required') as "paidOrders",
        (select count(distinct payment_reference)::int from orders where payment_status <> 'not_required')
          as "paidReferences",
        (select count(*)::int from order_checkouts where payment_status = 'paid') as "paidCheckouts",
        (select count(*)::int from orders o where o.payment_status <> 'not_required' and not exists (
          select 1 from order_checkouts c where c.order_id = o.id and c.reference = o.payment_reference
            and c.payment_status = 'paid')) as "ordersWithoutPaidCheckout",
        (select count(*)::int from order_checkouts where payment_status = 'awaiting') as "awaitingCheckouts"`,
    )) as unknown as {
      rows: {
        paidOrders: number;
        paidReferences: number;
        paidCheckouts: number;
        ordersWithoutPaidCheckout: number;
        awaitingCheckouts: number;
      }[];
    }
  ).rows;
  return { paidByBench, ...counts!, refunds: paystack.refunds.length };
}

/**
 * After the run (issue 30): orders not cancelled per (shop, 15-minute slot) against the limit, the bench's refusals
 * against the slots they were refused at, and the numbered places against the orders they belong to.
 */
async function checkSlots(
  handle: DatabaseHandle,
  maxPerSlot: number | null,
  bench: {
    placedByBench: number;
    fullByBench: number;
    placedPerSlot: Map<string, number>;
    fullPerSlot: Map<string, number>;
  },
): Promise<SlotFigures> {
  // The slot as the server's slotStart computes it: UTC quarter hours.
  const slotOf = (column: SQL) => sql`to_timestamp(floor(extract(epoch from ${column}) / 900) * 900)`;
  const perSlot = (
    (await handle.db.execute(
      sql`select shop_id as "shopId", (extract(epoch from ${slotOf(sql`pickup_time`)}) * 1000)::float8 as "slotMs",
          count(*)::int as orders
        from orders where status <> 'cancelled' group by 1, 2`,
    )) as unknown as { rows: { shopId: number; slotMs: number; orders: number }[] }
  ).rows;
  const ordersIn = new Map(perSlot.map((row) => [`${row.shopId}:${row.slotMs}`, row.orders]));
  const [places] = (
    (await handle.db.execute(
      sql`select
        (select count(*)::int from orders where status <> 'cancelled' and pickup_time > now()) as "futureOrders",
        (select count(*)::int from orders o where o.status <> 'cancelled' and o.pickup_time > now()
          and (select count(*) from slot_places p where p.order_id = o.id and p.shop_id = o.shop_id
            and p.slot_at = ${slotOf(sql`o.pickup_time`)}) = 1) as "futureOrdersWithTheirPlace",
        (select count(*)::int from slot_places) as "slotPlaces",
        (select count(*)::int from slot_places p where not exists (
          select 1 from orders o where o.id = p.order_id and o.status <> 'cancelled')) as "placesWithoutOrder",
        (select count(*)::int from slot_places where place > ${maxPerSlot ?? 32767}::int) as "placesAboveLimit"`,
    )) as unknown as {
      rows: {
        futureOrders: number;
        futureOrdersWithTheirPlace: number;
        slotPlaces: number;
        placesWithoutOrder: number;
        placesAboveLimit: number;
      }[];
    }
  ).rows;
  const counts = perSlot.map((row) => row.orders);
  let slotsDisagreeing = 0;
  for (const key of new Set([...ordersIn.keys(), ...bench.placedPerSlot.keys()]))
    if ((ordersIn.get(key) ?? 0) !== (bench.placedPerSlot.get(key) ?? 0)) slotsDisagreeing += 1;
  let wronglyRefused = 0;
  for (const [key, refused] of bench.fullPerSlot)
    if (maxPerSlot === null || (ordersIn.get(key) ?? 0) < maxPerSlot) wronglyRefused += refused;
  return {
    maxPerSlot,
    slotsUsed: perSlot.length,
    fullestSlot: Math.max(0, ...counts),
    slotsAtLimit: maxPerSlot === null ? 0 : counts.filter((count) => count === maxPerSlot).length,
    overfilled: maxPerSlot === null ? 0 : counts.filter((count) => count > maxPerSlot).length,
    ordersKept: counts.reduce((sum, count) => sum + count, 0),
    placedByBench: bench.placedByBench,
    slotsDisagreeing,
    fullByBench: bench.fullByBench,
    wronglyRefused,
    ...places!,
    placeMismatches: places!.futureOrders - places!.futureOrdersWithTheirPlace + places!.placesWithoutOrder,
  };
}

/** Orders placed and moved, and how fast: in both tables. */
const latencyColumns: Column<OrdersBenchResult>[] = [
  { header: 'placed', value: (r) => r.placed, numeric: true },
  { header: 'orders/s', value: (r) => r.ordersPerSecond, numeric: true },
  { header: 'place p50 ms', value: (r) => r.placeP50Ms, numeric: true },
  { header: 'place p99 ms', value: (r) => r.placeP99Ms, numeric: true },
  { header: 'moves/s', value: (r) => r.movesPerSecond, numeric: true },
  { header: 'PUT p50 ms', value: (r) => r.moveP50Ms ?? null, numeric: true },
  { header: 'PUT p99 ms', value: (r) => r.moveP99Ms, numeric: true },
  { header: 'PUT→event p50 ms', value: (r) => r.eventP50Ms, numeric: true },
  { header: 'PUT→event p99 ms', value: (r) => r.eventP99Ms, numeric: true },
];

const columns: Column<OrdersBenchResult>[] = [
  { header: 'database', value: (r) => r.db },
  { header: 'instances', value: (r) => r.instances ?? 1, numeric: true },
  { header: 'target/s', value: (r) => r.targetRate, numeric: true },
  ...latencyColumns,
  { header: 'completed', value: (r) => r.completed, numeric: true },
  { header: 'lost', value: (r) => r.lostEvents, numeric: true },
  { header: 'dup', value: (r) => r.duplicatedEvents, numeric: true },
  { header: 'errors', value: (r) => r.errors, numeric: true },
  { header: 'server CPU ms/order', value: (r) => r.serverCpuMsPerOrder, numeric: true },
  { header: 'PostgreSQL CPU ms/order', value: (r) => r.postgresCpuMsPerOrder, numeric: true },
  { header: 'generator CPU ms/order', value: (r) => r.generatorCpuMsPerOrder, numeric: true },
  { header: 'machine busy %', value: (r) => r.machineBusyPercent, numeric: true },
  { header: 'server RSS MB', value: (r) => r.serverPeakRssMb, numeric: true },
];

/** Push mode (--push): the counter mode's moves beside what reached the fake push service. */
const pushColumns: Column<OrdersBenchResult>[] = [
  { header: 'database', value: (r) => r.db },
  { header: 'push', value: (r) => r.push ?? 'off' },
  ...latencyColumns,
  { header: 'lost', value: (r) => r.lostEvents, numeric: true },
  { header: 'errors', value: (r) => r.errors, numeric: true },
  { header: 'pushes expected', value: (r) => r.pushFigures?.expected ?? null, numeric: true },
  { header: 'received in window', value: (r) => r.pushFigures?.receivedInWindow ?? null, numeric: true },
  { header: 'received / 201 / hanging', value: (r) => pushTally(r.pushFigures) },
  { header: 'PUT→push p50 / p99 ms', value: (r) => putToPush(r.pushFigures) },
  { header: 'server CPU ms/order', value: (r) => r.serverCpuMsPerOrder, numeric: true },
  { header: 'PostgreSQL CPU ms/order', value: (r) => r.postgresCpuMsPerOrder, numeric: true },
  { header: 'generator + fake push CPU ms/order', value: (r) => r.generatorCpuMsPerOrder, numeric: true },
  { header: 'machine busy %', value: (r) => r.machineBusyPercent, numeric: true },
];

function pushTally(figures: PushFigures | undefined): string | null {
  if (!figures) return null;
  const count = (value: number) => value.toLocaleString('en-US');
  return `${count(figures.received)} / ${count(figures.delivered)} / ${count(figures.hanging)}`;
}

function putToPush(figures: PushFigures | undefined): string | null {
  if (!figures || figures.pushesTimed === 0) return null;
  return `${figures.putToPushP50Ms} / ${figures.putToPushP99Ms}`;
}

/** Push mode: the fake's counts and the outbox's rows after the run, one line per run. */
function pushLine(db: string, f: PushFigures): string {
  const outbox = Object.entries(f.outbox)
    .map(
      ([kind, c]) =>
        `${kind} ${c.rows} rows (${c.done} done, ${c.pending} pending, ${c.withError} with a failed try)`,
    )
    .join('; ');
  const drained =
    f.mode === 'ok'
      ? f.drainedAfterSeconds === null
        ? `, not all within ${DRAIN_SECONDS} s after the window`
        : `, all ${f.drainedAfterSeconds} s after the window`
      : '';
  const drainCost =
    f.mode === 'ok' && f.drainPushes > 0
      ? ` (${f.drainPushes} pushes while waiting, each costing ${f.drainServerCpuMsPerPush ?? '–'} ms of server and ${f.drainPostgresCpuMsPerPush ?? '–'} ms of PostgreSQL CPU)`
      : '';
  return `- ${db}, push ${f.mode}: ${f.subscriptions} subscriptions; ${f.expected} pushes expected (warm-up included); at the window's end ${f.receivedAtEnd} received, ${f.deliveredAtEnd} answered 201, ${f.hangingAtEnd} held open${drained}${drainCost}; then ${f.received} received, ${f.delivered} answered 201, ${f.hanging} held open, ${f.refused} refused as malformed; ${f.pushesTimed} of the window's moves timed to their push; outbox after the servers stopped: ${outbox || 'empty'}`;
}

/** Paid mode (--paid): placement, the webhook and webhook → the owner's order_created; lost and double-paid. */
const paidColumns: Column<OrdersBenchResult>[] = [
  { header: 'database', value: (r) => r.db },
  { header: 'instances', value: (r) => r.instances ?? 1, numeric: true },
  { header: 'target/s', value: (r) => r.targetRate, numeric: true },
  { header: 'placed', value: (r) => r.placed, numeric: true },
  { header: 'placed/s', value: (r) => r.ordersPerSecond, numeric: true },
  { header: 'paid', value: (r) => r.paidFigures?.paid ?? null, numeric: true },
  { header: 'paid/s', value: (r) => r.paidFigures?.paidPerSecond ?? null, numeric: true },
  { header: 'place p50 ms', value: (r) => r.placeP50Ms, numeric: true },
  { header: 'place p99 ms', value: (r) => r.placeP99Ms, numeric: true },
  { header: 'webhook p99 ms', value: (r) => r.paidFigures?.webhookP99Ms ?? null, numeric: true },
  {
    header: 'webhook→order_created p50 ms',
    value: (r) => r.paidFigures?.webhookToCreatedP50Ms ?? null,
    numeric: true,
  },
  {
    header: 'webhook→order_created p99 ms',
    value: (r) => r.paidFigures?.webhookToCreatedP99Ms ?? null,
    numeric: true,
  },
  { header: 'PUT→event p99 ms', value: (r) => r.eventP99Ms, numeric: true },
  { header: 'completed', value: (r) => r.completed, numeric: true },
  { header: 'lost', value: (r) => r.lostEvents, numeric: true },
  { header: 'dup', value: (r) => r.duplicatedEvents, numeric: true },
  { header: 'double-paid', value: (r) => r.paidFigures?.doublePaid ?? null, numeric: true },
  { header: 'errors', value: (r) => r.errors, numeric: true },
  { header: 'server CPU ms/order', value: (r) => r.serverCpuMsPerOrder, numeric: true },
  { header: 'PostgreSQL CPU ms/order', value: (r) => r.postgresCpuMsPerOrder, numeric: true },
  { header: 'generator + fake Paystack CPU ms/order', value: (r) => r.generatorCpuMsPerOrder, numeric: true },
  { header: 'machine busy %', value: (r) => r.machineBusyPercent, numeric: true },
];

export function ordersTable(results: OrdersBenchResult[]): string {
  const plans = results.flatMap((result) =>
    Object.entries(result.plans).map(([name, plan]) => `- ${result.db} ${name}: ${plan}`),
  );
  const paid = results.filter((result) => result.paidFigures);
  const checks = paid.map(({ db, paidFigures: figures }) => {
    const { database: d, repeatedWebhooks, lostPayments } = figures!;
    return `- ${db}: ${d.paidByBench} paid by the bench (warm-up included; ${repeatedWebhooks} webhooks of the measured window sent twice at once), ${d.paidOrders} orders rows with a payment, ${d.paidReferences} distinct references, ${d.paidCheckouts} paid checkouts, ${d.ordersWithoutPaidCheckout} orders without their paid checkout, ${d.awaitingCheckouts} still awaiting, ${d.refunds} refunds asked; ${lostPayments} paid without order_created`;
  });
  const pushed = results.filter((result) => result.pushFigures);
  const table = markdownTable(
    paid.length > 0 ? paidColumns : pushed.length > 0 ? pushColumns : columns,
    results,
  );
  const database =
    checks.length > 0 ? `\n\nPayments in the database after the run:\n${checks.join('\n')}` : '';
  const pushLines =
    pushed.length > 0
      ? `\n\nPushes:\n${pushed.map((result) => pushLine(result.db, result.pushFigures!)).join('\n')}`
      : '';
  const slots = results
    .filter((result) => result.slotFigures)
    .map(({ db, slotFigures: f }) => {
      return `- ${db}: ${f!.ordersKept} orders kept (${f!.placedByBench} placed by the bench, warm-up included) in ${f!.slotsUsed} (shop, slot) pairs, the fullest holding ${f!.fullestSlot}; ${f!.slotPlaces} slot places, ${f!.placeMismatches} mismatched with the orders ahead`;
    });
  const slotLines =
    slots.length > 0 ? `\n\nPickup slots in the database after the run:\n${slots.join('\n')}` : '';
  return `${table}${database}${pushLines}${slotLines}\n\nHot statements (EXPLAIN ANALYZE after the run):\n${plans.join('\n')}`;
}

/** The plain counter run (bench/results/orders.json) the slot mode is compared with. */
export interface UnlimitedRun {
  measuredAt: string;
  results: OrdersBenchResult[];
}

type SlotsRow = OrdersBenchResult & { run: string };

/** Slot mode (--max-per-slot): placement beside the unlimited run, refusals, and the database's slot check. */
const slotColumns: Column<SlotsRow>[] = [
  { header: 'run', value: (r) => r.run },
  { header: 'target/s', value: (r) => r.targetRate, numeric: true },
  { header: 'requests', value: (r) => r.requests ?? null, numeric: true },
  { header: 'placed', value: (r) => r.placed, numeric: true },
  { header: 'placed/s', value: (r) => r.ordersPerSecond, numeric: true },
  { header: 'full (409)', value: (r) => r.fullRefusals ?? 0, numeric: true },
  { header: 'place p50 ms', value: (r) => r.placeP50Ms, numeric: true },
  { header: 'place p99 ms', value: (r) => r.placeP99Ms, numeric: true },
  { header: 'full p50 / p99 ms', value: (r) => (r.fullRefusals ? `${r.fullP50Ms} / ${r.fullP99Ms}` : '–') },
  { header: 'PUT→event p99 ms', value: (r) => r.eventP99Ms, numeric: true },
  { header: 'errors', value: (r) => r.errors, numeric: true },
  { header: 'fullest slot', value: (r) => r.slotFigures?.fullestSlot ?? null, numeric: true },
  { header: 'slots at limit / used', value: (r) => slotUse(r.slotFigures) },
  { header: 'overfilled', value: (r) => r.slotFigures?.overfilled ?? null, numeric: true },
  { header: 'place mismatches', value: (r) => r.slotFigures?.placeMismatches ?? null, numeric: true },
  { header: 'server / PostgreSQL CPU ms per request', value: (r) => cpuPerRequest(r) },
  { header: 'machine busy %', value: (r) => r.machineBusyPercent, numeric: true },
];

function slotUse(figures: SlotFigures | undefined): string | null {
  if (!figures) return null;
  return figures.maxPerSlot === null
    ? `– / ${figures.slotsUsed}`
    : `${figures.slotsAtLimit} / ${figures.slotsUsed}`;
}

/** CPU per placement sent (placed or refused): per order placed would charge the refusals to the orders. */
function cpuPerRequest(r: OrdersBenchResult): string {
  const share = r.placed / (r.requests ?? r.placed);
  const each = (ms: number | null) => (ms === null ? '–' : (ms * share).toFixed(1));
  return `${each(r.serverCpuMsPerOrder)} / ${each(r.postgresCpuMsPerOrder)}`;
}

export function slotsTable(results: OrdersBenchResult[], unlimited: UnlimitedRun | null): string {
  const rows: SlotsRow[] = [];
  for (const result of results) {
    const before = unlimited?.results.find(
      (row) => row.db === result.db && (row.mode ?? 'counter') === 'counter',
    );
    if (before)
      rows.push({
        ...before,
        run: `${before.db}, no limit (orders.json, ${unlimited!.measuredAt.slice(0, 16)}Z)`,
      });
    rows.push({ ...result, run: `${result.db}, at most ${result.maxPerSlot} per slot` });
  }
  const checks = results.map(({ db, slotFigures: f, errorKinds, fullExample }) => {
    const errorsBy = Object.entries(errorKinds ?? {})
      .map(([kind, count]) => `${count} × ${kind}`)
      .join('; ');
    return `- ${db}: ${f!.ordersKept} orders kept in ${f!.slotsUsed} (shop, slot) pairs, ${f!.placedByBench} placed by the bench (warm-up included), ${f!.slotsDisagreeing} pairs disagreeing with the bench's count; fullest slot ${f!.fullestSlot} of ${f!.maxPerSlot}, ${f!.slotsAtLimit} at the limit, ${f!.overfilled} overfilled; ${f!.fullByBench} 'That time is full'${fullExample ? ` (such as '${fullExample}')` : ''}, ${f!.wronglyRefused} of them at a slot that did not fill; ${f!.slotPlaces} slot places for ${f!.futureOrders} orders ahead, ${f!.futureOrdersWithTheirPlace} with their own place, ${f!.placesWithoutOrder} places without an order, ${f!.placesAboveLimit} above the limit${errorsBy ? `; errors: ${errorsBy}` : ''}`;
  });
  return `${markdownTable(slotColumns, rows)}\n\nSlots in the database after the run:\n${checks.join('\n')}`;
}

/** Whether the limit held: every line must end in 0 for the slot mode to pass. */
export function slotsVerdict(results: OrdersBenchResult[]): string[] {
  return results.map(({ db, slotFigures: f, placed, fullRefusals, errors }) => {
    const lost = f!.placedByBench - f!.ordersKept;
    const held =
      f!.overfilled === 0 &&
      f!.placeMismatches === 0 &&
      f!.wronglyRefused === 0 &&
      f!.slotsDisagreeing === 0 &&
      lost === 0;
    return `${db}: ${placed} placed, ${fullRefusals} refused as full, ${errors} errors; overfilled slots ${f!.overfilled}, place mismatches ${f!.placeMismatches}, wrong refusals ${f!.wronglyRefused}, orders lost or extra ${lost}, slots disagreeing ${f!.slotsDisagreeing}: ${held ? 'the limit held' : 'the limit did NOT hold'}`;
  });
}
