CREATE TABLE "inbox_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"incident_id" uuid,
	"kind" text NOT NULL,
	"severity" text NOT NULL,
	"priority" text,
	"title" text NOT NULL,
	"lines" jsonb NOT NULL,
	"link" text,
	"updates" integer DEFAULT 1 NOT NULL,
	"alerted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "previous_priority" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "urgent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "owner_user_id" uuid;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "batch_key" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "summary" jsonb;--> statement-breakpoint
ALTER TABLE "inbox_entries" ADD CONSTRAINT "inbox_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_entries" ADD CONSTRAINT "inbox_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_entries" ADD CONSTRAINT "inbox_entries_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_entries_thread_key" ON "inbox_entries" USING btree ("user_id","incident_id") WHERE incident_id is not null;--> statement-breakpoint
CREATE INDEX "inbox_entries_user_updated_idx" ON "inbox_entries" USING btree ("user_id","updated_at");--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The inbox as members left it: the latest sent notification of each incident (and each one without) becomes its thread.
INSERT INTO "inbox_entries" ("organization_id", "user_id", "incident_id", "kind", "severity", "title", "lines", "link", "alerted_at", "created_at", "updated_at", "read_at")
SELECT DISTINCT ON ("user_id", coalesce("incident_id"::text, "id"::text))
  "organization_id", "user_id", "incident_id", "kind", "severity", "title", "lines", "link", "sent_at", "created_at", "sent_at", "read_at"
FROM "notifications"
WHERE "user_id" IS NOT NULL AND "sent_at" IS NOT NULL
ORDER BY "user_id", coalesce("incident_id"::text, "id"::text), "sent_at" DESC;
