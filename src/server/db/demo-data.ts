// Demo data for an empty database: real-feeling South African coffee shops, their people and their history.
import argon2 from 'argon2';
import { sql } from 'drizzle-orm';
import type { Database } from './client.js';
import { seedDemoOrders } from './demo-orders.js';
import { businessHours, coffeeShops, favorites, menuItems, messages, reviews, users } from './schema.js';

export const DEMO_PASSWORD = 'coffee123';

export const demoUsers = [
  { username: 'Thandi', email: 'thandi@demo.brewconnect.co.za', role: 'customer' },
  { username: 'Pieter', email: 'pieter@demo.brewconnect.co.za', role: 'customer' },
  { username: 'Ayesha', email: 'ayesha@demo.brewconnect.co.za', role: 'customer' },
  { username: 'Lerato', email: 'lerato@demo.brewconnect.co.za', role: 'customer' },
  { username: 'Sipho Roasters', email: 'sipho@demo.brewconnect.co.za', role: 'shop_owner' },
  { username: 'Naledi Cafe Group', email: 'naledi@demo.brewconnect.co.za', role: 'shop_owner' },
  { username: 'Johan Brews', email: 'johan@demo.brewconnect.co.za', role: 'shop_owner' },
  { username: 'Priya Coffee Co', email: 'priya@demo.brewconnect.co.za', role: 'shop_owner' },
] as const;

type ShopSeed = {
  owner: number;
  name: string;
  category: 'specialty' | 'quick_service' | 'artisan';
  description: string;
  address: string;
  phone: string;
  latitude: number;
  longitude: number;
  deliveryTime: string;
  deliveryFeeCents: number | null;
  promotedDays?: number;
};

// Owners by index into demoUsers' shop owners: 0 Sipho, 1 Naledi, 2 Johan, 3 Priya.
const shopSeeds: ShopSeed[] = [
  {
    owner: 0,
    name: 'Truth Coffee Roasting',
    category: 'artisan',
    description: 'Steampunk roastery in the East City: single origins roasted on a vintage roaster.',
    address: '36 Buitenkant St, Cape Town City Centre, Cape Town',
    phone: '021 200 0440',
    latitude: -33.9286,
    longitude: 18.4238,
    deliveryTime: '20-30 mins',
    deliveryFeeCents: 2500,
    promotedDays: 21,
  },
  {
    owner: 0,
    name: 'Origin Coffee Roasting',
    category: 'specialty',
    description: 'The De Waterkant roastery that started Cape Town’s speciality coffee story.',
    address: '28 Hudson St, De Waterkant, Cape Town',
    phone: '021 421 1000',
    latitude: -33.9155,
    longitude: 18.4177,
    deliveryTime: '15-25 mins',
    deliveryFeeCents: 2000,
  },
  {
    owner: 1,
    name: 'Bootlegger Coffee Company',
    category: 'quick_service',
    description: 'Neighbourhood coffee, breakfast and a quick flat white on the way to the beach.',
    address: 'Shop 4, Sea Point Pavilion, Beach Rd, Sea Point, Cape Town',
    phone: '021 439 0120',
    latitude: -33.9142,
    longitude: 18.3876,
    deliveryTime: '10-20 mins',
    deliveryFeeCents: 1500,
    promotedDays: 12,
  },
  {
    owner: 3,
    name: 'Rosetta Roastery',
    category: 'specialty',
    description: 'Light roasts, filter flights and a tasting bar in Woodstock.',
    address: 'Woodstock Exchange, 66 Albert Rd, Woodstock, Cape Town',
    phone: '021 447 7455',
    latitude: -33.9274,
    longitude: 18.4488,
    deliveryTime: '20-30 mins',
    deliveryFeeCents: null,
  },
  {
    owner: 2,
    name: 'Father Coffee',
    category: 'specialty',
    description: 'Braamfontein’s favourite espresso bar: seasonal beans and serious baristas.',
    address: '73 Juta St, Braamfontein, Johannesburg',
    phone: '011 403 2256',
    latitude: -26.1929,
    longitude: 28.0336,
    deliveryTime: '15-25 mins',
    deliveryFeeCents: 2000,
    promotedDays: 28,
  },
  {
    owner: 2,
    name: 'Bean There Coffee Company',
    category: 'artisan',
    description: 'Fair-trade African coffees roasted on site in Milpark.',
    address: '44 Stanley Ave, Milpark, Johannesburg',
    phone: '011 482 1238',
    latitude: -26.1831,
    longitude: 28.0174,
    deliveryTime: '25-35 mins',
    deliveryFeeCents: 3000,
  },
  {
    owner: 1,
    name: 'Doubleshot Coffee & Tea',
    category: 'quick_service',
    description: 'Fast, friendly coffee for Rosebank’s morning rush.',
    address: '1 Cradock Ave, Rosebank, Johannesburg',
    phone: '011 447 3300',
    latitude: -26.1457,
    longitude: 28.0416,
    deliveryTime: '10-15 mins',
    deliveryFeeCents: 1500,
  },
  {
    owner: 3,
    name: 'Craft Coffee Maboneng',
    category: 'artisan',
    description: 'Hand-roasted batches and pour-overs in the heart of Maboneng.',
    address: '286 Fox St, Maboneng, Johannesburg',
    phone: '011 614 0033',
    latitude: -26.2044,
    longitude: 28.0592,
    deliveryTime: '20-30 mins',
    deliveryFeeCents: 2500,
  },
  {
    owner: 1,
    name: 'Colombo Coffee & Tea',
    category: 'quick_service',
    description: 'Durban North’s grab-and-go coffee and chai lattes.',
    address: '211 Kenneth Kaunda Rd, Durban North, Durban',
    phone: '031 563 2211',
    latitude: -29.792,
    longitude: 31.038,
    deliveryTime: '10-20 mins',
    deliveryFeeCents: 1200,
  },
  {
    owner: 0,
    name: 'Freedom Cafe',
    category: 'specialty',
    description: 'A leafy courtyard café on Florida Road with beans from local roasters.',
    address: '37 Florida Rd, Morningside, Durban',
    phone: '031 309 4453',
    latitude: -29.833,
    longitude: 31.008,
    deliveryTime: '20-30 mins',
    deliveryFeeCents: 2000,
    promotedDays: 5,
  },
  {
    owner: 2,
    name: 'Corner Cafe Umhlanga',
    category: 'quick_service',
    description: 'Sea-view espresso and fresh pastries on the Umhlanga promenade.',
    address: '1 Chartwell Dr, Umhlanga Rocks, Durban',
    phone: '031 561 1999',
    latitude: -29.7262,
    longitude: 31.0861,
    deliveryTime: '15-20 mins',
    deliveryFeeCents: 1800,
  },
  {
    owner: 3,
    name: 'Hazel Food Market Coffee Bar',
    category: 'artisan',
    description: 'Small-batch roasts and a Saturday market buzz in Menlo Park.',
    address: '3 Dey St, Menlo Park, Pretoria',
    phone: '012 460 3199',
    latitude: -25.7707,
    longitude: 28.2551,
    deliveryTime: '20-30 mins',
    deliveryFeeCents: 2200,
  },
  {
    owner: 1,
    name: 'Aroma Coffee Hatfield',
    category: 'quick_service',
    description: 'Students’ favourite for quick cappuccinos near the university.',
    address: '1122 Burnett St, Hatfield, Pretoria',
    phone: '012 362 5520',
    latitude: -25.75,
    longitude: 28.2373,
    deliveryTime: '10-15 mins',
    deliveryFeeCents: 1000,
  },
  {
    owner: 0,
    name: 'Blos Cafe Brooklyn',
    category: 'specialty',
    description: 'Specialty espresso and brunch under the jacarandas.',
    address: '66 Fehrsen St, Brooklyn, Pretoria',
    phone: '012 346 0010',
    latitude: -25.7714,
    longitude: 28.2369,
    deliveryTime: '15-25 mins',
    deliveryFeeCents: 2000,
    promotedDays: -3,
  },
];

const menuSeeds = [
  {
    name: 'Flat White',
    category: 'coffee',
    priceCents: 3800,
    preparationTime: '3-5 mins',
    calories: 120,
    allergens: ['milk'],
  },
  {
    name: 'Cappuccino',
    category: 'coffee',
    priceCents: 3600,
    preparationTime: '3-5 mins',
    calories: 110,
    allergens: ['milk'],
  },
  {
    name: 'Americano',
    category: 'coffee',
    priceCents: 3000,
    preparationTime: '2-4 mins',
    calories: 10,
    allergens: [],
  },
  {
    name: 'Rooibos Latte',
    category: 'tea',
    priceCents: 3400,
    preparationTime: '3-5 mins',
    calories: 130,
    allergens: ['milk'],
  },
  {
    name: 'Butter Croissant',
    category: 'pastries',
    priceCents: 3200,
    preparationTime: '2 mins',
    calories: 280,
    allergens: ['gluten', 'milk', 'egg'],
  },
  {
    name: 'Koeksister',
    category: 'snacks',
    priceCents: 1800,
    preparationTime: '1 min',
    calories: 250,
    allergens: ['gluten'],
  },
  {
    name: 'Chicken Mayo Toastie',
    category: 'sandwiches',
    priceCents: 6500,
    preparationTime: '8-10 mins',
    calories: 480,
    allergens: ['gluten', 'egg'],
  },
] as const;

const reviewComments = [
  'Best flat white in town, and the staff remember my order.',
  'Lovely spot, a bit busy on Saturdays.',
  'Great beans, friendly baristas. Will be back!',
  null,
  'Pre-ordered on the app and it was ready when I walked in.',
];

/** Fills an empty database; returns what it added, or null when the database already holds users. */
export async function seedDemoData(db: Database, now: Date = new Date()) {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(users)) as [
    { count: number },
  ];
  if (count > 0) return null;

  const passwordHash = await argon2.hash(DEMO_PASSWORD, { type: argon2.argon2id });
  return db.transaction(async (tx) => {
    const insertedUsers = await tx
      .insert(users)
      .values(demoUsers.map((user) => ({ ...user, passwordHash })))
      .returning({ id: users.id, role: users.role });
    const customers = insertedUsers.filter((user) => user.role === 'customer').map((user) => user.id);
    const owners = insertedUsers.filter((user) => user.role === 'shop_owner').map((user) => user.id);

    const day = 24 * 60 * 60 * 1000;
    const shops = await tx
      .insert(coffeeShops)
      .values(
        shopSeeds.map(({ owner, promotedDays, ...seed }) => ({
          ...seed,
          ownerId: owners[owner]!,
          email: `hello@${seed.name.toLowerCase().replace(/[^a-z]+/g, '')}.co.za`,
          isPromoted: promotedDays !== undefined,
          promotionExpiresAt:
            promotedDays === undefined ? null : new Date(now.getTime() + promotedDays * day),
        })),
      )
      .returning({ id: coffeeShops.id, ownerId: coffeeShops.ownerId });

    await tx.insert(menuItems).values(
      shops.flatMap((shop) =>
        menuSeeds.map((item) => ({
          ...item,
          allergens: item.allergens.length ? [...item.allergens] : null,
          shopId: shop.id,
          isVegan: item.name === 'Americano',
        })),
      ),
    );
    await tx.insert(businessHours).values(
      shops.flatMap((shop) =>
        [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
          shopId: shop.id,
          dayOfWeek,
          isClosed: dayOfWeek === 0 && shop.id % 3 === 0,
          openTime:
            dayOfWeek === 0 && shop.id % 3 === 0
              ? null
              : dayOfWeek === 0 || dayOfWeek === 6
                ? '08:00'
                : '07:00',
          closeTime:
            dayOfWeek === 0 && shop.id % 3 === 0
              ? null
              : dayOfWeek === 0 || dayOfWeek === 6
                ? '14:00'
                : '17:00',
        })),
      ),
    );

    // Reviews: each customer reviews a spread of shops; rating and reviewCount follow from them below.
    const reviewRows = shops.flatMap((shop, shopIndex) =>
      customers
        .filter((_, customerIndex) => (shopIndex + customerIndex) % 2 === 0 || shopIndex % 4 === 0)
        .map((userId, customerIndex) => ({
          userId,
          shopId: shop.id,
          rating: 3 + ((shopIndex + customerIndex) % 3),
          comment: reviewComments[(shopIndex + customerIndex) % reviewComments.length] ?? null,
        })),
    );
    await tx.insert(reviews).values(reviewRows);
    await tx.execute(sql`
      update coffee_shops s set
        review_count = r.count,
        rating = round(r.mean, 1)
      from (select shop_id, count(*)::int as count, avg(rating) as mean from reviews group by shop_id) r
      where r.shop_id = s.id`);

    await tx.insert(favorites).values([
      { userId: customers[0]!, shopId: shops[0]!.id },
      { userId: customers[0]!, shopId: shops[4]!.id },
      { userId: customers[1]!, shopId: shops[2]!.id },
    ]);

    // Orders (60 days of history per shop, the demo customers' current orders): demo-orders.ts.
    const orderCount = await seedDemoOrders(tx, { shops, customers, passwordHash, now });

    const conversation = (
      shopIndex: number,
      customer: number,
      lines: [from: 'customer' | 'shop', text: string][],
    ) =>
      lines.map(([from, content], index) => {
        const shop = shops[shopIndex]!;
        const customerId = customers[customer]!;
        return {
          shopId: shop.id,
          customerId,
          senderId: from === 'customer' ? customerId : shop.ownerId,
          receiverId: from === 'customer' ? shop.ownerId : customerId,
          content,
          createdAt: new Date(now.getTime() - (lines.length - index) * 7 * 60 * 1000 - customer * day),
        };
      });
    await tx.insert(messages).values([
      ...conversation(0, 0, [
        ['customer', 'Hi! Could I pre-order two flat whites for 8:15?'],
        ['shop', 'Morning Thandi! Absolutely, two flat whites at 8:15. Full cream or oat?'],
        ['customer', 'One oat, one full cream please.'],
        ['shop', 'Done, see you soon ☕'],
      ]),
      ...conversation(4, 1, [
        ['customer', 'Do you have the Ethiopian on filter today?'],
        ['shop', 'We do, the Guji natural. It is lovely this week.'],
      ]),
      ...conversation(2, 2, [['customer', 'Are you open on Heritage Day?']]),
    ]);

    return {
      users: insertedUsers.length,
      shops: shops.length,
      orders: orderCount,
      reviews: reviewRows.length,
    };
  });
}
