-- The dashboard home's activity reads a project's newest request replies and notes.
CREATE INDEX IF NOT EXISTS "request_messages_project_idx" ON "request_messages" USING btree ("project_id","created_at");
