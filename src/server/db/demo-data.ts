// Demo data for an empty database: real-feeling South African coffee shops, their people and their history.
import argon2 from 'argon2';
import { sql } from 'drizzle-orm';
import { localDateOf } from '../../shared/domain/local-date.js';
import type { Database } from './client.js';
import { offeringColumns, seedDemoOptions } from './demo-options.js';
import { seedDemoOrders } from './demo-orders.js';
import {
  businessHours,
  coffeeShops,
  conversationReads,
  favorites,
  menuItems,
  messages,
  reviews,
  specialHours,
  users,
} from './schema.js';

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

type MenuSeed = {
  name: string;
  category: 'coffee' | 'tea' | 'pastries' | 'sandwiches' | 'beverages' | 'snacks';
  priceCents: number;
  description: string | null;
  preparationTime: string;
  calories: number | null;
  ingredients?: string[];
  allergens?: string[];
  isVegan?: boolean;
  isGlutenFree?: boolean;
};

/** Every shop pours these two: a newcomer (and a browser test) finds them on any shop page. */
const everyShopServes = ['Flat White', 'Cappuccino'];

// The café menus the demo shops choose from, at 2026 South African prices (specialty-shop level).
// biome-ignore format: one item a line reads like the menu board it is
const menuSeeds: readonly MenuSeed[] = [
  // Coffee
  { name: 'Flat White', category: 'coffee', priceCents: 3800, description: 'Double ristretto, velvety milk', preparationTime: '3-5 mins', calories: 120, ingredients: ['espresso', 'milk'], allergens: ['milk'], isGlutenFree: true },
  { name: 'Cappuccino', category: 'coffee', priceCents: 3600, description: 'Espresso with a deep cap of foam', preparationTime: '3-5 mins', calories: 110, ingredients: ['espresso', 'milk'], allergens: ['milk'], isGlutenFree: true },
  { name: 'Americano', category: 'coffee', priceCents: 3000, description: 'Espresso lengthened with hot water', preparationTime: '2-4 mins', calories: 10, ingredients: ['espresso', 'water'], isVegan: true, isGlutenFree: true },
  { name: 'Espresso', category: 'coffee', priceCents: 2600, description: 'A double shot of the house blend', preparationTime: '1-2 mins', calories: 5, ingredients: ['espresso'], isVegan: true, isGlutenFree: true },
  { name: 'Cortado', category: 'coffee', priceCents: 3400, description: 'Equal parts espresso and warm milk', preparationTime: '2-4 mins', calories: 70, ingredients: ['espresso', 'milk'], allergens: ['milk'], isGlutenFree: true },
  { name: 'Red Cappuccino', category: 'coffee', priceCents: 3800, description: 'Rooibos "espresso" with steamed milk, caffeine free', preparationTime: '3-5 mins', calories: 100, ingredients: ['rooibos', 'milk'], allergens: ['milk'], isGlutenFree: true },
  { name: 'Oat Milk Latte', category: 'coffee', priceCents: 4600, description: 'Espresso and steamed oat milk', preparationTime: '3-5 mins', calories: 150, ingredients: ['espresso', 'oat milk'], allergens: ['gluten'], isVegan: true },
  { name: 'Mocha', category: 'coffee', priceCents: 4500, description: 'Espresso, dark chocolate and milk', preparationTime: '4-6 mins', calories: 290, ingredients: ['espresso', 'chocolate', 'milk'], allergens: ['milk', 'soy'], isGlutenFree: true },
  { name: 'V60 Pour-over', category: 'coffee', priceCents: 5500, description: 'Single origin, brewed by hand; ask for this week’s beans', preparationTime: '6-8 mins', calories: 5, ingredients: ['single origin coffee', 'water'], isVegan: true, isGlutenFree: true },
  // Tea
  { name: 'Rooibos Latte', category: 'tea', priceCents: 3400, description: 'Cederberg rooibos with honey and steamed milk', preparationTime: '3-5 mins', calories: 130, ingredients: ['rooibos', 'milk', 'honey'], allergens: ['milk'], isGlutenFree: true },
  { name: 'Chai Latte', category: 'tea', priceCents: 4200, description: 'Spiced black tea brewed in milk', preparationTime: '4-6 mins', calories: 190, ingredients: ['black tea', 'spices', 'milk'], allergens: ['milk'], isGlutenFree: true },
  { name: 'Matcha Latte', category: 'tea', priceCents: 5200, description: 'Ceremonial-grade matcha with oat milk', preparationTime: '3-5 mins', calories: 140, ingredients: ['matcha', 'oat milk'], allergens: ['gluten'], isVegan: true },
  { name: 'Pot of Rooibos', category: 'tea', priceCents: 2400, description: null, preparationTime: '2-3 mins', calories: 0, ingredients: ['rooibos'], isVegan: true, isGlutenFree: true },
  { name: 'Earl Grey', category: 'tea', priceCents: 2600, description: 'Loose-leaf, with lemon or milk', preparationTime: '2-3 mins', calories: 0, ingredients: ['black tea', 'bergamot'], isVegan: true, isGlutenFree: true },
  // Pastries
  { name: 'Butter Croissant', category: 'pastries', priceCents: 3200, description: 'Baked every morning', preparationTime: '2 mins', calories: 280, ingredients: ['flour', 'butter'], allergens: ['gluten', 'milk', 'egg'] },
  { name: 'Almond Croissant', category: 'pastries', priceCents: 4200, description: 'Twice baked with frangipane', preparationTime: '3-4 mins', calories: 420, allergens: ['gluten', 'milk', 'egg', 'tree nuts'] },
  { name: 'Melktert', category: 'pastries', priceCents: 3500, description: 'A slice of milk tart with cinnamon', preparationTime: '1-2 mins', calories: 310, allergens: ['gluten', 'milk', 'egg'] },
  { name: 'Vegan Carrot Muffin', category: 'pastries', priceCents: 3600, description: 'Carrot, walnut and spice', preparationTime: '1-2 mins', calories: 340, allergens: ['gluten', 'tree nuts'], isVegan: true },
  { name: 'Banana Bread', category: 'pastries', priceCents: 3800, description: 'Toasted, with butter; made with almond flour', preparationTime: '3-5 mins', calories: 360, allergens: ['egg', 'milk', 'tree nuts'], isGlutenFree: true },
  { name: 'Pain au Chocolat', category: 'pastries', priceCents: 3800, description: null, preparationTime: '2 mins', calories: 330, allergens: ['gluten', 'milk', 'egg', 'soy'] },
  // Sandwiches
  { name: 'Chicken Mayo Toastie', category: 'sandwiches', priceCents: 6500, description: 'On sourdough, with a side of crisps', preparationTime: '8-10 mins', calories: 480, allergens: ['gluten', 'egg'] },
  { name: 'Cheese & Tomato Toastie', category: 'sandwiches', priceCents: 5800, description: 'Mature cheddar and rosa tomatoes', preparationTime: '6-8 mins', calories: 430, allergens: ['gluten', 'milk'] },
  { name: 'Biltong & Cream Cheese Bagel', category: 'sandwiches', priceCents: 8200, description: 'Sliced beef biltong, cream cheese, rocket', preparationTime: '5-7 mins', calories: 520, allergens: ['gluten', 'milk', 'sesame'] },
  { name: 'Avo on Rye', category: 'sandwiches', priceCents: 7200, description: 'Smashed avocado, chilli, lemon, seeds', preparationTime: '6-8 mins', calories: 390, allergens: ['gluten', 'sesame'], isVegan: true },
  { name: 'Bacon, Egg & Cheese Croissant', category: 'sandwiches', priceCents: 7800, description: null, preparationTime: '8-10 mins', calories: 610, allergens: ['gluten', 'milk', 'egg'] },
  { name: 'Roast Veg & Hummus Wrap', category: 'sandwiches', priceCents: 7400, description: 'Gluten-free wrap, butternut, peppers, hummus', preparationTime: '5-7 mins', calories: 450, allergens: ['sesame'], isVegan: true, isGlutenFree: true },
  // Beverages
  { name: 'Iced Latte', category: 'beverages', priceCents: 4800, description: 'Double shot over ice and cold milk', preparationTime: '3-5 mins', calories: 130, allergens: ['milk'], isGlutenFree: true },
  { name: 'Cold Brew', category: 'beverages', priceCents: 4500, description: 'Steeped for 18 hours, served over ice', preparationTime: '1-2 mins', calories: 5, isVegan: true, isGlutenFree: true },
  { name: 'Fresh Orange Juice', category: 'beverages', priceCents: 4200, description: 'Squeezed to order', preparationTime: '3-4 mins', calories: 160, isVegan: true, isGlutenFree: true },
  { name: 'Bar-One Milkshake', category: 'beverages', priceCents: 5500, description: 'Thick, with whipped cream', preparationTime: '4-6 mins', calories: 620, allergens: ['milk', 'soy', 'gluten'] },
  { name: 'Sparkling Water', category: 'beverages', priceCents: 2200, description: '500 ml', preparationTime: '1 min', calories: 0, isVegan: true, isGlutenFree: true },
  // Snacks
  { name: 'Koeksister', category: 'snacks', priceCents: 1800, description: 'Plaited, syrupy and cold', preparationTime: '1 min', calories: 250, allergens: ['gluten'] },
  { name: 'Buttermilk Rusks (2)', category: 'snacks', priceCents: 2200, description: 'For dunking', preparationTime: '1 min', calories: 240, allergens: ['gluten', 'milk'] },
  { name: 'Gluten-free Brownie', category: 'snacks', priceCents: 4000, description: 'Dark chocolate, fudgy middle', preparationTime: '1 min', calories: 380, allergens: ['egg', 'milk'], isGlutenFree: true },
  { name: 'Date & Nut Energy Balls', category: 'snacks', priceCents: 2800, description: 'Dates, cashews, coconut', preparationTime: '1 min', calories: 210, allergens: ['tree nuts'], isVegan: true, isGlutenFree: true },
  { name: 'Biltong (50 g)', category: 'snacks', priceCents: 5500, description: 'Karoo beef, lightly spiced', preparationTime: '1 min', calories: 160, isGlutenFree: true },
];

/**
 * The menu of the demo shop at this index: the two every shop serves and 6–13 more, taken from the seeds in
 * turn by category (coffee, tea, pastry, sandwich, …) from a point that moves with the shop, so each shop has
 * a mix of categories and no two the same list. Artisan shops charge a little more, quick service less; every
 * other shop has one item sold out.
 */
export function demoMenuFor(shopIndex: number, category: ShopSeed['category']) {
  const categories = [...new Set(menuSeeds.map((seed) => seed.category))];
  const byCategory = categories.map((name) =>
    menuSeeds.filter((seed) => seed.category === name && !everyShopServes.includes(seed.name)),
  );
  const inTurn: MenuSeed[] = [];
  for (let round = 0; inTurn.length < menuSeeds.length - everyShopServes.length; round += 1) {
    for (const seeds of byCategory) if (seeds[round]) inTurn.push(seeds[round]!);
  }
  const count = 8 + ((shopIndex * 5) % 8);
  const start = (shopIndex * 11) % inTurn.length;
  const extra = Array.from({ length: count - everyShopServes.length }, (_, index) => {
    return inTurn[(start + index) % inTurn.length]!;
  });
  const chosen = menuSeeds.filter((seed) => everyShopServes.includes(seed.name) || extra.includes(seed));
  const factor = category === 'artisan' ? 1.1 : category === 'quick_service' ? 0.9 : 1;
  const soldOutCandidates = chosen.filter((seed) => !everyShopServes.includes(seed.name));
  const soldOut = shopIndex % 2 === 0 ? soldOutCandidates[shopIndex % soldOutCandidates.length]!.name : null;
  return chosen.map((seed) => ({
    name: seed.name,
    category: seed.category,
    description: seed.description,
    // To the nearest 50 cents, as café boards price.
    priceCents: Math.round((seed.priceCents * factor) / 50) * 50,
    preparationTime: seed.preparationTime,
    calories: seed.calories,
    ingredients: seed.ingredients ?? null,
    allergens: seed.allergens ?? null,
    isVegan: seed.isVegan ?? false,
    isGlutenFree: seed.isGlutenFree ?? false,
    isAvailable: seed.name !== soldOut,
  }));
}

type Day = { open: string; close: string } | null;

/**
 * The week of the demo shop at this index (0 Sunday … 6 Saturday): quick-service shops open early, specialty
 * bars close mid-afternoon; a third of the shops close on Sunday, and the market coffee bar on Monday too.
 */
export function demoWeekFor(shopIndex: number, category: ShopSeed['category']) {
  const weekday: Day = {
    quick_service: { open: '06:30', close: '18:00' },
    specialty: { open: '07:00', close: '16:00' },
    artisan: { open: '07:30', close: '17:00' },
  }[category];
  const saturday: Day =
    category === 'quick_service' ? { open: '07:00', close: '15:00' } : { open: '08:00', close: '14:00' };
  const sunday: Day =
    shopIndex % 3 === 1
      ? null
      : category === 'quick_service'
        ? { open: '08:00', close: '13:00' }
        : { open: '09:00', close: '14:00' };
  const isMarketBar = shopSeeds[shopIndex]?.name === 'Hazel Food Market Coffee Bar';
  const week: Day[] = [sunday, isMarketBar ? null : weekday, weekday, weekday, weekday, weekday, saturday];
  return week.map((day, dayOfWeek) => ({
    dayOfWeek,
    openTime: day?.open ?? null,
    closeTime: day?.close ?? null,
    isClosed: day === null,
  }));
}

/** South Africa's next public holiday from this local date on, from a maintained holiday library. */
async function nextPublicHoliday(today: string): Promise<{ date: string; name: string } | null> {
  // Imported here, not at the top: the library holds every country's rules and only seeding needs it.
  const { default: Holidays } = await import('date-holidays');
  const calendar = new Holidays('ZA');
  const year = Number(today.slice(0, 4));
  const coming = [...calendar.getHolidays(year), ...calendar.getHolidays(year + 1)]
    .filter((holiday) => holiday.type === 'public')
    .map((holiday) => ({ date: holiday.date.slice(0, 10), name: holiday.name }))
    .filter((holiday) => holiday.date >= today)
    .sort((a, b) => a.date.localeCompare(b.date));
  return coming[0] ?? null;
}

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

    // Menus with their drinks' options, weekly hours, and the next public holiday as a special day at two shops
    // (one closed, one short).
    const items = await tx
      .insert(menuItems)
      .values(
        shops.flatMap((shop, shopIndex) =>
          demoMenuFor(shopIndex, shopSeeds[shopIndex]!.category).map((item) => ({
            ...item,
            shopId: shop.id,
          })),
        ),
      )
      .returning(offeringColumns);
    const shopNamed = (name: string) => shops[shopSeeds.findIndex((seed) => seed.name === name)]!;
    await seedDemoOptions(
      tx,
      shops.map((shop) => shop.id),
      items,
      shopNamed('Bootlegger Coffee Company').id,
    );
    await tx
      .insert(businessHours)
      .values(
        shops.flatMap((shop, shopIndex) =>
          demoWeekFor(shopIndex, shopSeeds[shopIndex]!.category).map((day) => ({ ...day, shopId: shop.id })),
        ),
      );
    const holiday = await nextPublicHoliday(localDateOf(now));
    if (holiday) {
      await tx.insert(specialHours).values([
        { shopId: shopNamed('Rosetta Roastery').id, date: holiday.date, isClosed: true, note: holiday.name },
        {
          shopId: shopNamed('Father Coffee').id,
          date: holiday.date,
          isClosed: false,
          openTime: '08:00',
          closeTime: '12:00',
          note: `${holiday.name}: short hours`,
        },
      ]);
    }

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

    // Stamp cards (issue 29) at Truth and one more shop: ten stamps for a coffee. The customers' completed orders
    // there of the last year earned stamps, 1 to 9 each (none has a full card yet); Thandi has 7 of 10 at Truth.
    const carded = [shops[0]!.id, shops[4]!.id];
    await tx.execute(sql`update coffee_shops set loyalty_enabled = true, loyalty_stamps_required = 10,
        loyalty_reward = 'Any regular coffee free', loyalty_reward_max_cents = 4500
      where id in (${carded[0]}, ${carded[1]})`);
    await tx.execute(sql`insert into loyalty_stamps (order_id, shop_id, customer_id, created_at)
      select id, shop_id, customer_id, updated_at from (
        select o.id, o.shop_id, o.customer_id, o.updated_at,
          row_number() over (partition by o.customer_id, o.shop_id order by o.created_at desc) as newest
        from orders o where o.shop_id in (${carded[0]}, ${carded[1]}) and o.status = 'completed'
          and o.created_at > ${now.toISOString()}::timestamptz - interval '12 months'
      ) stamped
      where newest <= case when customer_id = ${customers[0]!} and shop_id = ${carded[0]} then 7
        else 1 + customer_id % 9 end`);

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
    const chat = await tx
      .insert(messages)
      .values([
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
      ])
      .returning();
    // Each side has read its conversation up to its own latest message (issue 32): what the other side wrote after
    // that is unread, as in a real inbox (Thandi has Truth's last answer waiting, Bootlegger has Ayesha's question).
    const readUpTo = new Map<string, { userId: number; shopId: number; customerId: number; id: number }>();
    for (const message of chat)
      readUpTo.set(`${message.senderId}/${message.shopId}/${message.customerId}`, {
        userId: message.senderId,
        shopId: message.shopId,
        customerId: message.customerId,
        id: message.id,
      });
    await tx
      .insert(conversationReads)
      .values(
        [...readUpTo.values()].map(({ userId, shopId, customerId, id }) => ({
          userId,
          shopId,
          customerId,
          lastReadMessageId: id,
          readAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [conversationReads.userId, conversationReads.shopId, conversationReads.customerId],
        set: { lastReadMessageId: sql`excluded.last_read_message_id`, readAt: sql`excluded.read_at` },
      });

    return {
      users: insertedUsers.length,
      shops: shops.length,
      orders: orderCount,
      reviews: reviewRows.length,
    };
  });
}
