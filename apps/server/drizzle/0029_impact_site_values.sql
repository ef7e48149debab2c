ALTER TABLE "incident_impacts" ADD COLUMN "site_values" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Each site's part is kept from now on: recompute the incidents that reached something, once,
-- so Insights' value at risk by supplier covers the ones recorded before.
INSERT INTO "jobs" ("kind", "key", "payload")
SELECT DISTINCT 'exposure.incident', "incident_id"::text, jsonb_build_object('incidentId', "incident_id"::text)
FROM "incident_impacts"
ON CONFLICT ("kind", "key") DO NOTHING;
