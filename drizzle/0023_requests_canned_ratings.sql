-- Canned replies: a project's ready answers, inserted from the staff composer with
-- {{name}}, {{project}} and {{agent}} filled in there.
CREATE TABLE IF NOT EXISTS "request_canned_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "request_canned_replies_project_idx" ON "request_canned_replies" USING btree ("project_id","title");--> statement-breakpoint
-- The requester's satisfaction with a solved request: one row per request, overwritten by a
-- later rating until "changes" reaches the limit the service sets.
CREATE TABLE IF NOT EXISTS "request_ratings" (
	"request_id" uuid PRIMARY KEY NOT NULL REFERENCES "requests"("id") ON DELETE cascade,
	"project_id" uuid NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"score" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"changes" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_ratings_score_check" CHECK ("score" in ('good', 'bad'))
);
--> statement-breakpoint
-- The dashboard's figure: a project's ratings of the last 30 days.
CREATE INDEX IF NOT EXISTS "request_ratings_project_idx" ON "request_ratings" USING btree ("project_id","updated_at");
