-- WhatsApp API extension: per-project credentials (secrets sealed by the app), the contacts
-- who wrote in and the WhatsApp side of each chat message (wamid, delivery status).
CREATE TABLE "whatsapp_accounts" (
	"project_id" uuid PRIMARY KEY NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"phone_number_id" text DEFAULT '' NOT NULL,
	"waba_id" text DEFAULT '' NOT NULL,
	"access_token" text,
	"app_secret" text,
	"verify_token" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_accounts_phone_key" ON "whatsapp_accounts" ("phone_number_id") WHERE "phone_number_id" <> '';
--> statement-breakpoint
CREATE TABLE "whatsapp_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"wa_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"conversation_id" uuid NOT NULL REFERENCES "chat_conversations"("id") ON DELETE cascade,
	"last_inbound_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_contacts_project_wa_key" ON "whatsapp_contacts" ("project_id", "wa_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_contacts_conversation_key" ON "whatsapp_contacts" ("conversation_id");
--> statement-breakpoint
CREATE TABLE "whatsapp_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"conversation_id" uuid NOT NULL REFERENCES "chat_conversations"("id") ON DELETE cascade,
	"chat_message_id" uuid REFERENCES "chat_messages"("id") ON DELETE cascade,
	"wa_message_id" text,
	"direction" text NOT NULL,
	"status" text NOT NULL,
	"error_code" integer,
	"error_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_messages_direction_check" CHECK ("direction" in ('in', 'out'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_wamid_key" ON "whatsapp_messages" ("project_id", "wa_message_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_chat_message_key" ON "whatsapp_messages" ("chat_message_id");
--> statement-breakpoint
CREATE INDEX "whatsapp_messages_conversation_idx" ON "whatsapp_messages" ("conversation_id");
