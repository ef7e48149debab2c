CREATE TABLE "site_assessments" (
	"incident_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"state" text NOT NULL,
	"capacity_pct" integer,
	"expected_recovery_on" date,
	"notes" text,
	"set_by_user_id" uuid,
	"reported_by_supplier" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_assessments_incident_id_organization_id_site_id_pk" PRIMARY KEY("incident_id","organization_id","site_id")
);
--> statement-breakpoint
ALTER TABLE "site_assessments" ADD CONSTRAINT "site_assessments_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_assessments" ADD CONSTRAINT "site_assessments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_assessments" ADD CONSTRAINT "site_assessments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_assessments" ADD CONSTRAINT "site_assessments_set_by_user_id_users_id_fk" FOREIGN KEY ("set_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_assessments_site_idx" ON "site_assessments" USING btree ("site_id");