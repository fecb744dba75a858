-- Paying for orders online (issue 26, decision 0009): the shop's payout account and checkout setting, each order's
-- payment state, and order_checkouts, where an online order waits for its payment before the shop may see it.
CREATE TABLE "order_checkouts" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"reference" text NOT NULL,
	"subaccount_code" text NOT NULL,
	"authorization_url" text,
	"total_cents" integer NOT NULL,
	"placing" jsonb NOT NULL,
	"payment_status" text DEFAULT 'awaiting' NOT NULL,
	"idempotency_key" text,
	"idempotency_fingerprint" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_checkouts_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "coffee_shops" ADD COLUMN "online_payment" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "coffee_shops" ADD COLUMN "paystack_subaccount_code" text;--> statement-breakpoint
ALTER TABLE "coffee_shops" ADD COLUMN "payout_bank_code" text;--> statement-breakpoint
ALTER TABLE "coffee_shops" ADD COLUMN "payout_bank_name" text;--> statement-breakpoint
ALTER TABLE "coffee_shops" ADD COLUMN "payout_account_last4" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" text DEFAULT 'not_required' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_url" text;--> statement-breakpoint
ALTER TABLE "order_checkouts" ADD CONSTRAINT "order_checkouts_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_checkouts" ADD CONSTRAINT "order_checkouts_shop_id_coffee_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."coffee_shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_checkouts_customer" ON "order_checkouts" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_checkouts_customer_idempotency_key" ON "order_checkouts" USING btree ("customer_id","idempotency_key") WHERE "order_checkouts"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "order_checkouts_awaiting" ON "order_checkouts" USING btree ("expires_at") WHERE "order_checkouts"."payment_status" = 'awaiting';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payment_reference" ON "orders" USING btree ("payment_reference") WHERE "orders"."payment_reference" is not null;--> statement-breakpoint
ALTER TABLE "coffee_shops" ADD CONSTRAINT "coffee_shops_online_payment" CHECK ("online_payment" in ('off', 'optional', 'required'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status" CHECK ("payment_status" in ('not_required', 'paid', 'refund_pending', 'refunded', 'refund_failed'));--> statement-breakpoint
ALTER TABLE "order_checkouts" ADD CONSTRAINT "order_checkouts_payment_status" CHECK ("payment_status" in ('awaiting', 'paid', 'expired', 'failed', 'refund_pending', 'refunded', 'refund_failed'));
