-- Issue 27 section 3 (PRODUCT.md 44, decisions 1950-1953): early redemption by request. An
-- investor asks to redeem a note in its lock-up (Standard) or before maturity (High-Yield), whole
-- or in part; staff approve (two different admins above a threshold) or decline with a reason;
-- an approved request is paid by the `pay-early-redemptions` job, which writes a `withdrawal`
-- entry for the amount paid and a `redemption_penalty` entry for the penalty (90 days' interest
-- on the amount redeemed). Box 2 of the year's 1099-INT is the sum of the penalty entries.
CREATE TABLE "early_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investment_id" uuid NOT NULL,
	"investor_id" uuid NOT NULL,
	"is_whole" boolean NOT NULL,
	"principal_amount" numeric(14, 2) NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"first_approved_by" uuid REFERENCES "admin_users"("id"),
	"first_approved_at" timestamp with time zone,
	"approved_by" uuid REFERENCES "admin_users"("id"),
	"approved_at" timestamp with time zone,
	"payment_date" date,
	"declined_by" uuid REFERENCES "admin_users"("id"),
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"cancelled_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"redemption_date" date,
	"principal_paid" numeric(14, 2),
	"interest_paid" numeric(14, 2),
	"penalty" numeric(14, 2),
	"amount_paid" numeric(14, 2),
	"ach_payment_id" uuid,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "early_redemptions_note_investor_fk" FOREIGN KEY ("investment_id", "investor_id")
		REFERENCES "investments" ("id", "investor_id"),
	CONSTRAINT "early_redemptions_status_check"
		CHECK (status in ('requested', 'first_approval', 'approved', 'paid', 'declined', 'cancelled', 'failed')),
	CONSTRAINT "early_redemptions_amount_check" CHECK (principal_amount > 0),
	CONSTRAINT "early_redemptions_four_eyes_check" CHECK (approved_by is null or first_approved_by is null or approved_by <> first_approved_by),
	CONSTRAINT "early_redemptions_declined_check" CHECK ((status = 'declined') = (decline_reason is not null)),
	CONSTRAINT "early_redemptions_approved_check" CHECK ((status in ('approved', 'paid', 'failed')) = (approved_by is not null and payment_date is not null)),
	CONSTRAINT "early_redemptions_paid_check" CHECK ((status = 'paid') = (amount_paid is not null and penalty is not null and redemption_date is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "early_redemptions_one_open_per_note" ON "early_redemptions" USING btree ("investment_id")
	WHERE status in ('requested', 'first_approval', 'approved');
--> statement-breakpoint
CREATE INDEX "early_redemptions_queue_idx" ON "early_redemptions" USING btree ("status", "requested_at", "id");
--> statement-breakpoint
CREATE INDEX "early_redemptions_investor_idx" ON "early_redemptions" USING btree ("investor_id", "requested_at");
--> statement-breakpoint
ALTER TABLE "investment_transactions" ADD COLUMN "early_redemption_id" uuid REFERENCES "early_redemptions"("id");
--> statement-breakpoint
CREATE INDEX "investment_transactions_penalty_idx" ON "investment_transactions" USING btree ("investor_id", "transaction_date")
	WHERE transaction_type = 'redemption_penalty';
--> statement-breakpoint
ALTER TABLE "investment_transactions" DROP CONSTRAINT "investment_transactions_type_check";
--> statement-breakpoint
ALTER TABLE "investment_transactions" ADD CONSTRAINT "investment_transactions_type_check"
	CHECK (transaction_type in ('purchase', 'interest_payment', 'withdrawal', 'reinvestment', 'reversal', 'adjustment', 'redemption_penalty'));
--> statement-breakpoint
ALTER TABLE "investment_transactions" DROP CONSTRAINT "investment_transactions_effect_check";
--> statement-breakpoint
ALTER TABLE "investment_transactions" ADD CONSTRAINT "investment_transactions_effect_check"
	CHECK ((transaction_type = 'purchase' and value_effect = amount)
        or (transaction_type = 'interest_payment' and value_effect in (0, amount))
        or (transaction_type = 'withdrawal' and value_effect = -amount)
        or (transaction_type = 'reinvestment' and value_effect in (amount, -amount))
        or (transaction_type = 'reversal' and reverses_transaction_id is not null)
        or (transaction_type = 'adjustment' and adjustment_id is not null and amount > 0 and value_effect in (amount, -amount))
        or (transaction_type = 'redemption_penalty' and early_redemption_id is not null and amount > 0 and value_effect = -amount));
