CREATE TABLE "incident_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"incident_id" uuid NOT NULL,
	"organization_id" uuid,
	"actor_user_id" uuid,
	"kind" text NOT NULL,
	"changes" jsonb,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "type" text DEFAULT 'OTHER' NOT NULL;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "source" text DEFAULT 'MANUAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "source_id" text;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "starts_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "affected_radius_km" double precision DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "area" jsonb;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "incident_events" ADD CONSTRAINT "incident_events_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_events" ADD CONSTRAINT "incident_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_events" ADD CONSTRAINT "incident_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incident_events_incident_idx" ON "incident_events" USING btree ("incident_id","id");--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incidents_updated_idx" ON "incidents" USING btree ("updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "incidents_source_key" ON "incidents" USING btree ("source","source_id") WHERE source_id is not null;--> statement-breakpoint
-- Existing incidents: they started when recorded, reach the default radius of their severity
-- (type OTHER), and a resolved one was resolved at its last change.
UPDATE "incidents" SET
  "starts_at" = "created_at",
  "affected_radius_km" = CASE "severity" WHEN 'CRITICAL' THEN 150 WHEN 'HIGH' THEN 100 WHEN 'MEDIUM' THEN 60 ELSE 30 END,
  "resolved_at" = CASE WHEN "status" = 'RESOLVED' THEN "updated_at" END;
