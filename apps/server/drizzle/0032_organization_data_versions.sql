CREATE TABLE "organization_data_versions" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"sites" bigint DEFAULT 0 NOT NULL,
	"shipments" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_data_versions" ADD CONSTRAINT "organization_data_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Bumps the changed organizations' counter (TG_ARGV[0]: 'sites' or 'shipments') once per
-- statement, from the statement's transition table; a TRUNCATE bumps every organization's.
-- A trigger with a transition table serves one event: three per table, and one for TRUNCATE.
CREATE OR REPLACE FUNCTION meridian_data_changed() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    IF TG_ARGV[0] = 'sites' THEN
      UPDATE organization_data_versions SET sites = sites + 1;
    ELSE
      UPDATE organization_data_versions SET shipments = shipments + 1;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_ARGV[0] = 'sites' THEN
    INSERT INTO organization_data_versions AS kept (organization_id, sites)
      SELECT DISTINCT organization_id, 1 FROM changed_rows
      ON CONFLICT (organization_id) DO UPDATE SET sites = kept.sites + 1;
  ELSE
    INSERT INTO organization_data_versions AS kept (organization_id, shipments)
      SELECT DISTINCT organization_id, 1 FROM changed_rows
      ON CONFLICT (organization_id) DO UPDATE SET shipments = kept.shipments + 1;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sites_version_inserted AFTER INSERT ON sites REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION meridian_data_changed('sites');
--> statement-breakpoint
CREATE TRIGGER sites_version_updated AFTER UPDATE ON sites REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION meridian_data_changed('sites');
--> statement-breakpoint
CREATE TRIGGER sites_version_deleted AFTER DELETE ON sites REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION meridian_data_changed('sites');
--> statement-breakpoint
CREATE TRIGGER sites_version_truncated AFTER TRUNCATE ON sites
  FOR EACH STATEMENT EXECUTE FUNCTION meridian_data_changed('sites');
--> statement-breakpoint
CREATE TRIGGER shipments_version_inserted AFTER INSERT ON shipments
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION meridian_data_changed('shipments');
--> statement-breakpoint
CREATE TRIGGER shipments_version_updated AFTER UPDATE ON shipments
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION meridian_data_changed('shipments');
--> statement-breakpoint
CREATE TRIGGER shipments_version_deleted AFTER DELETE ON shipments
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION meridian_data_changed('shipments');
--> statement-breakpoint
CREATE TRIGGER shipments_version_truncated AFTER TRUNCATE ON shipments
  FOR EACH STATEMENT EXECUTE FUNCTION meridian_data_changed('shipments');
