ALTER TABLE "supplier_requests" ADD COLUMN "first_answered_at" timestamp with time zone;--> statement-breakpoint
-- Answers given before this column: the latest answer is the best known first one.
UPDATE "supplier_requests" SET "first_answered_at" = "answered_at" WHERE "answered_at" IS NOT NULL;
