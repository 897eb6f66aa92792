-- Message seqs count per project (a global number showed every client how much the other
-- projects write). A counter row per project; a trigger numbers each new message from it.
CREATE TABLE "chat_counters" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_counters" ADD CONSTRAINT "chat_counters_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
DROP INDEX "chat_messages_seq_key";--> statement-breakpoint
DROP INDEX "chat_messages_project_seq_idx";--> statement-breakpoint
ALTER TABLE "chat_messages" ALTER COLUMN "seq" DROP IDENTITY;--> statement-breakpoint
ALTER TABLE "chat_messages" ALTER COLUMN "seq" SET DEFAULT 0;--> statement-breakpoint
-- Existing messages are renumbered 1, 2, 3… per project in their old order. Read marks and
-- conversation heads move first, while they still name old numbers: a mark becomes the
-- count of the project's messages at or below it, which is exactly the new number of the
-- message it named, and keeps every later message after it.
UPDATE "chat_reads" AS r SET "last_read_seq" = (
	SELECT count(*) FROM "chat_messages" AS m
	WHERE m."project_id" = (SELECT c."project_id" FROM "chat_conversations" AS c WHERE c."id" = r."conversation_id") AND m."seq" <= r."last_read_seq"
);--> statement-breakpoint
UPDATE "chat_conversations" AS c SET "last_message_seq" = (
	SELECT count(*) FROM "chat_messages" AS m WHERE m."project_id" = c."project_id" AND m."seq" <= c."last_message_seq"
);--> statement-breakpoint
UPDATE "chat_messages" AS m SET "seq" = n."rn" FROM (
	SELECT "id", row_number() OVER (PARTITION BY "project_id" ORDER BY "seq") AS "rn" FROM "chat_messages"
) AS n WHERE m."id" = n."id";--> statement-breakpoint
INSERT INTO "chat_counters" ("project_id", "last_seq") SELECT "project_id", max("seq") FROM "chat_messages" GROUP BY "project_id";--> statement-breakpoint
-- Whoever inserts a message gets the project's next number. The upsert keeps the counter row
-- locked until the inserting transaction ends, so within a project seq order is commit order.
CREATE FUNCTION "chat_messages_project_seq"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "chat_counters" ("project_id", "last_seq") VALUES (NEW."project_id", 1)
	ON CONFLICT ("project_id") DO UPDATE SET "last_seq" = "chat_counters"."last_seq" + 1
	RETURNING "last_seq" INTO NEW."seq";
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "chat_messages_project_seq" BEFORE INSERT ON "chat_messages" FOR EACH ROW EXECUTE FUNCTION "chat_messages_project_seq"();--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_project_seq_key" ON "chat_messages" USING btree ("project_id","seq");
