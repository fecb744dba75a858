-- Open-order places (issue 33 defect 6, OPEN_ORDERS_PER_SHOP): each pending or confirmed order holds one of its
-- customer's numbered places at its shop, unique among their open orders there, so placing needs no lock and no
-- transaction: of two racing placements for the last place, the unique index lets one in (orders/service.ts).
ALTER TABLE "orders" ADD COLUMN "open_slot" smallint;--> statement-breakpoint
-- The orders open already take places 1, 2, 3 … in the order they were placed.
UPDATE "orders" SET "open_slot" = numbered.slot
FROM (
	SELECT "id", row_number() OVER (PARTITION BY "customer_id", "shop_id" ORDER BY "created_at", "id") AS slot
	FROM "orders" WHERE "status" in ('pending', 'confirmed')
) AS numbered
WHERE "orders"."id" = numbered."id";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_open_slot" ON "orders" USING btree ("customer_id","shop_id","open_slot") WHERE "orders"."status" in ('pending', 'confirmed') and "orders"."open_slot" is not null;
