-- A statement that checks its own preconditions (a chat batch written in one statement,
-- lib/chats/batch-insert.ts) fails through this when one does not hold, so that nothing it
-- did is kept. Plain SQL has no way to raise an error of its own.
CREATE FUNCTION "atrio_refuse"(reason text) RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION 'refused: %', reason USING ERRCODE = 'P0001';
END $$;
