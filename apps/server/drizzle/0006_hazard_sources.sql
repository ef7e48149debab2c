CREATE TABLE "sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"interval_seconds" integer DEFAULT 300 NOT NULL,
	"next_poll_at" timestamp with time zone DEFAULT now() NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_polled_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "incident_events" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "feed_values" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "sources_key_key" ON "sources" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "sources_name_key" ON "sources" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "sources_next_poll_idx" ON "sources" USING btree ("next_poll_at");