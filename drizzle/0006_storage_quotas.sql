-- Storage quotas: what each project and each user holds in chat attachments.
CREATE TABLE "storage_usage" (
	"owner_kind" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "storage_usage_owner_kind_owner_id_pk" PRIMARY KEY("owner_kind","owner_id"),
	CONSTRAINT "storage_usage_owner_kind_check" CHECK ("storage_usage"."owner_kind" in ('project', 'user'))
);
--> statement-breakpoint
-- Usage per project and per author: the bytes their messages' attachments hold. A trigger
-- keeps it, whoever writes (the API, a seed, a cascade); a soft delete empties a message's
-- attachments, so its bytes come off too. Counting the upload in the same transaction as the
-- message, with the rows locked until commit, lets the API check quotas exactly.
CREATE FUNCTION "chat_attachments_bytes"(attachments jsonb) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN jsonb_typeof(attachments) = 'array'
		THEN coalesce((SELECT sum(coalesce((a->>'size')::bigint, 0)) FROM jsonb_array_elements(attachments) AS a), 0)
		ELSE 0 END
$$;--> statement-breakpoint
CREATE FUNCTION "storage_usage_add"(kind text, owner uuid, delta bigint) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "storage_usage" ("owner_kind", "owner_id", "bytes") VALUES (kind, owner, delta)
	ON CONFLICT ("owner_kind", "owner_id") DO UPDATE SET "bytes" = "storage_usage"."bytes" + excluded."bytes"
$$;--> statement-breakpoint
-- The project's row before the author's, always: transactions that touch both lock them in one order.
CREATE FUNCTION "chat_messages_storage_usage"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	old_bytes bigint := 0;
	new_bytes bigint := 0;
BEGIN
	IF TG_OP <> 'INSERT' THEN old_bytes := chat_attachments_bytes(OLD."attachments"); END IF;
	IF TG_OP <> 'DELETE' THEN new_bytes := chat_attachments_bytes(NEW."attachments"); END IF;
	IF TG_OP = 'UPDATE' AND OLD."project_id" = NEW."project_id" THEN
		IF new_bytes <> old_bytes THEN PERFORM storage_usage_add('project', NEW."project_id", new_bytes - old_bytes); END IF;
	ELSE
		IF old_bytes <> 0 THEN PERFORM storage_usage_add('project', OLD."project_id", -old_bytes); END IF;
		IF new_bytes <> 0 THEN PERFORM storage_usage_add('project', NEW."project_id", new_bytes); END IF;
	END IF;
	IF TG_OP = 'UPDATE' AND OLD."author_id" IS NOT DISTINCT FROM NEW."author_id" THEN
		IF new_bytes <> old_bytes AND NEW."author_id" IS NOT NULL THEN PERFORM storage_usage_add('user', NEW."author_id", new_bytes - old_bytes); END IF;
	ELSE
		IF old_bytes <> 0 AND OLD."author_id" IS NOT NULL THEN PERFORM storage_usage_add('user', OLD."author_id", -old_bytes); END IF;
		IF new_bytes <> 0 AND NEW."author_id" IS NOT NULL THEN PERFORM storage_usage_add('user', NEW."author_id", new_bytes); END IF;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "chat_messages_storage_usage" AFTER INSERT OR UPDATE OR DELETE ON "chat_messages" FOR EACH ROW EXECUTE FUNCTION "chat_messages_storage_usage"();--> statement-breakpoint
-- What the messages already written hold (deleted ones hold nothing: their attachments are gone).
INSERT INTO "storage_usage" ("owner_kind", "owner_id", "bytes")
SELECT 'project', "project_id", sum(chat_attachments_bytes("attachments")) FROM "chat_messages" GROUP BY "project_id"
HAVING sum(chat_attachments_bytes("attachments")) <> 0;--> statement-breakpoint
INSERT INTO "storage_usage" ("owner_kind", "owner_id", "bytes")
SELECT 'user', "author_id", sum(chat_attachments_bytes("attachments")) FROM "chat_messages" WHERE "author_id" IS NOT NULL GROUP BY "author_id"
HAVING sum(chat_attachments_bytes("attachments")) <> 0;
