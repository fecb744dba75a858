// Deletes stored photos that no shop or menu item refers to a day after they were uploaded: a photo picked and
// never saved, or replaced since, would otherwise stay on disk for ever (issue 33). Safe on several instances:
// each decides from the database alone, and deleting a file another instance deleted first is no error.
import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { uploadFileName, uploadUrl } from '../../../shared/api/uploads.js';
import type { Database } from '../../db/client.js';
import { coffeeShops, menuItems } from '../../db/schema.js';

/** How long an uploaded photo may wait to be used: an owner's form left open overnight still saves it. */
export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;
/** Names looked up in the database per query. */
const BATCH = 200;
/** The files this service makes (features/uploads/routes.ts): a photo's name, and its thumbnail's. */
const storedName = /^([0-9a-f]{32})(?:-\d+)?\.webp$/;

/** Every form a photo of this name is referred to by: the full copy's URL and the thumbnail's. */
const referencesTo = (name: string) => [uploadUrl(name), `/uploads/${uploadFileName(name, 'thumbnail')}`];

/** The photo names among `names` that a shop or a menu item refers to, in either form. */
async function referencedNames(db: Database, names: string[]): Promise<Set<string>> {
  const urls = names.flatMap(referencesTo);
  const [shops, items] = await Promise.all([
    db.select({ url: coffeeShops.imageUrl }).from(coffeeShops).where(inArray(coffeeShops.imageUrl, urls)),
    db.select({ url: menuItems.imageUrl }).from(menuItems).where(inArray(menuItems.imageUrl, urls)),
  ]);
  return new Set([...shops, ...items].map((row) => storedName.exec(path.basename(row.url ?? ''))?.[1] ?? ''));
}

/**
 * Deletes the files in `directory` older than ORPHAN_AGE_MS (by their modification time) whose photo no shop
 * and no menu item refers to; returns how many it deleted. Files of other names are never touched.
 */
export async function sweepOrphanUploads(
  db: Database,
  directory: string,
  now: Date = new Date(),
): Promise<number> {
  const entries = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  // Old files by photo name (a photo is its full copy and its thumbnail, written together).
  const oldFiles = new Map<string, string[]>();
  for (const entry of entries) {
    const name = storedName.exec(entry)?.[1];
    if (!name) continue;
    const info = await stat(path.join(directory, entry)).catch(() => null);
    if (!info?.isFile() || now.getTime() - info.mtimeMs < ORPHAN_AGE_MS) continue;
    oldFiles.set(name, [...(oldFiles.get(name) ?? []), entry]);
  }

  let deleted = 0;
  const names = [...oldFiles.keys()];
  for (let start = 0; start < names.length; start += BATCH) {
    const batch = names.slice(start, start + BATCH);
    const inUse = await referencedNames(db, batch);
    for (const name of batch) {
      if (inUse.has(name)) continue;
      for (const file of oldFiles.get(name) ?? []) {
        // Gone already (another instance's sweep): the same outcome.
        const removed = await unlink(path.join(directory, file)).then(
          () => true,
          (error: NodeJS.ErrnoException) => {
            if (error.code === 'ENOENT') return false;
            throw error;
          },
        );
        if (removed) deleted += 1;
      }
    }
  }
  return deleted;
}
