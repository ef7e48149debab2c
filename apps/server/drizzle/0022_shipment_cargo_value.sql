ALTER TABLE "shipments" ADD COLUMN "cargo_value" double precision;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "cargo_currency" text;