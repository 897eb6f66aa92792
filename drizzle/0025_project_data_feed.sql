-- The dashboard home's figures and activity are the same for every member who opens it
-- between two changes, so each instance keeps them per project (lib/dashboard/cached.ts).
-- As with the callers (migration 0020), the database announces every change that can alter
-- them, at commit, on the same channel: "d:<project id>".
CREATE FUNCTION "project_data_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_data record;
BEGIN
  IF TG_OP = 'DELETE' THEN row_data := OLD; ELSE row_data := NEW; END IF;
  IF row_data.project_id IS NOT NULL THEN
    PERFORM pg_notify('atrio_callers', 'd:' || row_data.project_id);
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.project_id IS DISTINCT FROM NEW.project_id AND OLD.project_id IS NOT NULL THEN
    PERFORM pg_notify('atrio_callers', 'd:' || OLD.project_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_project_data" AFTER INSERT OR UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "project_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "board_activity_project_data" AFTER INSERT OR UPDATE OR DELETE ON "board_activity"
  FOR EACH ROW EXECUTE FUNCTION "project_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "board_cards_project_data" AFTER INSERT OR UPDATE OR DELETE ON "board_cards"
  FOR EACH ROW EXECUTE FUNCTION "project_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "board_columns_project_data" AFTER INSERT OR UPDATE OR DELETE ON "board_columns"
  FOR EACH ROW EXECUTE FUNCTION "project_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "requests_project_data" AFTER INSERT OR UPDATE OR DELETE ON "requests"
  FOR EACH ROW EXECUTE FUNCTION "project_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "request_messages_project_data" AFTER INSERT OR UPDATE OR DELETE ON "request_messages"
  FOR EACH ROW EXECUTE FUNCTION "project_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "invoices_project_data" AFTER INSERT OR UPDATE OR DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION "project_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "interview_responses_project_data" AFTER INSERT OR UPDATE OR DELETE ON "interview_responses"
  FOR EACH ROW EXECUTE FUNCTION "project_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "invitations_project_data" AFTER INSERT OR UPDATE OR DELETE ON "invitations"
  FOR EACH ROW EXECUTE FUNCTION "project_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "request_ratings_project_data" AFTER INSERT OR UPDATE OR DELETE ON "request_ratings"
  FOR EACH ROW EXECUTE FUNCTION "project_data_changed"();
