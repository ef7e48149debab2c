ALTER TABLE "alert_endpoints" ADD COLUMN "min_priority" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "priority" text;