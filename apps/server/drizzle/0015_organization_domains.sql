-- Domains become exclusive: where two live organizations named the same domain, the older keeps it.
UPDATE "organizations" AS "later" SET "domain" = NULL
WHERE "later"."deleted_at" IS NULL AND "later"."domain" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "organizations" AS "earlier"
  WHERE "earlier"."deleted_at" IS NULL
    AND lower("earlier"."domain") = lower("later"."domain")
    AND ("earlier"."created_at", "earlier"."id") < ("later"."created_at", "later"."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_domain_key" ON "organizations" USING btree (lower("domain")) WHERE "organizations"."deleted_at" IS NULL AND "organizations"."domain" IS NOT NULL;