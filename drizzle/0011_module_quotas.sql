-- Storage quotas count the cards' and the requests' attachments too, kept by triggers like the
-- chat messages' one (0006): whoever writes, a cascade included, the owners' rows follow.
CREATE FUNCTION "board_attachments_storage_usage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- The project's row before the uploader's, always (the order every writer locks them in).
	IF TG_OP <> 'INSERT' THEN
		PERFORM storage_usage_add('project', OLD."project_id", -OLD."size");
		IF OLD."uploaded_by" IS NOT NULL THEN PERFORM storage_usage_add('user', OLD."uploaded_by", -OLD."size"); END IF;
	END IF;
	IF TG_OP <> 'DELETE' THEN
		PERFORM storage_usage_add('project', NEW."project_id", NEW."size");
		IF NEW."uploaded_by" IS NOT NULL THEN PERFORM storage_usage_add('user', NEW."uploaded_by", NEW."size"); END IF;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "board_attachments_storage_usage" AFTER INSERT OR UPDATE OR DELETE ON "board_attachments" FOR EACH ROW EXECUTE FUNCTION "board_attachments_storage_usage"();--> statement-breakpoint
-- The thread's entries carry their files as JSON, as chat messages do: the same function counts them.
CREATE TRIGGER "request_messages_storage_usage" AFTER INSERT OR UPDATE OR DELETE ON "request_messages" FOR EACH ROW EXECUTE FUNCTION "chat_messages_storage_usage"();--> statement-breakpoint
-- What is already stored.
INSERT INTO "storage_usage" ("owner_kind", "owner_id", "bytes")
SELECT 'project', "project_id", sum("size") FROM "board_attachments" GROUP BY "project_id" HAVING sum("size") <> 0
ON CONFLICT ("owner_kind", "owner_id") DO UPDATE SET "bytes" = "storage_usage"."bytes" + excluded."bytes";--> statement-breakpoint
INSERT INTO "storage_usage" ("owner_kind", "owner_id", "bytes")
SELECT 'user', "uploaded_by", sum("size") FROM "board_attachments" WHERE "uploaded_by" IS NOT NULL GROUP BY "uploaded_by" HAVING sum("size") <> 0
ON CONFLICT ("owner_kind", "owner_id") DO UPDATE SET "bytes" = "storage_usage"."bytes" + excluded."bytes";--> statement-breakpoint
INSERT INTO "storage_usage" ("owner_kind", "owner_id", "bytes")
SELECT 'project', "project_id", sum(chat_attachments_bytes("attachments")) FROM "request_messages" GROUP BY "project_id"
HAVING sum(chat_attachments_bytes("attachments")) <> 0
ON CONFLICT ("owner_kind", "owner_id") DO UPDATE SET "bytes" = "storage_usage"."bytes" + excluded."bytes";--> statement-breakpoint
INSERT INTO "storage_usage" ("owner_kind", "owner_id", "bytes")
SELECT 'user', "author_id", sum(chat_attachments_bytes("attachments")) FROM "request_messages" WHERE "author_id" IS NOT NULL GROUP BY "author_id"
HAVING sum(chat_attachments_bytes("attachments")) <> 0
ON CONFLICT ("owner_kind", "owner_id") DO UPDATE SET "bytes" = "storage_usage"."bytes" + excluded."bytes";
