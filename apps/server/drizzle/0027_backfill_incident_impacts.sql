-- Priorities and values at risk are kept with the exposure since 0025: ask the exposure engine
-- to recompute every incident that ever reached something (once, after the upgrade), so the
-- ones recorded before are not shown as "Not exposed". A fresh database has none.
INSERT INTO "jobs" ("kind", "key", "payload")
SELECT DISTINCT 'exposure.incident', "incident_id"::text, jsonb_build_object('incidentId', "incident_id"::text)
FROM "exposures"
ON CONFLICT ("kind", "key") DO NOTHING;
