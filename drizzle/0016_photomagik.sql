-- The photomagik extension: style categories, styles, the tool's end users, generations (which are the job queue) and the project's API key.
CREATE TABLE "photomagik_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL REFERENCES "public"."projects"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photomagik_styles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL REFERENCES "public"."projects"("id") ON DELETE cascade,
	"category_id" uuid REFERENCES "public"."photomagik_categories"("id") ON DELETE set null,
	"name" text NOT NULL,
	"prompt_template" text NOT NULL,
	"negative_prompt" text DEFAULT '' NOT NULL,
	"preview_url" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photomagik_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL REFERENCES "public"."projects"("id") ON DELETE cascade,
	"external_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"last_active_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	-- Credits never go below zero, whatever races: the deduction's own check is backed here.
	CONSTRAINT "photomagik_users_credits_check" CHECK ("photomagik_users"."credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "photomagik_generations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL REFERENCES "public"."projects"("id") ON DELETE cascade,
	"user_id" uuid REFERENCES "public"."photomagik_users"("id") ON DELETE cascade,
	"style_id" uuid REFERENCES "public"."photomagik_styles"("id") ON DELETE set null,
	"kind" text DEFAULT 'image' NOT NULL,
	"prompt" text NOT NULL,
	"full_prompt" text NOT NULL,
	"negative_prompt" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"provider" text DEFAULT '' NOT NULL,
	"image_key" text,
	"error" text,
	"cost" integer DEFAULT 0 NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "photomagik_generations_status_check" CHECK ("photomagik_generations"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "photomagik_generations_kind_check" CHECK ("photomagik_generations"."kind" in ('image', 'preview'))
);
--> statement-breakpoint
CREATE TABLE "photomagik_keys" (
	"project_id" uuid PRIMARY KEY NOT NULL REFERENCES "public"."projects"("id") ON DELETE cascade,
	"hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_by" uuid REFERENCES "public"."users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "photomagik_categories_project_idx" ON "photomagik_categories" USING btree ("project_id","position");--> statement-breakpoint
CREATE INDEX "photomagik_styles_project_idx" ON "photomagik_styles" USING btree ("project_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "photomagik_users_project_external_key" ON "photomagik_users" USING btree ("project_id","external_id");--> statement-breakpoint
CREATE INDEX "photomagik_generations_due_idx" ON "photomagik_generations" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "photomagik_generations_project_idx" ON "photomagik_generations" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "photomagik_generations_user_idx" ON "photomagik_generations" USING btree ("user_id","created_at");
