-- A board's view (columns, labels, open cards with their comment and file counts) is the same
-- for every member who opens it between two changes, so each instance keeps it
-- (lib/boards/cached.ts). As with the callers (0020), the project's data (0025) and its
-- chats (0027), the database announces at commit every change that can alter it, on the
-- same channel: "b:<board id>". Cards are announced once per statement, not per row: a bulk
-- action on 200 cards, or a cascade emptying a board, costs one notification per board.
CREATE FUNCTION "board_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_data record;
BEGIN
  IF TG_OP = 'DELETE' THEN row_data := OLD; ELSE row_data := NEW; END IF;
  IF TG_TABLE_NAME = 'boards' THEN
    PERFORM pg_notify('atrio_callers', 'b:' || row_data.id);
  ELSIF TG_TABLE_NAME IN ('board_columns', 'board_labels') THEN
    PERFORM pg_notify('atrio_callers', 'b:' || row_data.board_id);
    IF TG_OP = 'UPDATE' AND OLD.board_id IS DISTINCT FROM NEW.board_id THEN
      PERFORM pg_notify('atrio_callers', 'b:' || OLD.board_id);
    END IF;
  ELSE
    -- Comments and files: through their card (a card deleted with them is announced itself).
    PERFORM pg_notify('atrio_callers', 'b:' || c.board_id) FROM "board_cards" c WHERE c.id = row_data.card_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "board_cards_new"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('atrio_callers', 'b:' || b) FROM (SELECT DISTINCT board_id AS b FROM new_rows) AS changed;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "board_cards_old"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('atrio_callers', 'b:' || b) FROM (SELECT DISTINCT board_id AS b FROM old_rows) AS changed;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "board_cards_insert_feed" AFTER INSERT ON "board_cards"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "board_cards_new"();
--> statement-breakpoint
-- An update is announced for its rows' old boards and, through the new table, their new ones.
CREATE TRIGGER "board_cards_update_old_feed" AFTER UPDATE ON "board_cards"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "board_cards_old"();
--> statement-breakpoint
CREATE TRIGGER "board_cards_update_new_feed" AFTER UPDATE ON "board_cards"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "board_cards_new"();
--> statement-breakpoint
CREATE TRIGGER "board_cards_delete_feed" AFTER DELETE ON "board_cards"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "board_cards_old"();
--> statement-breakpoint
CREATE TRIGGER "boards_feed" AFTER UPDATE OR DELETE ON "boards"
  FOR EACH ROW EXECUTE FUNCTION "board_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "board_columns_feed" AFTER INSERT OR UPDATE OR DELETE ON "board_columns"
  FOR EACH ROW EXECUTE FUNCTION "board_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "board_labels_feed" AFTER INSERT OR UPDATE OR DELETE ON "board_labels"
  FOR EACH ROW EXECUTE FUNCTION "board_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "board_comments_feed" AFTER INSERT OR UPDATE OR DELETE ON "board_comments"
  FOR EACH ROW EXECUTE FUNCTION "board_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "board_attachments_feed" AFTER INSERT OR UPDATE OR DELETE ON "board_attachments"
  FOR EACH ROW EXECUTE FUNCTION "board_rows_changed"();
