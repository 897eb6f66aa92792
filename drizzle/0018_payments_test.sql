-- The built-in test processor settles test invoices only (issue 28): invoices say whether they
-- are test invoices, and the crypto setting for real ones is "none" or "btcpay" ("test" is gone).
ALTER TABLE "invoices" ADD COLUMN IF NOT EXISTS "test" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoice_settings" ALTER COLUMN "crypto_provider" SET DEFAULT 'none';
--> statement-breakpoint
UPDATE "invoice_settings" SET "crypto_provider" = 'none' WHERE "crypto_provider" <> 'btcpay';
--> statement-breakpoint
-- Every invoice issued so far is real, so the test processor's payments on them were never money:
-- open quotes expire, and settled ones are rejected (the row stays, naming its processor).
UPDATE "invoice_payments" SET "status" = 'expired', "decided_at" = now()
WHERE "provider" = 'test' AND "status" = 'pending';
--> statement-breakpoint
UPDATE "invoice_payments" SET "status" = 'rejected'
WHERE "provider" = 'test' AND "status" = 'confirmed';
--> statement-breakpoint
-- Their invoices' figures again from the confirmed payments, as the service's settle() computes them.
UPDATE "invoices" AS i SET
	"paid" = s.paid,
	"status" = CASE
		WHEN i."status" IN ('void', 'draft') THEN i."status"
		WHEN s.paid >= i."total" THEN 'paid'
		WHEN s.paid > 0 THEN 'partial'
		WHEN i."viewed_at" IS NOT NULL THEN 'viewed'
		ELSE 'sent' END,
	"paid_at" = CASE WHEN s.paid >= i."total" AND i."status" NOT IN ('void', 'draft') THEN i."paid_at" ELSE NULL END,
	"updated_at" = now()
FROM (
	SELECT p."invoice_id" AS id, coalesce(sum(p."amount") FILTER (WHERE p."status" = 'confirmed'), 0) AS paid
	FROM "invoice_payments" p
	WHERE p."invoice_id" IN (SELECT "invoice_id" FROM "invoice_payments" WHERE "provider" = 'test')
	GROUP BY p."invoice_id"
) AS s
WHERE s.id = i."id" AND s.paid <> i."paid";
