CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"menu_item_id" integer,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"is_cancelled" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_views" (
	"shop_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_views_shop_id_day_pk" PRIMARY KEY("shop_id","day")
);
--> statement-breakpoint
CREATE TABLE "special_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"date" date NOT NULL,
	"is_closed" boolean DEFAULT false NOT NULL,
	"open_time" text,
	"close_time" text,
	"note" text
);
--> statement-breakpoint
DROP INDEX "orders_customer";--> statement-breakpoint
ALTER TABLE "coffee_shops" ADD COLUMN "accepting_orders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status_history" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_shop_id_coffee_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."coffee_shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_menu_item_id_menu_items_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."menu_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_views" ADD CONSTRAINT "shop_views_shop_id_coffee_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."coffee_shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_hours" ADD CONSTRAINT "special_hours_shop_id_coffee_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."coffee_shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_shop_created" ON "order_lines" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "order_lines_order" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "special_hours_one_per_date" ON "special_hours" USING btree ("shop_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_sender_client_key" ON "messages" USING btree ("sender_id","client_key") WHERE "messages"."client_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_customer_idempotency_key" ON "orders" USING btree ("customer_id","idempotency_key") WHERE "orders"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "orders_customer" ON "orders" USING btree ("customer_id","created_at");--> statement-breakpoint
-- Analytics reads a shop's orders in a time window from these indexes alone (drizzle cannot declare INCLUDE
-- columns, so schema.ts names the keys only): the cost follows the window, not the shop's whole history.
DROP INDEX "orders_shop_created";--> statement-breakpoint
CREATE INDEX "orders_shop_created" ON "orders" USING btree ("shop_id","created_at") INCLUDE ("status","total_cents","customer_id","ready_at");--> statement-breakpoint
DROP INDEX "order_lines_shop_created";--> statement-breakpoint
CREATE INDEX "order_lines_shop_created" ON "order_lines" USING btree ("shop_id","created_at") INCLUDE ("name","quantity","price_cents","is_cancelled");--> statement-breakpoint
-- Orders stored before this migration: their lines and a history that starts at placement.
INSERT INTO "order_lines" ("order_id","shop_id","menu_item_id","name","quantity","price_cents","created_at","is_cancelled")
  SELECT o."id", o."shop_id", NULL, line->>'name', (line->>'quantity')::int, coalesce((line->>'priceCents')::int, 0), o."created_at", o."status" = 'cancelled'
  FROM "orders" o, jsonb_array_elements(o."items") AS line;--> statement-breakpoint
UPDATE "orders" SET "status_history" = CASE WHEN "status" = 'pending'
  THEN jsonb_build_array(jsonb_build_object('status','pending','at',"created_at"))
  ELSE jsonb_build_array(jsonb_build_object('status','pending','at',"created_at"), jsonb_build_object('status',"status",'at',"updated_at")) END;
