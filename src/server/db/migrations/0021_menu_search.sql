-- Discover's search finds shops by what they sell (issue 31). Each shop's row carries menu_text: the lower-cased
-- names of its available menu items and their categories, with a trigram index beside search_text's, so every list
-- path tests a search on the shop's own row and the planner sees real statistics for it (a subquery into menu_items
-- under an OR was planned as a hash of every matching item, 60-110 ms at 100,000 shops). Statement triggers on
-- menu_items keep it: a whole menu inserted at once (a bulk load) refreshes each shop once, from the transition
-- table; a shop's row is rewritten only when what it sells changed (a price change leaves it alone). The same
-- triggers add the words of item names to search_words (migration 0003), so a misspelt drink is corrected too.
ALTER TABLE "coffee_shops" ADD COLUMN "menu_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "coffee_shops_menu_trgm" ON "coffee_shops" USING gin ("menu_text" gin_trgm_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION menu_text_of(shop integer) RETURNS text AS $$
  SELECT coalesce(lower(string_agg(item.name, ' | ' ORDER BY item.id)) || ' | '
    || string_agg(DISTINCT item.category::text, ' | '), '')
  FROM menu_items AS item WHERE item.shop_id = shop AND item.is_available
$$ LANGUAGE sql STABLE;--> statement-breakpoint
CREATE OR REPLACE FUNCTION menu_items_changed() RETURNS trigger AS $$
BEGIN
  UPDATE coffee_shops SET menu_text = sold.text
  FROM (SELECT shop_id, menu_text_of(shop_id) AS text FROM (SELECT DISTINCT shop_id FROM changed_items) AS changed) AS sold
  WHERE coffee_shops.id = sold.shop_id AND coffee_shops.menu_text IS DISTINCT FROM sold.text;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO search_words (word)
    SELECT DISTINCT part FROM changed_items, regexp_split_to_table(lower(changed_items.name), '[^[:alnum:]]+') AS part
    WHERE length(part) >= 3
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER menu_items_inserted AFTER INSERT ON menu_items
  REFERENCING NEW TABLE AS changed_items FOR EACH STATEMENT EXECUTE FUNCTION menu_items_changed();--> statement-breakpoint
CREATE TRIGGER menu_items_updated AFTER UPDATE ON menu_items
  REFERENCING NEW TABLE AS changed_items FOR EACH STATEMENT EXECUTE FUNCTION menu_items_changed();--> statement-breakpoint
CREATE TRIGGER menu_items_deleted AFTER DELETE ON menu_items
  REFERENCING OLD TABLE AS changed_items FOR EACH STATEMENT EXECUTE FUNCTION menu_items_changed();--> statement-breakpoint
UPDATE coffee_shops SET menu_text = menu_text_of(id) WHERE id IN (SELECT shop_id FROM menu_items);--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT part FROM menu_items, regexp_split_to_table(lower(name), '[^[:alnum:]]+') AS part
WHERE length(part) >= 3
ON CONFLICT DO NOTHING;
