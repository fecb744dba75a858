// Favourites: a customer's saved shops; adding and removing are idempotent (spec §4 Favourite toggles).
import { and, desc, eq } from 'drizzle-orm';
import type { Favorite } from '../../../shared/api/favorites.js';
import type { Database } from '../../db/client.js';
import { coffeeShops, favorites } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { withOpenState } from '../shops/open-now.js';
import { toShop } from '../shops/service.js';

export async function listFavorites(db: Database, userId: number): Promise<Favorite[]> {
  const rows = await db
    .select({ favorite: favorites, shop: coffeeShops })
    .from(favorites)
    .innerJoin(coffeeShops, eq(coffeeShops.id, favorites.shopId))
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt), desc(favorites.shopId));
  // Favourites show shop cards, and cards say whether the shop is open now.
  const shops = await withOpenState(
    db,
    rows.map(({ shop }) => toShop(shop)),
    new Date(),
  );
  return rows.map(({ favorite }, index) => ({
    shopId: favorite.shopId,
    createdAt: favorite.createdAt.toISOString(),
    shop: shops[index]!,
  }));
}

export async function isFavorite(db: Database, userId: number, shopId: number): Promise<boolean> {
  const [row] = await db
    .select({ shopId: favorites.shopId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.shopId, shopId)));
  return Boolean(row);
}

export async function addFavorite(db: Database, userId: number, shopId: number): Promise<void> {
  const [shop] = await db.select({ id: coffeeShops.id }).from(coffeeShops).where(eq(coffeeShops.id, shopId));
  if (!shop) throw new HttpError(404, 'Coffee shop not found');
  await db.insert(favorites).values({ userId, shopId }).onConflictDoNothing();
}

export async function removeFavorite(db: Database, userId: number, shopId: number): Promise<void> {
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.shopId, shopId)));
}
