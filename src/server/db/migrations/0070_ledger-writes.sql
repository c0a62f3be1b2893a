-- Issue 14.4 (decision 1400): make the month-end posting write less.
--
-- Every note's row is rewritten each day (accrual) and each month (posting). With room left on
-- each page the new row version stays on its page (a HOT update) and none of the note's indexes
-- is touched. New and moved rows keep the room; rows already packed get it when next moved.
ALTER TABLE "investments" SET (fillfactor = 80);
--> statement-breakpoint
-- An entry's investor is its note's investor: one composite key check per entry instead of two
-- (note, then investor), and an entry can no longer name another investor than its note's.
CREATE UNIQUE INDEX IF NOT EXISTS "investments_id_investor_key" ON "investments" USING btree ("id", "investor_id");
--> statement-breakpoint
ALTER TABLE "investment_transactions" ADD CONSTRAINT "investment_transactions_note_investor_fk"
  FOREIGN KEY ("investment_id", "investor_id") REFERENCES "investments" ("id", "investor_id");
--> statement-breakpoint
ALTER TABLE "investment_transactions" DROP CONSTRAINT IF EXISTS "investment_transactions_investment_id_investments_id_fk";
--> statement-breakpoint
ALTER TABLE "investment_transactions" DROP CONSTRAINT IF EXISTS "investment_transactions_investor_id_investors_id_fk";
--> statement-breakpoint
-- Interest postings are nearly every entry: the Interest filter walks investment_transactions_investor_idx
-- (almost every row matches), so this index keeps only the rare types (Withdrawals filter).
DROP INDEX IF EXISTS "investment_transactions_investor_type_idx";
--> statement-breakpoint
CREATE INDEX "investment_transactions_investor_type_idx" ON "investment_transactions" USING btree
  ("investor_id", "transaction_type", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
  WHERE transaction_type <> 'interest_payment';
