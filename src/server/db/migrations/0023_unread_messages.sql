-- Unread messages (issue 32): a read marker per participant and conversation, and people's messages only (no order cards or status lines) in Quick Stats' Total Messages.
CREATE TABLE "conversation_reads" (
	"user_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"last_read_message_id" integer DEFAULT 0 NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "conversation_reads_user_id_shop_id_customer_id_pk" PRIMARY KEY("user_id","shop_id","customer_id")
);
--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_shop_id_coffee_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."coffee_shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_unread" ON "messages" USING btree ("receiver_id","shop_id","customer_id","id") WHERE "messages"."message_type" = 'text';--> statement-breakpoint
-- No message is written while this migration backfills (its transaction holds the lock to the end), so the
-- markers and the recount below miss nothing a concurrent writer committed in between.
LOCK TABLE "messages" IN SHARE MODE;--> statement-breakpoint

-- The receiver of a text message gets the conversation's marker row (at 0: nothing read yet) with the first one, so a
-- user's unread total walks one row per conversation. DO NOTHING leaves a row already there alone, unlocked.
CREATE FUNCTION add_conversation_reader() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO conversation_reads (user_id, shop_id, customer_id)
  VALUES (NEW.receiver_id, NEW.shop_id, NEW.customer_id)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER messages_add_reader AFTER INSERT ON messages
  FOR EACH ROW WHEN (NEW.message_type = 'text') EXECUTE FUNCTION add_conversation_reader();--> statement-breakpoint

-- Conversations held before unread counts existed start read to their newest message: a first badge of every
-- message ever received would tell nobody anything.
INSERT INTO conversation_reads (user_id, shop_id, customer_id, last_read_message_id)
  SELECT receiver_id, shop_id, customer_id, max(id) FROM messages WHERE message_type = 'text' GROUP BY 1, 2, 3;--> statement-breakpoint

-- Total Messages counts people's messages only: order cards and status lines (message_type 'order', written by the
-- server as an order is placed or moves) are left out of the rollup of migration 0007, which is counted again.
CREATE OR REPLACE FUNCTION count_shop_messages() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.message_type <> 'text' THEN RETURN NULL; END IF;
    INSERT INTO shop_message_counts AS m (shop_id, customer_id, messages)
    SELECT NEW.shop_id, NEW.customer_id, 1 WHERE EXISTS (SELECT FROM coffee_shops s WHERE s.id = NEW.shop_id)
    ON CONFLICT (shop_id, customer_id) DO UPDATE SET messages = m.messages + 1;
  ELSIF OLD.message_type = 'text' THEN
    UPDATE shop_message_counts SET messages = messages - 1
    WHERE shop_id = OLD.shop_id AND customer_id = OLD.customer_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DELETE FROM shop_message_counts;--> statement-breakpoint
INSERT INTO shop_message_counts (shop_id, customer_id, messages)
  SELECT shop_id, customer_id, count(*) FROM messages WHERE message_type = 'text' GROUP BY 1, 2;
