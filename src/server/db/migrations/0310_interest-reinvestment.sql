-- Interest reinvestment for Standard notes (issue 17 item 2, decision 1740): a Standard note
-- may have its monthly interest credited to it instead of paid to the bank, so it compounds.
-- Each choice is kept with the first month it governs; the note's kept figures grow by the
-- interest credited and by the principal-days that interest did not earn before its month ended.
ALTER TABLE "investments" ADD COLUMN "interest_reinvested" numeric(14, 2) DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "reinvested_principal_days" numeric(24, 2) DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_interest_reinvested_check" CHECK (
  interest_reinvested >= 0 and (investment_type = 'standard' or (interest_reinvested = 0 and reinvested_principal_days = 0))
);
--> statement-breakpoint
CREATE TABLE "interest_reinvestment_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"investment_id" uuid NOT NULL REFERENCES "investments"("id") ON DELETE cascade,
	"investor_id" uuid NOT NULL REFERENCES "investors"("id") ON DELETE cascade,
	"reinvest" boolean NOT NULL,
	"effective_period" date NOT NULL,
	"changed_on" date NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interest_reinvestment_changes_period_check" CHECK (extract(day from effective_period) = 1),
	CONSTRAINT "interest_reinvestment_changes_source_check" CHECK (source in ('purchase', 'investor'))
);
--> statement-breakpoint
CREATE INDEX "interest_reinvestment_changes_note_idx" ON "interest_reinvestment_changes" ("investment_id", "effective_period" DESC, "id" DESC);
