-- Shared abuse limits (src/server/limits/shared-counter.ts, docs/decisions/0006-shared-limits.md). UNLOGGED, which
-- drizzle cannot declare: a counter's upsert then waits for no WAL flush (0.44 ms against 7.5 ms a hit on the
-- development machine's PostgreSQL), and what a crash costs is the counts, as a restart did when they were in memory.
CREATE UNLOGGED TABLE "limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "limit_counters_reset_at" ON "limit_counters" USING btree ("reset_at");