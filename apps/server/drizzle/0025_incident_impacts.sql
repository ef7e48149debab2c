CREATE TABLE "incident_impacts" (
	"incident_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"priority" text,
	"priority_rank" integer DEFAULT 0 NOT NULL,
	"points" jsonb,
	"value_at_risk" double precision DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"basis" text NOT NULL,
	"inputs" text NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incident_impacts_incident_id_organization_id_pk" PRIMARY KEY("incident_id","organization_id")
);
--> statement-breakpoint
ALTER TABLE "incident_impacts" ADD CONSTRAINT "incident_impacts_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_impacts" ADD CONSTRAINT "incident_impacts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incident_impacts_organization_rank_idx" ON "incident_impacts" USING btree ("organization_id","priority_rank");