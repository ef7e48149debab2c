CREATE TABLE "feed_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"incident_id" uuid NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"source_name" text NOT NULL,
	"source_url" text,
	"hazard" text,
	"severity" text NOT NULL,
	"reported" jsonb,
	"feed_values" jsonb,
	"ends_at" timestamp with time zone,
	"over" boolean DEFAULT false NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feed_reports" ADD CONSTRAINT "feed_reports_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_reports_source_key" ON "feed_reports" USING btree ("source","source_id");--> statement-breakpoint
CREATE INDEX "feed_reports_incident_idx" ON "feed_reports" USING btree ("incident_id");--> statement-breakpoint
-- Every incident a feed (or an API key) made gets its report: the one that made it.
INSERT INTO "feed_reports" ("incident_id", "source", "source_id", "source_name", "source_url", "hazard", "severity", "feed_values", "ends_at", "over", "first_seen_at", "last_seen_at")
SELECT i."id", i."source", i."source_id", coalesce(s."name", i."source"), i."source_url",
  CASE WHEN s."kind" IN ('USGS', 'EMSC') THEN 'EARTHQUAKE' END,
  i."severity", i."feed_values", i."ends_at", i."status" = 'RESOLVED', i."created_at", i."updated_at"
FROM "incidents" i LEFT JOIN "sources" s ON s."key" = i."source"
WHERE i."source_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "incidents" DROP COLUMN "feed_values";