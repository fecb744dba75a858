-- The rank index also carries what a search and its filters test (drizzle cannot declare INCLUDE columns,
-- so schema.ts names the key only): a search walks the index in rank order and tests each shop on the index
-- entry itself, without reading the row, about four times faster for a word a few percent of shops hold.
DROP INDEX "coffee_shops_rank";--> statement-breakpoint
CREATE INDEX "coffee_shops_rank" ON "coffee_shops" USING btree ("is_promoted" DESC NULLS LAST,"rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id") INCLUDE ("category", "promotion_expires_at", "search_text");
