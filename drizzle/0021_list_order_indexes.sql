-- Lists that open in an order no index had: each read a project's every row and sorted it
-- (20,000 requests, 10,000 invoices in the large-tenant bench). In their order, one page is read.
CREATE INDEX IF NOT EXISTS "requests_project_updated_idx" ON "requests" USING btree ("project_id", "updated_at" DESC, "number" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_project_issue_idx" ON "invoices" USING btree ("project_id", "issue_date" DESC, "number" DESC);--> statement-breakpoint
-- Root's list of every project's invoices, in the same order.
CREATE INDEX IF NOT EXISTS "invoices_issue_idx" ON "invoices" USING btree ("issue_date" DESC, "number" DESC);
