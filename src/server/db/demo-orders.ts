// Demo orders: 60 days of past orders for every demo shop (items from its own menu with the options customers
// choose, times within its own hours, regulars and walk-ins, some cancelled) and the demo customers' orders in every
// state right now, so the dashboard and analytics show real figures on `npm start`. Reads menus, options and hours
// from the database; stores each line as placing an order does; bulk inserts only.
import { TZDate } from '@date-fns/tz';
import { sql } from 'drizzle-orm';
import { localDateOf } from '../../shared/domain/local-date.js';
import { centsToDecimalText, centsToRand } from '../../shared/domain/money.js';
import { SHOP_TIME_ZONE } from '../../shared/domain/opening-hours.js';
import { optionsLabel, unitPriceCents } from '../../shared/domain/option-selection.js';
import { type OrderStatus, orderProgress, orderStatusMessage } from '../../shared/domain/order-status.js';
import type { Transaction } from './client.js';
import { chooseDemoOptions, demoGroupsOfItems } from './demo-options.js';
import { businessHours, menuItems, messages, orderLines, orders, slotPlaces, users } from './schema.js';

const MINUTE = 60_000;

/** The pickup code alphabet of orders/service.ts (no look-alikes). */
const CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
/**
 * A demo order's pickup code from its id: a bijection of the ids below 25⁴ (7919 shares no factor with 5), so no
 * two demo orders share one, let alone at one shop on one day.
 */
function demoPickupCode(id: number): string {
  let n = (id * 7919 + 12345) % CODE_ALPHABET.length ** 4;
  let code = '';
  for (let place = 0; place < 4; place += 1) {
    code += CODE_ALPHABET[n % CODE_ALPHABET.length];
    n = Math.floor(n / CODE_ALPHABET.length);
  }
  return code;
}
const HISTORY_DAYS = 60;
/** Rows per INSERT: a few statements, each parameter a JSON text of modest size. */
const CHUNK = 5000;
/** Walk-in customers beside the four demo customers, so 'unique customers' means something. */
const REGULARS = 36;

/** A small seeded generator: the same demo every time, and no dependency. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface MenuRow {
  id: number;
  shopId: number;
  name: string;
  priceCents: number;
  isAvailable: boolean;
}

/** A line as placing an order stores it: the unit price includes the options, kept with their names and prices. */
interface Line {
  menuItemId: number;
  name: string;
  quantity: number;
  priceCents: number;
  options: { id: number; group: string; name: string; priceCents: number }[];
  /** Names of the groups the item offered (order_lines.option_groups only), null when none. */
  optionGroups: string[] | null;
}

interface PlannedOrder {
  shopId: number;
  ownerId: number;
  customerId: number;
  lines: Line[];
  status: OrderStatus;
  createdAt: Date;
  pickupTime: Date;
  history: { status: OrderStatus; at: string }[];
  readyAt: Date | null;
  notes: string | null;
  /** The demo customers' current orders also appear in their conversation with the shop. */
  withMessage: boolean;
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** A run of statuses from pending to `status`, each a few minutes after the one before. */
function historyUpTo(status: OrderStatus, createdAt: Date, pickupTime: Date, next: () => number) {
  const path: OrderStatus[] =
    status === 'cancelled'
      ? ['pending', 'cancelled']
      : orderProgress.slice(0, orderProgress.indexOf(status) + 1);
  const offsets: Record<OrderStatus, number> = {
    pending: 0,
    confirmed: 1 + next() * 3,
    preparing: 4 + next() * 3,
    ready: (pickupTime.getTime() - createdAt.getTime()) / MINUTE - 2 - next() * 4,
    completed: (pickupTime.getTime() - createdAt.getTime()) / MINUTE + next() * 10,
    cancelled: 2 + next() * 6,
  };
  const history = path.map((step) => ({
    status: step,
    at: new Date(createdAt.getTime() + Math.max(0, offsets[step]) * MINUTE).toISOString(),
  }));
  const ready = history.find((entry) => entry.status === 'ready');
  return { history, readyAt: ready ? new Date(ready.at) : null };
}

export async function seedDemoOrders(
  tx: Transaction,
  input: {
    shops: { id: number; ownerId: number }[];
    /** The demo customers (who sign in): they get current orders in every state. */
    customers: number[];
    /** For the walk-in customers this adds; the demo password's hash. */
    passwordHash: string;
    now: Date;
  },
): Promise<number> {
  const { shops, customers, now } = input;
  const next = random(20_261_123);
  const regulars = await tx
    .insert(users)
    .values(
      Array.from({ length: REGULARS }, (_, index) => ({
        username: `Regular ${index + 1}`,
        email: `regular${index + 1}@demo.brewconnect.co.za`,
        passwordHash: input.passwordHash,
        role: 'customer' as const,
      })),
    )
    .returning({ id: users.id });
  const everyone = [...customers, ...regulars.map((user) => user.id)];

  const menu = (await tx
    .select({
      id: menuItems.id,
      shopId: menuItems.shopId,
      name: menuItems.name,
      priceCents: menuItems.priceCents,
      isAvailable: menuItems.isAvailable,
    })
    .from(menuItems)) as MenuRow[];
  const hours = await tx.select().from(businessHours);
  const groupsOf = await demoGroupsOfItems(tx);

  const pickLines = (shopId: number): Line[] => {
    const available = menu.filter((item) => item.shopId === shopId && item.isAvailable);
    const count = next() < 0.55 ? 1 : next() < 0.7 ? 2 : 3;
    const lines: Line[] = [];
    for (let index = 0; index < count && available.length > 0; index += 1) {
      // Earlier menu items (the coffees) sell more than the rest.
      const item = available[Math.floor(next() ** 1.6 * available.length)]!;
      if (lines.some((line) => line.menuItemId === item.id)) continue;
      const groups = groupsOf.get(item.id) ?? [];
      const chosen = chooseDemoOptions(groups, next).map(({ group, option }) => ({
        id: option.id,
        group: group.name,
        name: option.name,
        priceCents: option.priceCents,
      }));
      lines.push({
        menuItemId: item.id,
        name: item.name,
        quantity: next() < 0.75 ? 1 : 2,
        priceCents: unitPriceCents(
          item.priceCents,
          chosen.map((option) => option.priceCents),
        ),
        options: chosen,
        optionGroups: groups.length > 0 ? groups.map((group) => group.name) : null,
      });
    }
    return lines;
  };

  const planned: PlannedOrder[] = [];
  const todayLocal = new TZDate(now.getTime(), SHOP_TIME_ZONE);
  shops.forEach((shop, shopIndex) => {
    const popularity = 0.6 + ((shopIndex * 37) % 10) / 10;
    for (let daysAgo = HISTORY_DAYS; daysAgo >= 0; daysAgo -= 1) {
      const local = new TZDate(
        todayLocal.getFullYear(),
        todayLocal.getMonth(),
        todayLocal.getDate() - daysAgo,
        0,
        0,
        SHOP_TIME_ZONE,
      );
      const weekday = local.getDay();
      const row = hours.find((entry) => entry.shopId === shop.id && entry.dayOfWeek === weekday);
      const open = row ? (row.isClosed || !row.openTime ? null : minutesOf(row.openTime)) : 7 * 60;
      const close = row ? (row.isClosed || !row.closeTime ? null : minutesOf(row.closeTime)) : 17 * 60;
      if (open === null || close === null || close - open < 60) continue;
      // Busier at weekends and, gently, in recent weeks.
      const count = Math.round(
        (weekday === 0 || weekday === 6 ? 8 : 6) *
          popularity *
          (0.8 + 0.4 * next()) *
          (1 + (HISTORY_DAYS - daysAgo) / 240),
      );
      for (let index = 0; index < count; index += 1) {
        // Morning rush: times cluster in the first hours after opening.
        const minute = open + Math.floor(next() ** 1.8 * (close - open - 30));
        const createdAt = new Date(local.getTime() + minute * MINUTE + Math.floor(next() * 60_000));
        if (createdAt.getTime() > now.getTime() - 45 * MINUTE) continue;
        const lines = pickLines(shop.id);
        if (lines.length === 0) continue;
        const pickupTime = new Date(createdAt.getTime() + (12 + Math.floor(next() * 4) * 5) * MINUTE);
        const status: OrderStatus = next() < 0.06 ? 'cancelled' : 'completed';
        planned.push({
          shopId: shop.id,
          ownerId: shop.ownerId,
          customerId: everyone[Math.floor(next() ** 1.3 * everyone.length)]!,
          lines,
          status,
          createdAt,
          pickupTime,
          ...historyUpTo(status, createdAt, pickupTime, next),
          notes: next() < 0.1 ? 'Extra hot, please' : null,
          withMessage: false,
        });
      }
    }
  });

  // Right now: each demo customer has orders moving through every state at the first shops.
  const current: OrderStatus[] = ['pending', 'confirmed', 'preparing', 'ready', 'completed', 'cancelled'];
  customers.forEach((customerId, customerIndex) => {
    current.forEach((status, statusIndex) => {
      const shop = shops[(customerIndex + statusIndex) % Math.min(shops.length, 4)]!;
      const lines = pickLines(shop.id);
      if (lines.length === 0) return;
      const createdAt = new Date(now.getTime() - (4 + statusIndex * 6 + customerIndex) * MINUTE);
      const pickupTime = new Date(
        now.getTime() + (status === 'completed' ? -5 : 15 + statusIndex * 5) * MINUTE,
      );
      planned.push({
        shopId: shop.id,
        ownerId: shop.ownerId,
        customerId,
        lines,
        status,
        createdAt,
        pickupTime,
        ...historyUpTo(status, createdAt, pickupTime, () => 0.5),
        notes: statusIndex === 0 ? 'Extra hot, please' : null,
        withMessage: true,
      });
    });
  });
  // Ids follow placement time, as they would have.
  planned.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  for (const order of planned) {
    for (const entry of order.history)
      if (new Date(entry.at).getTime() > now.getTime()) entry.at = now.toISOString();
  }

  // Ids are given here (the database is fresh: seeding only runs on an empty one), so lines and messages can name
  // their order without a round trip per chunk; each table is then one INSERT … SELECT from a JSON parameter,
  // which both PGlite and node-postgres take far faster than thousands of bound values.
  const [{ base }] = (
    (await tx.execute(sql`select coalesce(max(id), 0)::int as base from orders`)) as unknown as {
      rows: { base: number }[];
    }
  ).rows as [{ base: number }];
  const totalOf = (order: PlannedOrder) =>
    order.lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const orderRows = planned.map((order, index) => ({
    id: base + index + 1,
    shop_id: order.shopId,
    customer_id: order.customerId,
    items: order.lines.map(({ optionGroups: _offered, ...line }) => line),
    total_cents: totalOf(order),
    status: order.status,
    status_history: order.history,
    ready_at:
      order.readyAt && order.readyAt > now ? now.toISOString() : (order.readyAt?.toISOString() ?? null),
    pickup_time: order.pickupTime.toISOString(),
    notes: order.notes,
    pickup_code: demoPickupCode(base + index + 1),
    pickup_day: localDateOf(order.pickupTime),
    created_at: order.createdAt.toISOString(),
    updated_at: order.history.at(-1)!.at,
  }));
  const lineRows = planned.flatMap((order, index) =>
    order.lines.map((line) => ({
      order_id: base + index + 1,
      shop_id: order.shopId,
      menu_item_id: line.menuItemId,
      name: line.name,
      quantity: line.quantity,
      price_cents: line.priceCents,
      created_at: order.createdAt.toISOString(),
      options: line.options,
      option_groups: line.optionGroups,
      is_cancelled: order.status === 'cancelled',
    })),
  );
  const messageRows = planned.flatMap((order, index) => {
    if (!order.withMessage) return [];
    const orderId = base + index + 1;
    const total = totalOf(order);
    // As the placement's message has them: 'Order #12: 2 × Flat White (Large · Oat milk) (R114.00)'.
    const summary = order.lines.map((line) => {
      const chosen = optionsLabel(line.options);
      return `${line.quantity} × ${line.name}${chosen ? ` (${chosen})` : ''}`;
    });
    const items = order.lines.map((line) => ({
      menuItemId: line.menuItemId,
      name: line.name,
      quantity: line.quantity,
      price: centsToDecimalText(line.priceCents),
      options: line.options.map(({ priceCents, ...option }) => ({
        ...option,
        price: centsToDecimalText(priceCents),
      })),
    }));
    return order.history.map((entry, step) => ({
      shopId: order.shopId,
      customerId: order.customerId,
      senderId: step === 0 || entry.status === 'cancelled' ? order.customerId : order.ownerId,
      receiverId: step === 0 || entry.status === 'cancelled' ? order.ownerId : order.customerId,
      content:
        step === 0
          ? `Order #${orderId}: ${summary.join(', ')} (${centsToRand(total)})`
          : orderStatusMessage(orderId, entry.status),
      messageType: 'order' as const,
      orderData: JSON.stringify(
        step === 0 ? { orderId, items, total: centsToDecimalText(total) } : { orderId, status: entry.status },
      ),
      createdAt: new Date(entry.at),
    }));
  });
  for (let start = 0; start < orderRows.length; start += CHUNK) {
    await tx.execute(sql`
      insert into ${orders} (id, shop_id, customer_id, items, total_cents, status, status_history, ready_at,
        pickup_time, notes, pickup_code, pickup_day, created_at, updated_at)
      select id, shop_id, customer_id, items, total_cents, status::order_status, status_history, ready_at,
        pickup_time, notes, pickup_code, pickup_day, created_at, updated_at
      from jsonb_to_recordset(${JSON.stringify(orderRows.slice(start, start + CHUNK))}::jsonb) as x(
        id int, shop_id int, customer_id int, items jsonb, total_cents int, status text, status_history jsonb,
        ready_at timestamptz, pickup_time timestamptz, notes text, pickup_code text, pickup_day date,
        created_at timestamptz, updated_at timestamptz)`);
  }
  for (let start = 0; start < lineRows.length; start += CHUNK) {
    await tx.execute(sql`
      insert into ${orderLines} (order_id, shop_id, menu_item_id, name, quantity, price_cents, created_at, options,
        option_groups, is_cancelled)
      select * from jsonb_to_recordset(${JSON.stringify(lineRows.slice(start, start + CHUNK))}::jsonb) as x(
        order_id int, shop_id int, menu_item_id int, name text, quantity int, price_cents int,
        created_at timestamptz, options jsonb, option_groups text[], is_cancelled boolean)`);
  }
  await tx.execute(sql`select setval(pg_get_serial_sequence('orders', 'id'), ${base + orderRows.length})`);
  // The orders still open hold their places as placing would have given them (migrations 0013 and 0015 do the
  // same for a database that already has orders): open-order places, and places in the coming pickup slots.
  await tx.execute(sql`
    update ${orders} set open_slot = numbered.place
    from (select id, row_number() over (partition by customer_id, shop_id order by created_at, id) as place
      from ${orders} where status in ('pending', 'confirmed')) as numbered
    where ${orders.id} = numbered.id`);
  await tx.execute(sql`
    insert into ${slotPlaces} (shop_id, slot_at, place, order_id)
    select shop_id, slot_at, row_number() over (partition by shop_id, slot_at order by created_at, id), id
    from (select id, shop_id, created_at,
        to_timestamp(floor(extract(epoch from pickup_time) / 900) * 900) as slot_at
      from ${orders} where status <> 'cancelled' and pickup_time >= ${now.toISOString()}::timestamptz - interval '1 day'
    ) as waiting`);
  if (messageRows.length > 0) await tx.insert(messages).values(messageRows);
  await tx.execute(sql`analyze orders`);
  await tx.execute(sql`analyze order_lines`);
  return planned.length;
}
