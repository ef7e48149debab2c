ALTER TABLE "sites" ADD COLUMN "revenue_per_day" double precision;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "recovery_days" integer;