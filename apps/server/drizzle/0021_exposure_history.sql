CREATE TABLE "exposure_peaks" (
	"incident_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"sites" integer DEFAULT 0 NOT NULL,
	"sites_at" timestamp with time zone,
	"shipments" integer DEFAULT 0 NOT NULL,
	"shipments_at" timestamp with time zone,
	CONSTRAINT "exposure_peaks_incident_id_organization_id_pk" PRIMARY KEY("incident_id","organization_id")
);
--> statement-breakpoint
ALTER TABLE "exposures" ADD COLUMN "first_exposed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "exposures" ADD COLUMN "cleared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exposure_peaks" ADD CONSTRAINT "exposure_peaks_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exposure_peaks" ADD CONSTRAINT "exposure_peaks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Before this migration an exposure was first seen when it last came into reach, and a cleared
-- one was last changed when it was cleared.
UPDATE "exposures" SET "first_exposed_at" = "first_seen_at",
  "cleared_at" = CASE WHEN "state" = 'CLEARED' THEN "last_changed_at" END;--> statement-breakpoint
-- Each incident's peak per organization and kind, swept over the stored spans: an exposure
-- counts from its first sight until it was cleared (a clearing before a sighting at one instant).
INSERT INTO "exposure_peaks" ("incident_id", "organization_id", "sites", "sites_at", "shipments", "shipments_at")
WITH "changes" AS (
  SELECT "incident_id", "organization_id", "target_kind", "first_seen_at" AS "at", 1 AS "delta" FROM "exposures"
  UNION ALL
  SELECT "incident_id", "organization_id", "target_kind", "last_changed_at", -1 FROM "exposures" WHERE "state" = 'CLEARED'
), "running" AS (
  SELECT "incident_id", "organization_id", "target_kind", "at",
    sum("delta") OVER (PARTITION BY "incident_id", "organization_id", "target_kind"
      ORDER BY "at", "delta" ROWS UNBOUNDED PRECEDING) AS "live"
  FROM "changes"
), "peaks" AS (
  SELECT DISTINCT ON ("incident_id", "organization_id", "target_kind") "incident_id", "organization_id", "target_kind", "live", "at"
  FROM "running" ORDER BY "incident_id", "organization_id", "target_kind", "live" DESC, "at"
)
SELECT "incident_id", "organization_id",
  coalesce(max("live") FILTER (WHERE "target_kind" = 'SITE'), 0)::int,
  max("at") FILTER (WHERE "target_kind" = 'SITE'),
  coalesce(max("live") FILTER (WHERE "target_kind" = 'SHIPMENT'), 0)::int,
  max("at") FILTER (WHERE "target_kind" = 'SHIPMENT')
FROM "peaks" GROUP BY "incident_id", "organization_id";
