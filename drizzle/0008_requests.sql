-- Requests: a ticket system between a project's users and its staff.
CREATE TABLE "requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"number" integer NOT NULL,
	"requester_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"subject" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"assignee_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_response_due_at" timestamp with time zone,
	"resolution_due_at" timestamp with time zone,
	"first_response_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"merged_into_id" uuid REFERENCES "requests"("id") ON DELETE set null,
	CONSTRAINT "requests_status_check" CHECK ("status" in ('new', 'open', 'pending', 'resolved', 'closed')),
	CONSTRAINT "requests_priority_check" CHECK ("priority" in ('low', 'normal', 'high', 'urgent'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "requests_project_number_key" ON "requests" USING btree ("project_id","number");--> statement-breakpoint
CREATE INDEX "requests_project_status_idx" ON "requests" USING btree ("project_id","status");--> statement-breakpoint
CREATE INDEX "requests_requester_idx" ON "requests" USING btree ("requester_id");--> statement-breakpoint
-- Each project's last request number: taken with an upsert in the creating transaction, so
-- concurrent creators queue on the row and numbers never repeat or skip on success.
CREATE TABLE "request_counters" (
	"project_id" uuid PRIMARY KEY NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL REFERENCES "requests"("id") ON DELETE cascade,
	"project_id" uuid NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"author_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"kind" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_messages_kind_check" CHECK ("kind" in ('reply', 'note', 'event'))
);
--> statement-breakpoint
CREATE INDEX "request_messages_request_idx" ON "request_messages" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE TABLE "request_links" (
	"project_id" uuid NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"a_id" uuid NOT NULL REFERENCES "requests"("id") ON DELETE cascade,
	"b_id" uuid NOT NULL REFERENCES "requests"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_links_a_id_b_id_pk" PRIMARY KEY("a_id","b_id"),
	CONSTRAINT "request_links_order_check" CHECK ("a_id" < "b_id")
);
--> statement-breakpoint
CREATE INDEX "request_links_b_idx" ON "request_links" USING btree ("b_id");--> statement-breakpoint
CREATE TABLE "request_sla" (
	"project_id" uuid PRIMARY KEY NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"targets" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
