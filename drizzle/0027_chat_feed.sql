-- Unread counts and the open support count are kept per member (lib/chats/counts.ts) until
-- something that can change them commits. As with the callers (0020) and the project's
-- data (0025), the database announces it on the same channel: "c:<project>" for a
-- project's messages and conversations, "cu:<user>" for one reader's marks and memberships.
-- Messages are announced once per statement, not per row: a batch of sends, or a cascade
-- deleting a channel's history, costs one notification.
CREATE FUNCTION "chat_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_data record;
BEGIN
  IF TG_OP = 'DELETE' THEN row_data := OLD; ELSE row_data := NEW; END IF;
  IF TG_TABLE_NAME = 'chat_conversations' THEN
    PERFORM pg_notify('atrio_callers', 'c:' || row_data.project_id);
    IF TG_OP = 'UPDATE' AND OLD.project_id IS DISTINCT FROM NEW.project_id THEN
      PERFORM pg_notify('atrio_callers', 'c:' || OLD.project_id);
    END IF;
  ELSE
    PERFORM pg_notify('atrio_callers', 'cu:' || row_data.user_id);
    IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
      PERFORM pg_notify('atrio_callers', 'cu:' || OLD.user_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "chat_messages_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('atrio_callers', 'c:' || p) FROM (SELECT DISTINCT project_id AS p FROM new_rows) AS changed;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "chat_messages_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('atrio_callers', 'c:' || p) FROM (SELECT DISTINCT project_id AS p FROM old_rows) AS changed;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "chat_messages_insert_feed" AFTER INSERT ON "chat_messages"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_messages_inserted"();
--> statement-breakpoint
-- An update is announced for its rows' old projects and, through the new table, their new ones.
CREATE TRIGGER "chat_messages_update_old_feed" AFTER UPDATE ON "chat_messages"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_messages_removed"();
--> statement-breakpoint
CREATE TRIGGER "chat_messages_update_new_feed" AFTER UPDATE ON "chat_messages"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_messages_inserted"();
--> statement-breakpoint
CREATE TRIGGER "chat_messages_delete_feed" AFTER DELETE ON "chat_messages"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_messages_removed"();
--> statement-breakpoint
CREATE TRIGGER "chat_conversations_feed" AFTER INSERT OR UPDATE OR DELETE ON "chat_conversations"
  FOR EACH ROW EXECUTE FUNCTION "chat_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "chat_members_feed" AFTER INSERT OR UPDATE OR DELETE ON "chat_members"
  FOR EACH ROW EXECUTE FUNCTION "chat_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "chat_reads_feed" AFTER INSERT OR UPDATE OR DELETE ON "chat_reads"
  FOR EACH ROW EXECUTE FUNCTION "chat_rows_changed"();
