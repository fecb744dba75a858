// Two app processes on one PostgreSQL database, verify and Paystack's webhook racing on both: every reference
// activates once and moves its shop's expiry by exactly 30 days (ADR 0001). Needs DATABASE_URL (npm run test:postgres).
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.js';
import { coffeeShops, promotions } from '../../src/server/db/schema.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { InitializePromotionResult } from '../../src/shared/api/promotions.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { makeShop, makeUser } from '../support/factories.js';
import { type FakePaystack, startFakePaystack } from '../support/fake-paystack.js';
import { type Instance, startInstances, stopInstance } from '../support/server-process.js';
import { createPostgresDatabase } from '../support/test-app.js';

const postgresUrl = process.env.DATABASE_URL;
if (!postgresUrl)
  throw new Error('The promotion race test needs DATABASE_URL=postgres://… (npm run test:postgres)');

const DAY_MS = 24 * 60 * 60 * 1000;
const SHOPS = 6;
/** Of each kind (verify, webhook), per instance, per reference: 6 shops × 2 kinds × 2 instances × 3 = 72 at once. */
const REPEATS = 3;

describe('promotion activation across two instances on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let handle: DatabaseHandle;
  let paystack: FakePaystack;
  const instances: Instance[] = [];
  let owner: AuthResponse;
  let shops: Shop[];

  beforeAll(async () => {
    paystack = await startFakePaystack();
    database = await createPostgresDatabase(postgresUrl);
    // Migrated once up front (so the instances do not race to create the schema), and kept to read the rows.
    handle = await openDatabase({ databaseUrl: database.url, dataDir: 'memory' });
    instances.push(
      ...(await startInstances(database.url, 2, {
        PAYSTACK_SECRET_KEY: paystack.secretKey,
        PAYSTACK_BASE_URL: paystack.url,
      })),
    );
    owner = await makeUser(instances[0]!.api, 'shop_owner');
    shops = [];
    for (let index = 0; index < SHOPS; index += 1) shops.push(await makeShop(instances[0]!.api, owner));
  });

  afterAll(async () => {
    await Promise.all(instances.map((instance) => stopInstance(instance.child)));
    await handle?.close();
    await database?.drop();
    await paystack?.close();
  });

  /** A paid (not yet verified) promotion for each shop, initialized through alternating instances. */
  async function payForEveryShop() {
    const references: string[] = [];
    for (const [index, shop] of shops.entries()) {
      const reply = await instances[index % 2]!.api.as(owner).post<InitializePromotionResult>(
        '/api/promotions/initialize',
        { shopId: shop.id },
      );
      expect(reply.status).toBe(200);
      paystack.pay(reply.body.reference);
      references.push(reply.body.reference);
    }
    return references;
  }

  /** Every way a reference can be activated, on both instances, all at once; the HTTP statuses. */
  async function raceActivations(references: string[]) {
    const attempts = references.flatMap((reference) => {
      const { body, signature } = paystack.chargeSuccessEvent(reference);
      return instances.flatMap((instance) =>
        Array.from({ length: REPEATS }, () => [
          instance.api
            .as(owner)
            .post('/api/promotions/verify', { reference })
            .then((reply) => reply.status),
          fetch(`${instance.base}/api/payments/paystack/webhook`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
            body,
          }).then((reply) => reply.status),
        ]).flat(),
      );
    });
    return Promise.all(attempts);
  }

  async function expiries() {
    const rows = await handle.db
      .select({
        id: coffeeShops.id,
        expiresAt: coffeeShops.promotionExpiresAt,
        isPromoted: coffeeShops.isPromoted,
      })
      .from(coffeeShops)
      .where(
        inArray(
          coffeeShops.id,
          shops.map((shop) => shop.id),
        ),
      );
    return new Map(rows.map((row) => [row.id, row]));
  }

  test('a first promotion, activated by 12 racing calls over two instances, runs exactly 30 days from now', async () => {
    const references = await payForEveryShop();
    const before = Date.now();
    const statuses = await raceActivations(references);
    const after = Date.now();
    expect(statuses).toHaveLength(SHOPS * 2 * 2 * REPEATS);
    expect(new Set(statuses)).toEqual(new Set([200]));

    const now = await expiries();
    for (const shop of shops) {
      const row = now.get(shop.id)!;
      expect(row.isPromoted).toBe(true);
      expect(row.expiresAt!.getTime()).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 1000);
      expect(row.expiresAt!.getTime()).toBeLessThanOrEqual(after + 30 * DAY_MS + 1000);
    }
    const rows = await handle.db.select().from(promotions).where(inArray(promotions.reference, references));
    expect(rows.map((row) => row.status)).toEqual(references.map(() => 'active'));
  });

  test('a second payment while featured, raced the same way, extends each expiry by exactly 30 days', async () => {
    const first = await expiries();
    const references = await payForEveryShop();
    const statuses = await raceActivations(references);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const second = await expiries();
    for (const shop of shops) {
      const moved = second.get(shop.id)!.expiresAt!.getTime() - first.get(shop.id)!.expiresAt!.getTime();
      expect(moved).toBe(30 * DAY_MS);
    }
    for (const reference of references) {
      const [row] = await handle.db.select().from(promotions).where(eq(promotions.reference, reference));
      expect(row!.status).toBe('active');
      expect(row!.endDate!.getTime()).toBe(second.get(row!.shopId)!.expiresAt!.getTime());
    }
  });
});
