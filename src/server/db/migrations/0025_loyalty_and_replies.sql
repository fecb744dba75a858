CREATE TABLE "loyalty_stamps" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"redeemed_by" integer
);
--> statement-breakpoint
ALTER TABLE "coffee_shops" ADD COLUMN "loyalty_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coffee_shops" ADD COLUMN "loyalty_stamps_required" smallint;--> statement-breakpoint
ALTER TABLE "coffee_shops" ADD COLUMN "loyalty_reward" text;--> statement-breakpoint
ALTER TABLE "coffee_shops" ADD COLUMN "loyalty_reward_max_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reward_cents" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply_text" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loyalty_stamps" ADD CONSTRAINT "loyalty_stamps_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_stamps" ADD CONSTRAINT "loyalty_stamps_shop_id_coffee_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."coffee_shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_stamps" ADD CONSTRAINT "loyalty_stamps_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_stamps_card" ON "loyalty_stamps" USING btree ("customer_id","shop_id","created_at");--> statement-breakpoint
CREATE INDEX "loyalty_stamps_shop" ON "loyalty_stamps" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "loyalty_stamps_redeemed_by" ON "loyalty_stamps" USING btree ("redeemed_by") WHERE "loyalty_stamps"."redeemed_by" is not null;--> statement-breakpoint
ALTER TABLE "coffee_shops" ADD CONSTRAINT "coffee_shops_loyalty_card" CHECK (("coffee_shops"."loyalty_stamps_required" is null and not "coffee_shops"."loyalty_enabled")
        or ("coffee_shops"."loyalty_stamps_required" between 5 and 20 and "coffee_shops"."loyalty_reward" is not null
          and "coffee_shops"."loyalty_reward_max_cents" between 100 and 20000));