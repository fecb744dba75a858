// The 30-groups-per-shop limit under racing creates (issue 25, CONVENTIONS rule 22): two app instances on one
// PostgreSQL database, 35 creates for one shop at once, exactly 30 stored. Needs DATABASE_URL (npm run test:postgres).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { optionGroups } from '../../src/server/db/schema.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import { MAX_OPTION_GROUPS_PER_SHOP } from '../../src/shared/api/option-groups.js';
import { makeShop, makeUser } from '../support/factories.js';
import { startAppOn, startTestApp, type TestApp } from '../support/test-app.js';

if (!process.env.DATABASE_URL)
  throw new Error('The option groups race test needs DATABASE_URL=postgres://… (npm run test:postgres)');

describe('option groups created at once on two instances of one PostgreSQL database', () => {
  let first: TestApp;
  let second: Awaited<ReturnType<typeof startAppOn>>;
  let owner: AuthResponse;

  beforeAll(async () => {
    first = await startTestApp();
    second = await startAppOn(first.database);
    owner = await makeUser(first.api, 'shop_owner');
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  test('35 simultaneous creates for one shop store exactly 30; the other 5 are 400', async () => {
    const shop = await makeShop(first.api, owner);
    const attempts = Array.from({ length: 35 }, (_, index) =>
      (index % 2 === 0 ? first : second).api.as(owner).post('/api/option-groups', {
        shopId: shop.id,
        name: `Group ${index + 1}`,
        minSelected: 0,
        maxSelected: 1,
        options: [{ name: 'Oat milk', price: '8' }],
      }),
    );
    const statuses = (await Promise.all(attempts)).map((reply) => reply.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_OPTION_GROUPS_PER_SHOP);
    expect(statuses.filter((status) => status === 400)).toHaveLength(35 - MAX_OPTION_GROUPS_PER_SHOP);
    const stored = await first.database.db.$count(optionGroups, eq(optionGroups.shopId, shop.id));
    expect(stored).toBe(MAX_OPTION_GROUPS_PER_SHOP);
    expect((await second.api.get<unknown[]>(`/api/option-groups/${shop.id}`)).body).toHaveLength(stored);
  });
});
