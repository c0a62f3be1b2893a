-- Issue 29 goal 4 (decision 1972): each note's value, the sum of its ledger entries' effects, kept
-- by triggers in the same transaction as every ledger write, so the portal reads one row per note
-- instead of summing the note's whole history on every request. The ledger stays the truth:
-- the ledger check compares every row with a recount, and refresh_investment_ledger_values()
-- rebuilds the table (after a bulk load with triggers off, or as a repair).
CREATE TABLE "investment_ledger_values" (
  "investment_id" uuid PRIMARY KEY NOT NULL,
  "investor_id" uuid NOT NULL,
  "value" numeric(14, 2) NOT NULL DEFAULT 0,
  CONSTRAINT "investment_ledger_values_note_investor_fk" FOREIGN KEY ("investment_id", "investor_id")
    REFERENCES "investments" ("id", "investor_id") ON DELETE CASCADE
);
--> statement-breakpoint
-- One upsert per ledger statement (a month-end batch too), one row per note it touched, in note
-- order (two batches over the same notes lock them in the same order). A batch that leaves a
-- note's value unchanged (a Standard note's paid-out interest) writes nothing.
CREATE OR REPLACE FUNCTION investment_ledger_values_inserted() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO investment_ledger_values AS kept (investment_id, investor_id, value)
  SELECT entry.investment_id, entry.investor_id, sum(entry.value_effect)
    FROM inserted_rows entry
   GROUP BY entry.investment_id, entry.investor_id
  HAVING sum(entry.value_effect) <> 0
   ORDER BY entry.investment_id
  ON CONFLICT (investment_id) DO UPDATE SET value = kept.value + excluded.value;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER investment_ledger_values_inserted AFTER INSERT ON investment_transactions
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION investment_ledger_values_inserted();
--> statement-breakpoint
-- The ledger is append-only; a corrected or removed row still moves its note's value right.
CREATE OR REPLACE FUNCTION investment_ledger_values_changed() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE investment_ledger_values SET value = value - OLD.value_effect WHERE investment_id = OLD.investment_id;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO investment_ledger_values AS kept (investment_id, investor_id, value)
    VALUES (NEW.investment_id, NEW.investor_id, NEW.value_effect)
    ON CONFLICT (investment_id) DO UPDATE SET value = kept.value + excluded.value;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER investment_ledger_values_updated AFTER UPDATE OF value_effect, investment_id, investor_id
  ON investment_transactions FOR EACH ROW
  WHEN (OLD.value_effect IS DISTINCT FROM NEW.value_effect OR OLD.investment_id IS DISTINCT FROM NEW.investment_id
        OR OLD.investor_id IS DISTINCT FROM NEW.investor_id)
  EXECUTE FUNCTION investment_ledger_values_changed();
--> statement-breakpoint
CREATE TRIGGER investment_ledger_values_deleted AFTER DELETE ON investment_transactions
  FOR EACH ROW EXECUTE FUNCTION investment_ledger_values_changed();
--> statement-breakpoint
-- Recounts every note from the ledger. Ledger writes wait while it runs (SHARE lock), so no entry
-- is counted twice or missed.
CREATE OR REPLACE FUNCTION refresh_investment_ledger_values() RETURNS void
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  LOCK TABLE investment_transactions IN SHARE MODE;
  DELETE FROM investment_ledger_values;
  INSERT INTO investment_ledger_values (investment_id, investor_id, value)
  SELECT entry.investment_id, entry.investor_id, sum(entry.value_effect)
    FROM investment_transactions entry
   GROUP BY entry.investment_id, entry.investor_id
  HAVING sum(entry.value_effect) <> 0;
END $$;
--> statement-breakpoint
SELECT refresh_investment_ledger_values();
