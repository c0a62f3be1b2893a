-- Issue 16 item 4 (decision 1621): four-eyes manual adjustments. One admin proposes a credit or
-- debit to a note; a different operations or super_admin approves it, which writes one
-- `adjustment` entry (value effect +amount or -amount) and keeps the note's running total.
ALTER TABLE "investments" ADD COLUMN "amount_adjusted" numeric(14, 2) DEFAULT '0' NOT NULL;
--> statement-breakpoint
CREATE TABLE "ledger_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investment_id" uuid NOT NULL,
	"investor_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed_by" uuid NOT NULL REFERENCES "admin_users"("id"),
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid REFERENCES "admin_users"("id"),
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"transaction_id" uuid,
	CONSTRAINT "ledger_adjustments_note_investor_fk" FOREIGN KEY ("investment_id", "investor_id")
		REFERENCES "investments" ("id", "investor_id"),
	CONSTRAINT "ledger_adjustments_direction_check" CHECK (direction in ('credit', 'debit')),
	CONSTRAINT "ledger_adjustments_status_check" CHECK (status in ('pending', 'applied', 'rejected')),
	CONSTRAINT "ledger_adjustments_amount_check" CHECK (amount > 0),
	CONSTRAINT "ledger_adjustments_four_eyes_check" CHECK (decided_by is null or decided_by <> proposed_by),
	CONSTRAINT "ledger_adjustments_decided_check" CHECK ((status = 'pending') = (decided_at is null) and (status = 'pending') = (decided_by is null)),
	CONSTRAINT "ledger_adjustments_applied_check" CHECK ((status = 'applied') = (transaction_id is not null))
);
--> statement-breakpoint
CREATE INDEX "ledger_adjustments_status_idx" ON "ledger_adjustments" USING btree ("status","proposed_at");
--> statement-breakpoint
CREATE INDEX "ledger_adjustments_investor_idx" ON "ledger_adjustments" USING btree ("investor_id","proposed_at");
--> statement-breakpoint
ALTER TABLE "investment_transactions" ADD COLUMN "adjustment_id" uuid REFERENCES "ledger_adjustments"("id");
--> statement-breakpoint
CREATE UNIQUE INDEX "investment_transactions_adjustment_key" ON "investment_transactions" USING btree ("adjustment_id") WHERE adjustment_id is not null;
--> statement-breakpoint
ALTER TABLE "ledger_adjustments" ADD CONSTRAINT "ledger_adjustments_transaction_fk"
	FOREIGN KEY ("transaction_id") REFERENCES "investment_transactions"("id");
--> statement-breakpoint
ALTER TABLE "investment_transactions" DROP CONSTRAINT "investment_transactions_type_check";
--> statement-breakpoint
ALTER TABLE "investment_transactions" ADD CONSTRAINT "investment_transactions_type_check"
	CHECK (transaction_type in ('purchase', 'interest_payment', 'withdrawal', 'reinvestment', 'reversal', 'adjustment'));
--> statement-breakpoint
ALTER TABLE "investment_transactions" DROP CONSTRAINT "investment_transactions_effect_check";
--> statement-breakpoint
ALTER TABLE "investment_transactions" ADD CONSTRAINT "investment_transactions_effect_check"
	CHECK ((transaction_type = 'purchase' and value_effect = amount)
        or (transaction_type = 'interest_payment' and value_effect in (0, amount))
        or (transaction_type = 'withdrawal' and value_effect = -amount)
        or (transaction_type = 'reinvestment' and value_effect in (amount, -amount))
        or (transaction_type = 'reversal' and reverses_transaction_id is not null)
        or (transaction_type = 'adjustment' and adjustment_id is not null and amount > 0 and value_effect in (amount, -amount)));
