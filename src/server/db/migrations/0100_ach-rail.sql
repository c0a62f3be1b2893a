-- Issue 15, the ACH rail (decision 1500): PRODUCT.md 39's payment states, the provider's view of
-- each payment (its transfer, authorisation, state, failure reason and ACH return code), the
-- provider's event stream with a resumable cursor, verified-webhook receipts, re-payments of
-- owed credits and the daily reconciliation's differences.
--
-- 'completed' becomes 'settled'. The summary triggers count settled interest from now on; the
-- rename itself moves no money, so the summary's update trigger is off while it runs.
ALTER TABLE "ach_payments" DROP CONSTRAINT "ach_payments_status_check";
--> statement-breakpoint
ALTER TABLE "ach_payments" DISABLE TRIGGER "platform_summary_ach_updated";
--> statement-breakpoint
UPDATE "ach_payments" SET "status" = 'settled' WHERE "status" = 'completed';
--> statement-breakpoint
ALTER TABLE "ach_payments" ENABLE TRIGGER "platform_summary_ach_updated";
--> statement-breakpoint
ALTER TABLE "ach_payments" ADD CONSTRAINT "ach_payments_status_check"
  CHECK (status in ('pending', 'posted', 'settled', 'failed', 'returned', 'cancelled'));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION platform_summary_ach_inserted() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO platform_summary_deltas (interest_paid)
  SELECT sum(amount) FROM inserted_rows WHERE payment_type = 'interest' AND status = 'settled' HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION platform_summary_ach_changed() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  removed numeric := CASE WHEN TG_OP <> 'INSERT' AND OLD.payment_type = 'interest' AND OLD.status = 'settled' THEN OLD.amount ELSE 0 END;
  added numeric := CASE WHEN TG_OP <> 'DELETE' AND NEW.payment_type = 'interest' AND NEW.status = 'settled' THEN NEW.amount ELSE 0 END;
BEGIN
  IF added - removed <> 0 THEN
    INSERT INTO platform_summary_deltas (interest_paid) VALUES (added - removed);
  END IF;
  RETURN NULL;
END $$;
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
      (SELECT coalesce(sum(amount), 0) FROM ach_payments WHERE payment_type = 'interest' AND status = 'settled') AS interest_paid,
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
-- Which rail carried the payment, and what that rail said about it.
ALTER TABLE "ach_payments" ADD COLUMN "provider" text DEFAULT 'sandbox' NOT NULL;
--> statement-breakpoint
ALTER TABLE "ach_payments" ADD COLUMN "provider_status" text;
--> statement-breakpoint
ALTER TABLE "ach_payments" ADD COLUMN "authorization_id" text;
--> statement-breakpoint
ALTER TABLE "ach_payments" ADD COLUMN "return_code" text;
--> statement-breakpoint
ALTER TABLE "ach_payments" ADD COLUMN "posted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "ach_payments" ADD COLUMN "returned_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "ach_payments" ADD CONSTRAINT "ach_payments_provider_check" CHECK (provider in ('sandbox', 'plaid'));
--> statement-breakpoint
ALTER TABLE "ach_payments" ADD CONSTRAINT "ach_payments_return_code_check" CHECK (return_code is null or return_code ~ '^R[0-9A-Z]{2}$');
--> statement-breakpoint
CREATE UNIQUE INDEX "ach_payments_transfer_key" ON "ach_payments" USING btree ("provider", "provider_reference")
  WHERE provider = 'plaid' AND provider_reference is not null;
--> statement-breakpoint
CREATE INDEX "ach_payments_in_flight_idx" ON "ach_payments" USING btree ("provider", "status")
  WHERE status in ('pending', 'posted');
--> statement-breakpoint
-- A credit sent again for an amount owed to the investor (a returned or failed credit). At most
-- one re-payment of an owed amount is in flight at a time.
ALTER TABLE "ach_payments" ADD COLUMN "repays_amount_owed_id" uuid;
--> statement-breakpoint
ALTER TABLE "ach_payments" ADD CONSTRAINT "ach_payments_repays_amount_owed_id_amounts_owed_id_fk"
  FOREIGN KEY ("repays_amount_owed_id") REFERENCES "public"."amounts_owed"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "ach_payments_repayment_in_flight_key" ON "ach_payments" USING btree ("repays_amount_owed_id")
  WHERE repays_amount_owed_id is not null AND status in ('pending', 'posted');
--> statement-breakpoint
DROP INDEX "ach_payments_interest_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "ach_payments_interest_key" ON "ach_payments" USING btree ("investment_id", "posting_period")
  WHERE payment_type = 'interest' AND repays_amount_owed_id is null;
--> statement-breakpoint
-- Every event the provider reported, once (its event id), with the payment it moved.
CREATE TABLE "ach_provider_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"event_id" bigint NOT NULL,
	"event_type" text NOT NULL,
	"transfer_id" text NOT NULL,
	"ach_payment_id" uuid,
	"amount" numeric(14, 2),
	"failure_reason" text,
	"return_code" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ach_provider_events" ADD CONSTRAINT "ach_provider_events_ach_payment_id_ach_payments_id_fk"
  FOREIGN KEY ("ach_payment_id") REFERENCES "public"."ach_payments"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "ach_provider_events_event_key" ON "ach_provider_events" USING btree ("provider", "event_id");
--> statement-breakpoint
CREATE INDEX "ach_provider_events_payment_idx" ON "ach_provider_events" USING btree ("ach_payment_id", "event_id");
--> statement-breakpoint
CREATE INDEX "ach_provider_events_occurred_idx" ON "ach_provider_events" USING btree ("occurred_at");
--> statement-breakpoint
-- The last event id read from each provider's stream: a restarted sync resumes after it.
CREATE TABLE "ach_event_cursors" (
	"provider" text PRIMARY KEY NOT NULL,
	"last_event_id" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Verified webhooks already taken, by the hash of their signed token: a replay changes nothing.
CREATE TABLE "ach_webhook_receipts" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ach_webhook_receipts_received_idx" ON "ach_webhook_receipts" USING btree ("received_at");
--> statement-breakpoint
-- What the daily reconciliation found: the ledger's ACH movements against the provider's events.
CREATE TABLE "ach_reconciliation_differences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reconciled_on" date NOT NULL,
	"provider" text NOT NULL,
	"ach_payment_id" uuid,
	"transfer_id" text,
	"kind" text NOT NULL,
	"expected" text NOT NULL,
	"actual" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ach_reconciliation_differences_kind_check" CHECK (kind in ('status_mismatch', 'amount_mismatch', 'unknown_transfer', 'missing_transfer', 'return_code_mismatch'))
);
--> statement-breakpoint
ALTER TABLE "ach_reconciliation_differences" ADD CONSTRAINT "ach_reconciliation_differences_ach_payment_id_ach_payments_id_fk"
  FOREIGN KEY ("ach_payment_id") REFERENCES "public"."ach_payments"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "ach_reconciliation_differences_key" ON "ach_reconciliation_differences" USING btree
  ("reconciled_on", "kind", coalesce("ach_payment_id"::text, ''), coalesce("transfer_id", ''));
--> statement-breakpoint
CREATE INDEX "ach_reconciliation_differences_created_idx" ON "ach_reconciliation_differences" USING btree ("created_at" DESC NULLS LAST);
