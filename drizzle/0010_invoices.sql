-- Invoices the platform issues to projects, their payments, the platform-wide numbering,
-- handled webhook deliveries and root's invoicing settings.
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"number" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"currency" text NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"lines" jsonb NOT NULL,
	"discount" jsonb,
	"taxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"breakdown" jsonb NOT NULL,
	"subtotal" bigint NOT NULL,
	"discount_total" bigint NOT NULL,
	"tax_total" bigint NOT NULL,
	"total" bigint NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"recurrence" text DEFAULT 'none' NOT NULL,
	"next_issue_date" date,
	"source_id" uuid,
	"reminders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_status_check" CHECK ("status" in ('draft', 'sent', 'viewed', 'partial', 'paid', 'void')),
	CONSTRAINT "invoices_recurrence_check" CHECK ("recurrence" in ('none', 'monthly', 'yearly')),
	CONSTRAINT "invoices_amounts_check" CHECK ("total" >= 0 AND "paid" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "invoices_project_idx" ON "invoices" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_next_issue_idx" ON "invoices" USING btree ("next_issue_date");--> statement-breakpoint
-- A recurring invoice issues at most one invoice per date, whichever instance gets there first.
CREATE UNIQUE INDEX "invoices_source_issue_key" ON "invoices" USING btree ("source_id","issue_date");--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL REFERENCES "invoices"("id") ON DELETE cascade,
	"project_id" uuid NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"coin" text,
	"coin_amount" bigint,
	"rate" text,
	"expires_at" timestamp with time zone,
	"provider" text,
	"provider_ref" text,
	"provider_status" text,
	"checkout_url" text,
	"proof" jsonb,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"decided_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_method_check" CHECK ("method" in ('manual', 'transfer', 'crypto')),
	CONSTRAINT "invoice_payments_status_check" CHECK ("status" in ('pending', 'confirmed', 'rejected', 'expired')),
	CONSTRAINT "invoice_payments_amount_check" CHECK ("amount" > 0)
);
--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_provider_ref_key" ON "invoice_payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE TABLE "invoice_webhook_deliveries" (
	"provider" text NOT NULL,
	"delivery_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_webhook_deliveries_key" ON "invoice_webhook_deliveries" USING btree ("provider","delivery_id");--> statement-breakpoint
CREATE TABLE "invoice_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"bank_instructions" text DEFAULT '' NOT NULL,
	"crypto_provider" text DEFAULT 'test' NOT NULL,
	"btcpay_url" text DEFAULT '' NOT NULL,
	"btcpay_store_id" text DEFAULT '' NOT NULL,
	"btcpay_api_key" text DEFAULT '' NOT NULL,
	"btcpay_webhook_secret" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_settings_one_row" CHECK ("id" = 1)
);
