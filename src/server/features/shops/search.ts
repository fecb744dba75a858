// Discover's search: shops whose own words (name, description, address) hold the search, then shops that sell an
// available menu item holding it (issue 31: "latte" finds the shop that sells an Oat latte), and typos corrected.
import { and, eq, not, type SQL, sql } from 'drizzle-orm';
import { menuCategories } from '../../../shared/api/menu-constants.js';
import type { Database } from '../../db/client.js';
import { coffeeShops, menuItems, searchWords } from '../../db/schema.js';
import type { ListedRow, ListQuery, Selection } from './service.js';

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The search as a substring of the shop's name, description and address (the trigram index on search_text). */
function shopTextHolds(search: string): SQL {
  return sql`${coffeeShops.searchText} like ${`%${escapeLike(search)}%`}`;
}

/**
 * The search in what the shop sells: menu_text, the names of its available items and their categories, kept on
 * the shop's row by a trigger (migration 0021) with a trigram index of its own. A column of the row rather than a
 * subquery into menu_items, so a walk of any index tests it as cheaply as search_text, and the planner weighs it
 * by the column's statistics: an EXISTS under the OR below was planned as a hash of every matching item, read
 * before the first shop (60-110 ms at 100,000 shops for a drink a fifth of them sell, against 5).
 */
function soldItemHolds(search: string): SQL {
  return sql`${coffeeShops.menuText} like ${`%${escapeLike(search)}%`}`;
}

/**
 * An available item of the current shop whose name holds the search, or whose category's name does ('tea',
 * 'pastr'): the items menu_text says the shop sells. Categories are a fixed list, so which of them hold the search
 * is worked out here rather than per row.
 */
function itemMatches(search: string): SQL {
  const nameHolds = sql`lower(${menuItems.name}) like ${`%${escapeLike(search)}%`}`;
  const categories = menuCategories.filter((category) => category.includes(search));
  const holds =
    categories.length === 0
      ? nameHolds
      : sql`(${nameHolds} or ${menuItems.category} in (${sql.join(
          categories.map((category) => sql`${category}`),
          sql`, `,
        )}))`;
  return sql`${menuItems.shopId} = ${coffeeShops.id} and ${menuItems.isAvailable} and ${holds}`;
}

/**
 * What the search filter is wherever the list is not ordered by relevance (nearest first, a map area): the shop's
 * own words or one of its available items hold the search.
 */
export function matchesSearch(search: string): SQL {
  return sql`(${shopTextHolds(search)} or ${soldItemHolds(search)})`;
}

/** How many matched items a shop's answer names ('Serves: Oat latte, Iced latte'). */
const MATCHED_ITEMS_SHOWN = 3;

/**
 * Why a shop matched, when its menu alone did: the names of up to three of its available items that hold the
 * search, those whose name holds it before those found by their category, then in menu order; null when the
 * shop's own words hold the search (the card already shows those words). The item query (menu_items_shop) runs
 * only for the shops listed that did not match by their own words.
 */
export function matchedItemsSql(search: string): SQL<string[] | null> {
  const nameHolds = sql`lower(${menuItems.name}) like ${`%${escapeLike(search)}%`}`;
  return sql<string[] | null>`(case when ${shopTextHolds(search)} then null else array(
    select ${menuItems.name} from ${menuItems} where ${itemMatches(search)}
    order by ${nameHolds} desc, ${menuItems.id}
    limit ${sql.raw(String(MATCHED_ITEMS_SHOWN))}) end)`;
}

/** How many best-ranked substring matches a search re-orders by relevance. */
const SEARCH_CANDIDATES = 200;

/**
 * The search's page, most relevant first: shops whose name starts with the search, then whose name holds it, then
 * whose description or address does — each group in rank order — and after all of those, the shops found by
 * their menu alone, in rank order. Menu matches are read only when the shops' own words do not fill the page, so
 * a search for a word many shops hold costs what it did before menus were searched. When nothing matches at all,
 * the words are spelling-corrected against the words of shop names and menu items (search_words) and searched
 * again.
 */
export async function searchShops(
  db: Database,
  query: ListQuery,
  search: string,
  filters: SQL[],
  selection: Selection,
  rankOrder: SQL[],
): Promise<ListedRow[]> {
  // matchedItems for this search: after a spelling correction the words are not those the selection was made for.
  const selected = { ...selection, matchedItems: matchedItemsSql(search) };
  const page = await shopTextMatches(db, query, search, filters, selected, rankOrder);
  if (page.length === query.limit) return page;

  // The menu-only matches come after every shop matched by its own words: this page holds the first of them
  // unless the page lies wholly past the text matches, whose count the short page gives (or a count, when empty).
  const textMatches =
    page.length > 0 || query.offset === 0
      ? query.offset + page.length
      : await countShops(db, [...filters, shopTextHolds(search)]);
  const menuOnly = await db
    .select(selected)
    .from(coffeeShops)
    .where(and(...filters, not(shopTextHolds(search)), soldItemHolds(search)))
    .orderBy(...rankOrder)
    .limit(query.limit - page.length)
    .offset(Math.max(0, query.offset - textMatches));
  const rows = [...page, ...menuOnly];
  if (rows.length > 0 || query.offset > 0) return rows;

  // Nothing matched: perhaps a typo. Replace each word by the closest known word and search again.
  const corrected = await correctSpelling(db, search);
  if (!corrected || corrected === search) return rows;
  return searchShops(db, query, corrected, filters, selection, rankOrder);
}

/** The page among the shops whose own words hold the search, by relevance (see searchShops). */
async function shopTextMatches(
  db: Database,
  query: ListQuery,
  search: string,
  filters: SQL[],
  selection: Selection,
  rankOrder: SQL[],
): Promise<ListedRow[]> {
  const nameStarts = sql`lower(${coffeeShops.name}) like ${`${escapeLike(search)}%`}`;
  const nameHas = sql`lower(${coffeeShops.name}) like ${`%${escapeLike(search)}%`}`;
  // The best-ranked matches, then the page of them ordered by relevance. The candidates come from the rank
  // index alone: it carries search_text, category and the promotion's expiry (migration 0004), so the walk
  // tests each shop without reading its row; only the few hundred candidates are then read, by id.
  const candidates = db
    .select({
      id: coffeeShops.id,
      position: sql<number>`row_number() over (order by ${sql.join(rankOrder, sql`, `)})`.as('position'),
    })
    .from(coffeeShops)
    .where(and(...filters, shopTextHolds(search)))
    .orderBy(...rankOrder)
    .limit(Math.max(SEARCH_CANDIDATES, query.offset + query.limit))
    .as('candidates');
  return db
    .select(selection)
    .from(candidates)
    .innerJoin(coffeeShops, eq(coffeeShops.id, candidates.id))
    .orderBy(sql`${nameStarts} desc`, sql`${nameHas} desc`, candidates.position)
    .limit(query.limit)
    .offset(query.offset);
}

async function countShops(db: Database, filters: SQL[]): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(coffeeShops)
    .where(and(...filters));
  return row?.count ?? 0;
}

/**
 * 'espreso bar' -> 'espresso bar', 'capucino' -> 'cappuccino': each word to the most similar word of the shop
 * names and menu item names, if one is close; null when no word is close to anything.
 */
export async function correctSpelling(db: Database, search: string): Promise<string | null> {
  const words = search.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3);
  if (words.length === 0 || words.length > 6) return null;
  const result = await db.execute<{ word: string; closest: string | null }>(sql`
    select given.word, (
      select ${searchWords.word} from ${searchWords}
      where ${searchWords.word} % given.word
      order by similarity(${searchWords.word}, given.word) desc, ${searchWords.word}
      limit 1
    ) as closest
    from unnest(array[${sql.join(
      words.map((word) => sql`${word}`),
      sql`, `,
    )}]::text[]) as given(word)`);
  const rows = (result as unknown as { rows: { word: string; closest: string | null }[] }).rows;
  // A word with no close match is dropped ('colombo qiuck' still finds Colombo), but only while most words are
  // recognised: 'no such coffee anywhere' must not turn into a search for every coffee shop.
  const kept = rows.flatMap((row) => (row.closest ? [row.closest] : []));
  return kept.length > 0 && kept.length * 2 >= rows.length ? kept.join(' ') : null;
}
