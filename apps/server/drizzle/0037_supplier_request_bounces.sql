ALTER TABLE "supplier_requests" ADD COLUMN "bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "supplier_requests" ADD COLUMN "bounce_reason" text;