-- A busy shop (issue 30): prep time, slot capacity, a temporary busy delay and auto-cancel per shop; numbered
-- places in 15-minute pickup slots (slot_places, decided by its primary key); pickup codes per shop and day.
CREATE TABLE "slot_places" (
	"shop_id" integer NOT NULL,
	"slot_at" timestamp with time zone NOT NULL,
	"place" smallint NOT NULL,
	"order_id" integer NOT NULL,
	CONSTRAINT "slot_places_shop_id_slot_at_place_pk" PRIMARY KEY("shop_id","slot_at","place"),
	CONSTRAINT "slot_places_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "coffee_shops" ADD COLUMN "prep_minutes" smallint DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "coffee_shops" ADD COLUMN "max_orders_per_slot" smallint;--> statement-breakpoint
ALTER TABLE "coffee_shops" ADD COLUMN "busy_extra_minutes" smallint;--> statement-breakpoint
ALTER TABLE "coffee_shops" ADD COLUMN "busy_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coffee_shops" ADD COLUMN "auto_cancel_minutes" smallint DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_day" date;--> statement-breakpoint
ALTER TABLE "slot_places" ADD CONSTRAINT "slot_places_shop_id_coffee_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."coffee_shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_pickup_code" ON "orders" USING btree ("shop_id","pickup_day","pickup_code");--> statement-breakpoint
ALTER TABLE "coffee_shops" ADD CONSTRAINT "coffee_shops_busy_shop_ranges" CHECK ("prep_minutes" BETWEEN 5 AND 60
  AND ("max_orders_per_slot" IS NULL OR "max_orders_per_slot" BETWEEN 1 AND 100)
  AND ("busy_extra_minutes" IS NULL OR "busy_extra_minutes" BETWEEN 5 AND 60)
  AND "auto_cancel_minutes" BETWEEN 5 AND 30);--> statement-breakpoint
-- Orders already waiting to be collected take their places, in the order they were placed.
INSERT INTO "slot_places" ("shop_id", "slot_at", "place", "order_id")
SELECT "shop_id", slot_at, row_number() OVER (PARTITION BY "shop_id", slot_at ORDER BY "created_at", "id"), "id"
FROM (
	SELECT "id", "shop_id", "created_at", to_timestamp(floor(extract(epoch FROM "pickup_time") / 900) * 900) AS slot_at
	FROM "orders" WHERE "status" <> 'cancelled' AND "pickup_time" >= now() - interval '1 day'
) AS waiting;
