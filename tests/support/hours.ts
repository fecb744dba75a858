// Sets a shop's weekly hours and special days straight in the database, as the hours routes store them, and
// tells the app its shops changed (as those routes do) so no cached discover answer outlives the change.
import { eq } from 'drizzle-orm';
import { businessHours, specialHours } from '../../src/server/db/schema.js';
import type { SpecialHours, WeeklyHours } from '../../src/shared/domain/opening-hours.js';
import type { TestApp } from './test-app.js';

type Server = Pick<TestApp, 'app' | 'database'>;

/** Weekly row 'HH:MM'–'HH:MM' for a weekday (0 Sunday … 6 Saturday). */
export const openDay = (dayOfWeek: number, openTime: string, closeTime: string): WeeklyHours => ({
  dayOfWeek,
  openTime,
  closeTime,
  isClosed: false,
});
export const closedDay = (dayOfWeek: number): WeeklyHours => ({
  dayOfWeek,
  openTime: null,
  closeTime: null,
  isClosed: true,
});
export const specialDay = (date: string, openTime: string, closeTime: string): SpecialHours => ({
  date,
  openTime,
  closeTime,
  isClosed: false,
});
export const closedSpecialDay = (date: string): SpecialHours => ({
  date,
  openTime: null,
  closeTime: null,
  isClosed: true,
});

/** Replaces the shop's hours with these. */
export async function setHours(
  server: Server,
  shopId: number,
  weekly: WeeklyHours[],
  special: SpecialHours[] = [],
): Promise<void> {
  const db = server.database.db;
  await db.transaction(async (tx) => {
    await tx.delete(businessHours).where(eq(businessHours.shopId, shopId));
    await tx.delete(specialHours).where(eq(specialHours.shopId, shopId));
    if (weekly.length > 0) await tx.insert(businessHours).values(weekly.map((row) => ({ shopId, ...row })));
    if (special.length > 0) await tx.insert(specialHours).values(special.map((row) => ({ shopId, ...row })));
  });
  server.app.deps.shopsChanged();
}
