// "My usual" (issue 29): a customer's most ordered basket at a shop, found by the database in one query, with
// today's names, prices and availability from the menu.
import { sql } from 'drizzle-orm';
import {
  type ShopUsual,
  USUAL_MIN_TIMES,
  USUAL_WINDOW_DAYS,
  type Usual,
} from '../../../shared/api/orders.js';
import { centsToDecimalText } from '../../../shared/domain/money.js';
import type { Database } from '../../db/client.js';
import { executePrepared } from '../../db/prepared.js';
import { menuItemOptionGroups, menuItems, optionGroups, options, orders } from '../../db/schema.js';

/** A usual as the query gives it (cents inside, rule 16; JSON columns arrive parsed on both drivers). */
interface UsualRow {
  shopId: number;
  timesOrdered: number;
  lastOrderedAtMs: number;
  totalCents: number;
  lines: {
    menuItemId: number;
    name: string;
    quantity: number;
    options: { id: number; group: string; name: string }[];
    unitCents: number;
    available: boolean;
  }[];
}

/** The customer's usual at this shop, or null when no basket was ordered USUAL_MIN_TIMES times lately. */
export async function findUsual(
  db: Database,
  customerId: number,
  shopId: number,
  now: Date = new Date(),
): Promise<Usual | null> {
  const [row] = await selectUsuals(db, customerId, shopId, now);
  return row ? toUsual(row) : null;
}

/** The customer's usual at every shop where they have one (the favourites page's cards), most recent first. */
export async function listUsuals(
  db: Database,
  customerId: number,
  now: Date = new Date(),
): Promise<ShopUsual[]> {
  const rows = await selectUsuals(db, customerId, null, now);
  return rows.map((row) => ({ shopId: row.shopId, usual: toUsual(row) }));
}

function toUsual(row: UsualRow): Usual {
  return {
    lines: row.lines.map(({ unitCents, ...line }) => ({ ...line, price: centsToDecimalText(unitCents) })),
    total: centsToDecimalText(Number(row.totalCents)),
    timesOrdered: Number(row.timesOrdered),
    lastOrderedAt: new Date(Number(row.lastOrderedAtMs)).toISOString(),
  };
}

/**
 * One statement: the customer's orders of the last USUAL_WINDOW_DAYS days (orders_customer serves the range), not
 * cancelled, each reduced to a canonical basket key built from its items jsonb (its lines sorted by menuItemId and
 * option ids, so the order the lines were added in does not matter), grouped per shop and key; of the keys ordered
 * at least USUAL_MIN_TIMES times, each shop's most ordered one wins, a tie going to the one ordered most recently.
 * Its lines are read from its latest order and priced from today's menu.
 */
function selectUsuals(db: Database, customerId: number, shopId: number | null, now: Date) {
  // A line's options as stored: lines stored before options existed (issue 25) have none.
  const optionsOf = (line: string) =>
    sql.raw(
      `case when jsonb_typeof(${line}->'options') = 'array' then ${line}->'options' else '[]'::jsonb end`,
    );
  return executePrepared<UsualRow>(
    db,
    sql`
    with recent as (
      select o.id, o.shop_id, o.created_at, o.items from ${orders} o
      where o.customer_id = ${customerId} and o.status <> 'cancelled'
        and o.created_at >= ${now.toISOString()}::timestamptz - ${USUAL_WINDOW_DAYS}::int * interval '1 day'
        and jsonb_typeof(o.items) = 'array'
        ${shopId === null ? sql`` : sql`and o.shop_id = ${shopId}::int`}
    ),
    -- Every line naming a menu item (a loyalty reward's discount line names none), with its option ids in order.
    stored as (
      select r.id as order_id, l.line_no, (l.line->>'menuItemId')::int as menu_item_id,
        (l.line->>'quantity')::int as quantity, l.line,
        coalesce((select string_agg(chosen->>'id', ',' order by (chosen->>'id')::int)
          from jsonb_array_elements(${optionsOf('l.line')}) chosen), '') as option_key
      from recent r cross join lateral jsonb_array_elements(r.items) with ordinality as l(line, line_no)
      where jsonb_typeof(l.line->'menuItemId') = 'number'
    ),
    -- One line per item and options in an order: two such lines (which placing merges) are one, quantities added.
    merged as (
      select order_id, menu_item_id, option_key, sum(quantity)::int as quantity, min(line_no) as line_no
      from stored group by order_id, menu_item_id, option_key
    ),
    baskets as (
      select r.id as order_id, r.shop_id, r.created_at,
        string_agg(m.menu_item_id || ':' || m.option_key || '*' || m.quantity, ';'
          order by m.menu_item_id, m.option_key) as basket_key
      from recent r join merged m on m.order_id = r.id
      group by r.id, r.shop_id, r.created_at
    ),
    counted as (
      select shop_id, count(*)::int as times, max(created_at) as last_at,
        (array_agg(order_id order by created_at desc, order_id desc))[1] as latest_order_id
      from baskets group by shop_id, basket_key having count(*) >= ${USUAL_MIN_TIMES}::int
    ),
    chosen_basket as (
      select distinct on (shop_id) shop_id, times, last_at, latest_order_id from counted
      order by shop_id, times desc, last_at desc, latest_order_id desc
    ),
    -- The basket's lines as its latest order had them, with today's item and options. An option counts only while
    -- it is still offered with the item (its group attached to it); what is gone keeps its stored name and price.
    priced as (
      select c.shop_id, m.line_no, m.menu_item_id, m.quantity, coalesce(item.name, s.line->>'name') as name,
        coalesce(item.price_cents + today.cents, (s.line->>'priceCents')::int) as unit_cents,
        coalesce(item.is_available, false) and today.available as available, today.list as options
      from chosen_basket c
      join merged m on m.order_id = c.latest_order_id
      join stored s on s.order_id = m.order_id and s.line_no = m.line_no
      left join ${menuItems} item on item.id = m.menu_item_id and item.shop_id = c.shop_id
      cross join lateral (
        select coalesce(json_agg(json_build_object('id', (was.chosen->>'id')::int,
            'group', coalesce(g.name, was.chosen->>'group'), 'name', coalesce(op.name, was.chosen->>'name'))
            order by was.option_no), '[]'::json) as list,
          coalesce(sum(coalesce(op.price_cents, (was.chosen->>'priceCents')::int)), 0)::int as cents,
          coalesce(bool_and(coalesce(op.is_available, false)), true) as available
        from jsonb_array_elements(${optionsOf('s.line')}) with ordinality as was(chosen, option_no)
        left join (${options} op join ${optionGroups} g on g.id = op.group_id
            join ${menuItemOptionGroups} offered on offered.group_id = g.id and offered.menu_item_id = item.id)
          on op.id = (was.chosen->>'id')::int
      ) today
    )
    select c.shop_id as "shopId", c.times as "timesOrdered",
      (extract(epoch from c.last_at) * 1000)::float8 as "lastOrderedAtMs",
      (select sum(p.unit_cents * p.quantity)::int from priced p where p.shop_id = c.shop_id) as "totalCents",
      (select json_agg(json_build_object('menuItemId', p.menu_item_id, 'name', p.name, 'quantity', p.quantity,
          'options', p.options, 'unitCents', p.unit_cents, 'available', p.available) order by p.line_no)
        from priced p where p.shop_id = c.shop_id) as lines
    from chosen_basket c
    order by c.last_at desc`,
  );
}
