-- Issue 25 section 2 (PRODUCT.md 41, decisions 1910-1913): the investor's Form W-9 certification of
-- the TIN on file, the IRS "B notices" staff record, and backup withholding on interest paid out.
-- An investor's current certification is the one not superseded; a change of TIN supersedes it.
CREATE TABLE "tin_certifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investor_id" uuid NOT NULL REFERENCES "investors"("id") ON DELETE cascade,
	"user_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"session_id" uuid,
	"certification_version" text NOT NULL,
	"tin_type" text NOT NULL,
	"tin_last_four" text NOT NULL,
	"legal_name" text NOT NULL,
	"subject_to_backup_withholding" boolean NOT NULL,
	"is_us_person" boolean NOT NULL,
	"fatca_code" text,
	"certified_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"superseded_at" timestamp with time zone,
	"superseded_reason" text,
	CONSTRAINT "tin_certifications_tin_type_check" CHECK (tin_type in ('ssn', 'itin')),
	CONSTRAINT "tin_certifications_us_person_check" CHECK (is_us_person),
	CONSTRAINT "tin_certifications_fatca_check" CHECK (fatca_code is null or fatca_code ~ '^[A-M]$'),
	CONSTRAINT "tin_certifications_superseded_check" CHECK ((superseded_at is null) = (superseded_reason is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tin_certifications_current_key" ON "tin_certifications" ("investor_id") WHERE superseded_at is null;
--> statement-breakpoint
CREATE INDEX "tin_certifications_investor_idx" ON "tin_certifications" ("investor_id", "certified_at");
--> statement-breakpoint
CREATE TABLE "backup_withholding_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investor_id" uuid NOT NULL REFERENCES "investors"("id") ON DELETE cascade,
	"notice_kind" text NOT NULL,
	"received_on" date NOT NULL,
	"recorded_by" uuid NOT NULL REFERENCES "admin_users"("id"),
	"recorded_at" timestamp with time zone NOT NULL,
	"resolution" text,
	"resolution_note" text,
	"resolved_by" uuid REFERENCES "admin_users"("id"),
	"resolved_at" timestamp with time zone,
	CONSTRAINT "backup_withholding_notices_kind_check" CHECK (notice_kind in ('first', 'second')),
	CONSTRAINT "backup_withholding_notices_resolution_check"
	  CHECK (resolution is null or resolution in ('certified_tin_received', 'irs_or_ssa_validation', 'recorded_in_error')),
	CONSTRAINT "backup_withholding_notices_resolved_check"
	  CHECK ((resolved_at is null) = (resolution is null) AND (resolved_at is null) = (resolved_by is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "backup_withholding_notices_open_key" ON "backup_withholding_notices" ("investor_id") WHERE resolved_at is null;
--> statement-breakpoint
CREATE INDEX "backup_withholding_notices_investor_idx" ON "backup_withholding_notices" ("investor_id", "recorded_at");
--> statement-breakpoint
ALTER TABLE "investment_transactions" ADD COLUMN "backup_withheld" numeric(14, 2) DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "investment_transactions" ADD CONSTRAINT "investment_transactions_backup_withheld_check"
  CHECK (backup_withheld >= 0 AND backup_withheld < amount OR backup_withheld = 0);
--> statement-breakpoint
-- The withholding liability account: one row per interest entry withheld from (+) and per reversal
-- of such an entry (-). Its balance is what the company holds for the IRS (Form 945).
CREATE TABLE "backup_withholding_entries" (
	"id" uuid PRIMARY KEY DEFAULT time_ordered_uuid() NOT NULL,
	"investor_id" uuid NOT NULL REFERENCES "investors"("id"),
	"investment_id" uuid NOT NULL REFERENCES "investments"("id"),
	"transaction_id" uuid NOT NULL REFERENCES "investment_transactions"("id"),
	"entry_date" date NOT NULL,
	"interest_amount" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"rate" numeric(6, 4) NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backup_withholding_entries_reason_check"
	  CHECK (reason in ('no_certified_tin', 'certified_subject', 'b_notice')),
	CONSTRAINT "backup_withholding_entries_amount_check" CHECK (amount <> 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "backup_withholding_entries_transaction_key" ON "backup_withholding_entries" ("transaction_id");
--> statement-breakpoint
CREATE INDEX "backup_withholding_entries_year_idx" ON "backup_withholding_entries" ("entry_date", "investor_id");
--> statement-breakpoint
CREATE INDEX "backup_withholding_entries_investor_idx" ON "backup_withholding_entries" ("investor_id", "entry_date");
--> statement-breakpoint
-- Nothing is withheld retroactively (decision 1912): the rule applies to payments from the day
-- this migration ran, and an uncertified TIN on file then gets the grace period from that day.
INSERT INTO "app_settings" ("key", "value", "updated_at")
VALUES ('backup_withholding_started_on', to_jsonb(to_char(current_date, 'YYYY-MM-DD')), now())
ON CONFLICT ("key") DO NOTHING;
