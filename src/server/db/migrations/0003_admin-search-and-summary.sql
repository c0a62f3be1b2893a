-- Admin search (PRODUCT.md 26): partial names and e-mails from 3 characters, phones by digits,
-- answered from trigram indexes instead of a table scan. The extension lives in public and its
-- operator class is named with the schema, so schemas that are not on public's search path
-- (the PostgreSQL test schemas) use the same one.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS investors_full_name_trgm_idx ON investors
  USING gin ((lower(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))) public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS investors_email_trgm_idx ON investors USING gin ((lower(email)) public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS investors_phone_digits_trgm_idx ON investors
  USING gin ((regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')) public.gin_trgm_ops);
--> statement-breakpoint

-- The dashboard cards (PRODUCT.md 26) from a maintained summary. Triggers append changes to
-- platform_summary_deltas (no writer waits on the one summary row); the dashboard folds them
-- into platform_summary when it reads (decision 301).
--   assets under management = ledger value of notes whose status is 'active'
--   investors, with active   = investors rows, and those with status 'active'
--   interest paid            = completed ACH payments of type 'interest'
--   active investments       = investments with status 'active'
CREATE OR REPLACE FUNCTION platform_summary_investors_inserted() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO platform_summary_deltas (investor_count, active_investor_count)
  SELECT count(*), count(*) FILTER (WHERE status = 'active') FROM inserted_rows HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER platform_summary_investors_inserted AFTER INSERT ON investors
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION platform_summary_investors_inserted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION platform_summary_investor_changed() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  was_active int := CASE WHEN TG_OP <> 'INSERT' AND OLD.status = 'active' THEN 1 ELSE 0 END;
  is_active int := CASE WHEN TG_OP <> 'DELETE' AND NEW.status = 'active' THEN 1 ELSE 0 END;
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO platform_summary_deltas (investor_count, active_investor_count) VALUES (-1, -was_active);
  ELSIF is_active <> was_active THEN
    INSERT INTO platform_summary_deltas (active_investor_count) VALUES (is_active - was_active);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER platform_summary_investor_status_changed AFTER UPDATE OF status ON investors
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION platform_summary_investor_changed();
--> statement-breakpoint
CREATE TRIGGER platform_summary_investor_deleted AFTER DELETE ON investors
  FOR EACH ROW EXECUTE FUNCTION platform_summary_investor_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION platform_summary_investments_inserted() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  -- A new note has no ledger entries yet (they reference it), so only the count moves.
  INSERT INTO platform_summary_deltas (active_investment_count)
  SELECT count(*) FROM inserted_rows WHERE status = 'active' HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER platform_summary_investments_inserted AFTER INSERT ON investments
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION platform_summary_investments_inserted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION platform_summary_investment_changed() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  was_active int := CASE WHEN TG_OP <> 'INSERT' AND OLD.status = 'active' THEN 1 ELSE 0 END;
  is_active int := CASE WHEN TG_OP <> 'DELETE' AND NEW.status = 'active' THEN 1 ELSE 0 END;
  note_value numeric;
BEGIN
  IF is_active = was_active THEN
    RETURN NULL;
  END IF;
  SELECT coalesce(sum(value_effect), 0) INTO note_value
    FROM investment_transactions
   WHERE investment_id = CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
  INSERT INTO platform_summary_deltas (active_investment_count, assets_under_management)
  VALUES (is_active - was_active, (is_active - was_active) * note_value);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER platform_summary_investment_status_changed AFTER UPDATE OF status ON investments
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION platform_summary_investment_changed();
--> statement-breakpoint
CREATE TRIGGER platform_summary_investment_deleted AFTER DELETE ON investments
  FOR EACH ROW EXECUTE FUNCTION platform_summary_investment_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION platform_summary_ledger_inserted() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO platform_summary_deltas (assets_under_management)
  SELECT sum(entry.value_effect)
    FROM inserted_rows entry
    JOIN investments note ON note.id = entry.investment_id
   WHERE note.status = 'active'
  HAVING coalesce(sum(entry.value_effect), 0) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER platform_summary_ledger_inserted AFTER INSERT ON investment_transactions
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION platform_summary_ledger_inserted();
--> statement-breakpoint
-- The ledger is append-only; corrections of a row or its removal are still counted right.
CREATE OR REPLACE FUNCTION platform_summary_ledger_changed() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  removed numeric := 0;
  added numeric := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT CASE WHEN note.status = 'active' THEN OLD.value_effect ELSE 0 END INTO removed
      FROM investments note WHERE note.id = OLD.investment_id;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT CASE WHEN note.status = 'active' THEN NEW.value_effect ELSE 0 END INTO added
      FROM investments note WHERE note.id = NEW.investment_id;
  END IF;
  IF coalesce(added, 0) - coalesce(removed, 0) <> 0 THEN
    INSERT INTO platform_summary_deltas (assets_under_management) VALUES (coalesce(added, 0) - coalesce(removed, 0));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER platform_summary_ledger_updated AFTER UPDATE OF value_effect, investment_id ON investment_transactions
  FOR EACH ROW WHEN (OLD.value_effect IS DISTINCT FROM NEW.value_effect OR OLD.investment_id IS DISTINCT FROM NEW.investment_id)
  EXECUTE FUNCTION platform_summary_ledger_changed();
--> statement-breakpoint
CREATE TRIGGER platform_summary_ledger_deleted AFTER DELETE ON investment_transactions
  FOR EACH ROW EXECUTE FUNCTION platform_summary_ledger_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION platform_summary_ach_inserted() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO platform_summary_deltas (interest_paid)
  SELECT sum(amount) FROM inserted_rows WHERE payment_type = 'interest' AND status = 'completed' HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER platform_summary_ach_inserted AFTER INSERT ON ach_payments
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION platform_summary_ach_inserted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION platform_summary_ach_changed() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  removed numeric := CASE WHEN TG_OP <> 'INSERT' AND OLD.payment_type = 'interest' AND OLD.status = 'completed' THEN OLD.amount ELSE 0 END;
  added numeric := CASE WHEN TG_OP <> 'DELETE' AND NEW.payment_type = 'interest' AND NEW.status = 'completed' THEN NEW.amount ELSE 0 END;
BEGIN
  IF added - removed <> 0 THEN
    INSERT INTO platform_summary_deltas (interest_paid) VALUES (added - removed);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER platform_summary_ach_updated AFTER UPDATE OF status, amount, payment_type ON ach_payments
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.amount IS DISTINCT FROM NEW.amount OR OLD.payment_type IS DISTINCT FROM NEW.payment_type)
  EXECUTE FUNCTION platform_summary_ach_changed();
--> statement-breakpoint
CREATE TRIGGER platform_summary_ach_deleted AFTER DELETE ON ach_payments
  FOR EACH ROW EXECUTE FUNCTION platform_summary_ach_changed();
--> statement-breakpoint
-- Folds the pending changes into the summary row. One statement, so the changes it deletes are
-- exactly those it adds; changes committed meanwhile stay for the next fold.
CREATE OR REPLACE FUNCTION fold_platform_summary() RETURNS void
LANGUAGE sql SET search_path FROM CURRENT AS $$
  WITH moved AS (
    DELETE FROM platform_summary_deltas RETURNING *
  ), totals AS (
    SELECT count(*) AS changes,
           coalesce(sum(assets_under_management), 0) AS assets_under_management,
           coalesce(sum(investor_count), 0) AS investor_count,
           coalesce(sum(active_investor_count), 0) AS active_investor_count,
           coalesce(sum(interest_paid), 0) AS interest_paid,
           coalesce(sum(active_investment_count), 0) AS active_investment_count
      FROM moved
  )
  INSERT INTO platform_summary AS summary (id, assets_under_management, investor_count, active_investor_count,
                                           interest_paid, active_investment_count, refreshed_at)
  SELECT 1, assets_under_management, investor_count, active_investor_count, interest_paid, active_investment_count, now()
    FROM totals WHERE changes > 0
  ON CONFLICT (id) DO UPDATE SET
    assets_under_management = summary.assets_under_management + excluded.assets_under_management,
    investor_count = summary.investor_count + excluded.investor_count,
    active_investor_count = summary.active_investor_count + excluded.active_investor_count,
    interest_paid = summary.interest_paid + excluded.interest_paid,
    active_investment_count = summary.active_investment_count + excluded.active_investment_count,
    refreshed_at = excluded.refreshed_at;
$$;
--> statement-breakpoint
-- Recomputes the summary from the tables (after bulk loads, or to repair it). One statement, one
-- snapshot: pending changes it can see are already in the recount and are dropped with it.
CREATE OR REPLACE FUNCTION refresh_platform_summary() RETURNS void
LANGUAGE sql SET search_path FROM CURRENT AS $$
  WITH cleared AS (
    DELETE FROM platform_summary_deltas RETURNING 1
  ), recount AS (
    SELECT
      (SELECT coalesce(sum(entry.value_effect), 0)
         FROM investment_transactions entry JOIN investments note ON note.id = entry.investment_id
        WHERE note.status = 'active') AS assets_under_management,
      (SELECT count(*) FROM investors) AS investor_count,
      (SELECT count(*) FROM investors WHERE status = 'active') AS active_investor_count,
      (SELECT coalesce(sum(amount), 0) FROM ach_payments WHERE payment_type = 'interest' AND status = 'completed') AS interest_paid,
      (SELECT count(*) FROM investments WHERE status = 'active') AS active_investment_count,
      (SELECT count(*) FROM cleared) AS cleared_changes
  )
  INSERT INTO platform_summary AS summary (id, assets_under_management, investor_count, active_investor_count,
                                           interest_paid, active_investment_count, refreshed_at)
  SELECT 1, assets_under_management, investor_count, active_investor_count, interest_paid, active_investment_count, now()
    FROM recount
  ON CONFLICT (id) DO UPDATE SET
    assets_under_management = excluded.assets_under_management,
    investor_count = excluded.investor_count,
    active_investor_count = excluded.active_investor_count,
    interest_paid = excluded.interest_paid,
    active_investment_count = excluded.active_investment_count,
    refreshed_at = excluded.refreshed_at;
$$;
--> statement-breakpoint
SELECT refresh_platform_summary();
