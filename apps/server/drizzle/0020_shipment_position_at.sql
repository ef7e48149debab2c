ALTER TABLE "shipments" ADD COLUMN "position_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- A position written before this column was given at the shipment's last write.
UPDATE "shipments" SET "position_at" = "updated_at";
