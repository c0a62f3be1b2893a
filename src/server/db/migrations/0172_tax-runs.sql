-- Issue 16 item 5 (decision 1622): the year-end tax run. Each run issues the 1099-INT of every
-- investor with at least $10 of interest in the year, as a kept form (the figures and the
-- recipient as printed); a later run issues a corrected form when a figure changed. Only the
-- newest form of an investor and year is current.
CREATE TABLE "tax_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tax_year" integer NOT NULL,
	"started_by" uuid NOT NULL REFERENCES "admin_users"("id"),
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"forms_issued" integer DEFAULT 0 NOT NULL,
	"corrections_issued" integer DEFAULT 0 NOT NULL,
	"unchanged_count" integer DEFAULT 0 NOT NULL,
	"missing_tax_record_count" integer DEFAULT 0 NOT NULL,
	"total_interest" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "tax_runs_year_check" CHECK (tax_year between 1900 and 2199)
);
--> statement-breakpoint
CREATE INDEX "tax_runs_year_idx" ON "tax_runs" USING btree ("tax_year","started_at");
--> statement-breakpoint
CREATE TABLE "tax_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investor_id" uuid NOT NULL REFERENCES "investors"("id"),
	"tax_year" integer NOT NULL,
	"tax_run_id" uuid NOT NULL REFERENCES "tax_runs"("id"),
	"version" integer NOT NULL,
	"is_correction" boolean NOT NULL,
	"is_current" boolean DEFAULT true NOT NULL,
	"supersedes_form_id" uuid REFERENCES "tax_forms"("id"),
	"interest_amount" numeric(14, 2) NOT NULL,
	"recipient_first_name" text NOT NULL,
	"recipient_last_name" text NOT NULL,
	"recipient_address1" text NOT NULL,
	"recipient_address2" text,
	"recipient_city" text NOT NULL,
	"recipient_state" text NOT NULL,
	"recipient_postal_code" text NOT NULL,
	"tin_type" text NOT NULL,
	"tin_last_four" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_forms_year_check" CHECK (tax_year between 1900 and 2199),
	CONSTRAINT "tax_forms_amount_check" CHECK (interest_amount >= 0),
	CONSTRAINT "tax_forms_version_check" CHECK (version >= 1 and (version = 1) = (not is_correction) and (version = 1) = (supersedes_form_id is null)),
	CONSTRAINT "tax_forms_tin_type_check" CHECK (tin_type in ('ssn', 'itin'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tax_forms_version_key" ON "tax_forms" USING btree ("investor_id","tax_year","version");
--> statement-breakpoint
CREATE UNIQUE INDEX "tax_forms_current_key" ON "tax_forms" USING btree ("investor_id","tax_year") WHERE is_current;
--> statement-breakpoint
CREATE INDEX "tax_forms_run_idx" ON "tax_forms" USING btree ("tax_run_id");
--> statement-breakpoint
CREATE INDEX "tax_forms_year_idx" ON "tax_forms" USING btree ("tax_year","investor_id");
