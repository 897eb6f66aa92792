-- Varket (marketplace) extension: plans, sellers on commission, their sales, the project's default rate.
CREATE TABLE "varket_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" bigint NOT NULL,
	"currency" text NOT NULL,
	"interval" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "varket_plans_interval_check" CHECK ("varket_plans"."interval" in ('once', 'monthly', 'yearly')),
	CONSTRAINT "varket_plans_status_check" CHECK ("varket_plans"."status" in ('active', 'archived')),
	CONSTRAINT "varket_plans_price_check" CHECK ("varket_plans"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "varket_sellers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"status" text DEFAULT 'invited' NOT NULL,
	"commission_rate" text,
	"payout_details" text DEFAULT '' NOT NULL,
	"next_payout_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "varket_sellers_status_check" CHECK ("varket_sellers"."status" in ('invited', 'active', 'suspended'))
);
--> statement-breakpoint
CREATE TABLE "varket_settings" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"default_commission_rate" text DEFAULT '10' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "varket_sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"customer_ref" text NOT NULL,
	"currency" text NOT NULL,
	"gross" bigint NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"rate" text NOT NULL,
	"commission" bigint NOT NULL,
	"net" bigint NOT NULL,
	"sold_on" date NOT NULL,
	"refunded_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "varket_sales_refund_check" CHECK ("varket_sales"."refunded" >= 0 AND "varket_sales"."refunded" <= "varket_sales"."gross")
);
--> statement-breakpoint
ALTER TABLE "varket_plans" ADD CONSTRAINT "varket_plans_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "varket_sellers" ADD CONSTRAINT "varket_sellers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "varket_sellers" ADD CONSTRAINT "varket_sellers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "varket_settings" ADD CONSTRAINT "varket_settings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "varket_sales" ADD CONSTRAINT "varket_sales_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "varket_sales" ADD CONSTRAINT "varket_sales_plan_id_varket_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."varket_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "varket_sales" ADD CONSTRAINT "varket_sales_seller_id_varket_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."varket_sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "varket_plans_project_name_key" ON "varket_plans" USING btree ("project_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "varket_sellers_project_email_key" ON "varket_sellers" USING btree ("project_id","email");--> statement-breakpoint
CREATE INDEX "varket_sellers_user_idx" ON "varket_sellers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "varket_sales_project_sold_idx" ON "varket_sales" USING btree ("project_id","sold_on");--> statement-breakpoint
CREATE INDEX "varket_sales_seller_idx" ON "varket_sales" USING btree ("seller_id");
