CREATE TABLE "menu_item_option_groups" (
	"menu_item_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "menu_item_option_groups_menu_item_id_group_id_pk" PRIMARY KEY("menu_item_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "option_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"name" text NOT NULL,
	"min_selected" smallint NOT NULL,
	"max_selected" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "option_groups_selection" CHECK ("option_groups"."min_selected" >= 0 and "option_groups"."max_selected" >= 1 and "option_groups"."max_selected" >= "option_groups"."min_selected")
);
--> statement-breakpoint
CREATE TABLE "options" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "options_price_range" CHECK ("options"."price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "option_groups" text[];--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_fingerprint" text;--> statement-breakpoint
ALTER TABLE "menu_item_option_groups" ADD CONSTRAINT "menu_item_option_groups_menu_item_id_menu_items_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_item_option_groups" ADD CONSTRAINT "menu_item_option_groups_group_id_option_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."option_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_groups" ADD CONSTRAINT "option_groups_shop_id_coffee_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."coffee_shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_group_id_option_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."option_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "menu_item_option_groups_group" ON "menu_item_option_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "option_groups_shop" ON "option_groups" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "options_group" ON "options" USING btree ("group_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_shop_options" ON "order_lines" USING btree ("shop_id","created_at") WHERE "order_lines"."option_groups" is not null;