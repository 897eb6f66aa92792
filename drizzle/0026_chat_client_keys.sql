-- A key the sending client gives its message, so a send retried after a lost answer or a
-- reconnect finds the message it already made instead of making a second one.
ALTER TABLE "chat_messages" ADD COLUMN IF NOT EXISTS "client_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "chat_messages_client_key_idx" ON "chat_messages" USING btree ("conversation_id","author_id","client_key") WHERE "client_key" IS NOT NULL;
