-- A card's cover on the board: by default its first image file; a chosen file (cover_id), or
-- none at all (cover_off). Removing the chosen file falls back to the default.
ALTER TABLE "board_cards" ADD COLUMN IF NOT EXISTS "cover_id" uuid REFERENCES "board_attachments"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "board_cards" ADD COLUMN IF NOT EXISTS "cover_off" boolean DEFAULT false NOT NULL;
