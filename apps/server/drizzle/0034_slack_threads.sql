CREATE TABLE "endpoint_threads" (
	"endpoint_id" uuid NOT NULL,
	"incident_id" uuid NOT NULL,
	"thread_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "endpoint_threads_endpoint_id_incident_id_pk" PRIMARY KEY("endpoint_id","incident_id")
);
--> statement-breakpoint
ALTER TABLE "alert_endpoints" ADD COLUMN "slack_bot_token" text;--> statement-breakpoint
ALTER TABLE "alert_endpoints" ADD COLUMN "slack_bot_token_ending" text;--> statement-breakpoint
ALTER TABLE "alert_endpoints" ADD COLUMN "slack_channel" text;--> statement-breakpoint
ALTER TABLE "endpoint_threads" ADD CONSTRAINT "endpoint_threads_endpoint_id_alert_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."alert_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endpoint_threads" ADD CONSTRAINT "endpoint_threads_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;