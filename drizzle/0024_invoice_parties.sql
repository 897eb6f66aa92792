-- The PDF names both parties and says how to pay: root's issuer and bank details in the
-- invoicing settings, and each billed project's legal name, address and tax id.
ALTER TABLE "invoice_settings" ADD COLUMN IF NOT EXISTS "issuer_name" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD COLUMN IF NOT EXISTS "issuer_address" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD COLUMN IF NOT EXISTS "issuer_tax_id" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD COLUMN IF NOT EXISTS "bank_holder" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD COLUMN IF NOT EXISTS "bank_account" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD COLUMN IF NOT EXISTS "bank_bic" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD COLUMN IF NOT EXISTS "bank_name" text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "invoice_billing" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"legal_name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_billing" ADD CONSTRAINT "invoice_billing_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
