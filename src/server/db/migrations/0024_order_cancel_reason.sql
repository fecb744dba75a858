-- Cancelled orders say who cancelled them and why (issue 32): the customer sees the shop's reason.
ALTER TABLE "orders" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;