CREATE TABLE "exposures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"incident_id" uuid NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"via" text NOT NULL,
	"distance_km" double precision NOT NULL,
	"state" text DEFAULT 'NEW' NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_sites" (
	"shipment_id" text NOT NULL,
	"site_id" uuid NOT NULL,
	CONSTRAINT "shipment_sites_shipment_id_site_id_pk" PRIMARY KEY("shipment_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"external_ref" text,
	"name" text NOT NULL,
	"kind" text DEFAULT 'SUPPLIER' NOT NULL,
	"tier" integer,
	"criticality" text DEFAULT 'MEDIUM' NOT NULL,
	"address" text,
	"city" text,
	"country_code" text,
	"lat" double precision,
	"lng" double precision,
	"products" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact_name" text,
	"contact_email" text,
	"contact_phone" text,
	"annual_spend" double precision,
	"currency" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "status" text DEFAULT 'IN_TRANSIT' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "origin_locode" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "origin_lat" double precision;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "origin_lng" double precision;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "destination_locode" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "destination_lat" double precision;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "destination_lng" double precision;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "departure_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "eta" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "waypoints" jsonb;--> statement-breakpoint
ALTER TABLE "exposures" ADD CONSTRAINT "exposures_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exposures" ADD CONSTRAINT "exposures_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_sites" ADD CONSTRAINT "shipment_sites_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_sites" ADD CONSTRAINT "shipment_sites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exposures_target_key" ON "exposures" USING btree ("incident_id","target_kind","target_id");--> statement-breakpoint
CREATE INDEX "exposures_organization_state_idx" ON "exposures" USING btree ("organization_id","state");--> statement-breakpoint
CREATE INDEX "exposures_target_idx" ON "exposures" USING btree ("target_kind","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_kind_key_key" ON "jobs" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "jobs_run_at_idx" ON "jobs" USING btree ("run_at");--> statement-breakpoint
CREATE INDEX "shipment_sites_site_idx" ON "shipment_sites" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "sites_organization_name_idx" ON "sites" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_organization_ref_key" ON "sites" USING btree ("organization_id","external_ref") WHERE external_ref is not null;--> statement-breakpoint
-- References become unique per organization: a repeated one keeps its first holder, the others get their id appended.
UPDATE "shipments" SET "reference" = "reference" || '-' || "id" WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "organization_id", "reference" ORDER BY "id") AS "rank" FROM "shipments"
  ) AS "numbered" WHERE "rank" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_organization_reference_key" ON "shipments" USING btree ("organization_id","reference");