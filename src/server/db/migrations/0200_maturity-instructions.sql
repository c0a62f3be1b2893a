-- Maturity instructions (issue 17 item 1, PRODUCT.md 38): a High-Yield note is paid out to the
-- bank or rolled over into a new note at maturity; the note a rollover made can be undone
-- within 10 days. Reminders 30 and 7 days before maturity are sent once each.
ALTER TABLE "investments" ADD COLUMN "maturity_instruction" text;
--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "rollover_term_years" integer;
--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "origin" text DEFAULT 'purchase' NOT NULL;
--> statement-breakpoint
UPDATE "investments" SET "origin" = 'conversion' WHERE "source_investment_id" IS NOT NULL;
--> statement-breakpoint
-- Notes still earning get the default instruction (paid out, not left idle); notes that already
-- matured keep no instruction and stay available to transfer as before.
UPDATE "investments" SET "maturity_instruction" = 'pay_out'
WHERE "investment_type" = 'high_yield' AND "status" = 'active';
--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_maturity_instruction_check" CHECK (
  maturity_instruction is null
  or (investment_type = 'high_yield' and maturity_instruction in ('pay_out', 'roll_over'))
);
--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_rollover_term_check" CHECK (
  (maturity_instruction is distinct from 'roll_over') = (rollover_term_years is null)
  and (rollover_term_years is null or rollover_term_years between 1 and 50)
);
--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_origin_check" CHECK (origin in ('purchase', 'conversion', 'rollover'));
--> statement-breakpoint
CREATE INDEX "investments_high_yield_maturity_idx" ON "investments" ("maturity_date")
WHERE investment_type = 'high_yield' AND status = 'active';
--> statement-breakpoint
CREATE TABLE "maturity_reminders" (
	"investment_id" uuid NOT NULL REFERENCES "investments"("id") ON DELETE cascade,
	"days_before" integer NOT NULL,
	"sent_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maturity_reminders_pkey" PRIMARY KEY ("investment_id", "days_before"),
	CONSTRAINT "maturity_reminders_days_check" CHECK (days_before in (30, 7))
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "reason" text DEFAULT 'transfer' NOT NULL;
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_reason_check" CHECK (reason in ('transfer', 'maturity_payout', 'rollover_undo'));
