CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"user_agent" text,
	"ip" text,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_change_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
-- Every existing refresh-token family becomes a session, live while one of its tokens is.
INSERT INTO "sessions" ("id", "user_id", "expires_at", "last_used_at", "revoked_at", "created_at")
SELECT "family_id", min("user_id"::text)::uuid, max("expires_at"), max("created_at"),
  CASE WHEN bool_or("used_at" IS NULL AND "revoked_at" IS NULL) THEN NULL ELSE now() END,
  min("created_at")
FROM "refresh_tokens" GROUP BY "family_id";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_family_id_sessions_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Keep the newest pending request of each e-mail; older duplicates count as dismissed.
UPDATE "account_requests" SET "status" = 'DISMISSED' WHERE "status" = 'PENDING' AND "id" NOT IN (
  SELECT DISTINCT ON ("email") "id" FROM "account_requests" WHERE "status" = 'PENDING'
  ORDER BY "email", "created_at" DESC
);--> statement-breakpoint
CREATE UNIQUE INDEX "account_requests_pending_email_key" ON "account_requests" USING btree ("email") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "account_requests_status_created_idx" ON "account_requests" USING btree ("status","created_at","id");