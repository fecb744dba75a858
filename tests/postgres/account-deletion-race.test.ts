// Deleting an account while an order is being written (issue 28), over PostgreSQL: the refusals are read under row
// locks inside the deletion's transaction (account/deletion.ts). PGlite runs one statement at a time, so the
// interleaving exists only here. Needs DATABASE_URL (npm run test:postgres).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { users } from '../../src/server/db/schema.js';
import { makeShop, makeUser } from '../support/factories.js';
import { addMenuItems, postOrder, soon } from '../support/order-factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

if (!process.env.DATABASE_URL)
  throw new Error('The account deletion race test needs DATABASE_URL=postgres://… (npm run test:postgres)');

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(async () => {
  await server?.close();
});

async function userRow(id: number) {
  return (await server.database.db.select().from(users).where(eq(users.id, id)))[0]!;
}

// The refusals are read under row locks inside the deletion's transaction (account/deletion.ts): an order or an
// online checkout whose row is being written when the deletion starts holds its shop's and its customer's rows
// (the foreign keys' FOR KEY SHARE) until it commits, and the deletion waits for it and then sees it. PGlite runs
// one statement at a time, so the interleaving exists only on PostgreSQL.
test('over PostgreSQL, an order or a checkout being written when the deletion starts is waited for and refuses it', async () => {
  const owner = await makeUser(server.api, 'shop_owner');
  const customer = await makeUser(server.api);
  const shop = await makeShop(server.api, owner);
  const placing = await server.database.pool!.connect();
  const someoneWaits = async () =>
    (
      await placing.query<{ n: number }>(
        `select count(*)::int as n from pg_locks
           where not granted and pid in (select pid from pg_stat_activity where datname = current_database())`,
      )
    ).rows[0]!.n > 0;
  try {
    // An owner's shop with a counter order being written.
    await placing.query('begin');
    const order = await placing.query<{ id: number }>(
      `insert into orders (shop_id, customer_id, items, total_cents) values ($1, $2, '[]'::jsonb, 3500)
         returning id`,
      [shop.id, customer.user.id],
    );
    const ownerDeleting = server.api
      .as(owner)
      .delete<{ message: string }>('/api/account', { password: 'flatwhite1' });
    for (let waited = 0; !(await someoneWaits()) && waited < 10_000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await someoneWaits()).toBe(true);
    await placing.query('commit');
    expect(await ownerDeleting).toMatchObject({
      status: 409,
      body: {
        message: `Your shop has order #${order.rows[0]!.id} still pending: finish or cancel it first`,
      },
    });

    // Another customer's online checkout being written.
    const buyer = await makeUser(server.api);
    await placing.query('begin');
    const checkout = await placing.query<{ order_id: number }>(
      `insert into order_checkouts (order_id, customer_id, shop_id, reference, subaccount_code, total_cents,
           "placing", expires_at)
         values (nextval(pg_get_serial_sequence('orders', 'id')), $1, $2, $3, 'ACCT_test', 3500,
           '{"names": {"shopName": "x", "customerName": "y"}}'::jsonb, now() + interval '30 minutes')
         returning order_id`,
      [buyer.user.id, shop.id, `order_lock_test_${buyer.user.id}`],
    );
    const customerDeleting = server.api
      .as(buyer)
      .delete<{ message: string }>('/api/account', { password: 'flatwhite1' });
    for (let waited = 0; !(await someoneWaits()) && waited < 10_000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await someoneWaits()).toBe(true);
    await placing.query('commit');
    expect(await customerDeleting).toMatchObject({
      status: 409,
      body: {
        message: `Your order #${checkout.rows[0]!.order_id} is still waiting for payment: pay for it or let it expire first`,
      },
    });
    expect((await userRow(buyer.user.id)).deletedAt).toBeNull();
  } finally {
    await placing.query('rollback').catch(() => {});
    placing.release();
  }
});

// The other side of the race: a placement that read the shop (taking orders) just before the owner's deletion locked
// it, and writes just after. Its insert reads the shop again under FOR KEY SHARE (orders/service.ts openToOrderCte),
// so it waits for the deletion and then writes nothing: 409, no order at a removed shop.
test('over PostgreSQL, an order whose shop stops taking orders between its read and its write is refused', async () => {
  const owner = await makeUser(server.api, 'shop_owner');
  const customer = await makeUser(server.api);
  const shop = await makeShop(server.api, owner, { name: 'Closing Coffee' });
  const [item] = await addMenuItems(server.database.db, shop.id, [{ name: 'Flat White' }]);
  const closing = await server.database.pool!.connect();
  try {
    // What the deletion does first: lock the shop and take it out of ordering, not yet committed.
    await closing.query('begin');
    await closing.query('select id from coffee_shops where id = $1 for update', [shop.id]);
    await closing.query(
      'update coffee_shops set accepting_orders = false, removed_at = now() where id = $1',
      [shop.id],
    );
    const placing = postOrder<{ message: string }>(server.baseUrl, customer, {
      shopId: shop.id,
      items: [{ menuItemId: item!.id, quantity: 1 }],
      pickupTime: soon(),
    });
    // The placement's read sees the shop as committed (taking orders); its insert then waits on the lock.
    for (let waited = 0; !(await someoneWaits(closing)) && waited < 10_000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await someoneWaits(closing)).toBe(true);
    await closing.query('commit');
    expect(await placing).toMatchObject({
      status: 409,
      body: { message: 'Closing Coffee is not taking orders right now' },
    });
    const written = await closing.query('select count(*)::int as n from orders where shop_id = $1', [
      shop.id,
    ]);
    expect(written.rows[0].n).toBe(0);
  } finally {
    await closing.query('rollback').catch(() => {});
    closing.release();
  }
});

async function someoneWaits(client: { query: (text: string) => Promise<{ rows: { n: number }[] }> }) {
  const waiting = await client.query(
    `select count(*)::int as n from pg_locks
     where not granted and pid in (select pid from pg_stat_activity where datname = current_database())`,
  );
  return waiting.rows[0]!.n > 0;
}
