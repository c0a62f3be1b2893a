-- Issue 25 section 1 (decision 1900): 1099-INT returns for tax years from 2026 are filed through
-- IRIS. Each generated file (an A2A XML transmission or a Taxpayer Portal CSV file) is one row of
-- iris_transmissions, with the IRS's answer once staff record it (Receipt ID, status, errors);
-- iris_records says which kept form is which record of which file, so that a correction can
-- refer to the accepted record's Unique Record ID and a rejected record can be filed again.
CREATE TABLE "iris_transmissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"batch_id" uuid NOT NULL,
	"tax_year" integer NOT NULL,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"is_test" boolean NOT NULL DEFAULT false,
	"file_number" integer NOT NULL,
	"file_count" integer NOT NULL,
	"unique_transmission_id" text NOT NULL,
	"record_count" integer NOT NULL,
	"total_interest" numeric(14, 2) NOT NULL,
	"total_early_withdrawal_penalty" numeric(14, 2) NOT NULL,
	"total_federal_tax_withheld" numeric(14, 2) NOT NULL,
	"created_by" uuid NOT NULL REFERENCES "admin_users"("id"),
	"created_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL DEFAULT 'awaiting_acknowledgement',
	"receipt_id" text,
	"errors" jsonb NOT NULL DEFAULT '[]'::jsonb,
	"acknowledged_by" uuid REFERENCES "admin_users"("id"),
	"acknowledged_at" timestamp with time zone,
	CONSTRAINT "iris_transmissions_kind_check" CHECK (kind in ('original', 'correction')),
	CONSTRAINT "iris_transmissions_format_check" CHECK (format in ('xml', 'csv')),
	CONSTRAINT "iris_transmissions_status_check" CHECK (status in ('awaiting_acknowledgement', 'accepted', 'accepted_with_errors', 'partially_accepted', 'rejected')),
	CONSTRAINT "iris_transmissions_year_check" CHECK (tax_year between 2026 and 2199),
	CONSTRAINT "iris_transmissions_ack_check" CHECK ((status = 'awaiting_acknowledgement') = (receipt_id is null) and (receipt_id is null) = (acknowledged_at is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "iris_transmissions_utid_key" ON "iris_transmissions" ("unique_transmission_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "iris_transmissions_file_key" ON "iris_transmissions" ("batch_id", "file_number");
--> statement-breakpoint
CREATE INDEX "iris_transmissions_year_idx" ON "iris_transmissions" ("tax_year", "seq");
--> statement-breakpoint
CREATE TABLE "iris_records" (
	"transmission_id" uuid NOT NULL REFERENCES "iris_transmissions"("id") ON DELETE cascade,
	"record_id" integer NOT NULL,
	"tax_form_id" uuid NOT NULL REFERENCES "tax_forms"("id"),
	"investor_id" uuid NOT NULL REFERENCES "investors"("id"),
	"tax_year" integer NOT NULL,
	"corrects_transmission_id" uuid REFERENCES "iris_transmissions"("id"),
	"corrects_record_id" integer,
	"status" text NOT NULL DEFAULT 'pending',
	"errors" jsonb NOT NULL DEFAULT '[]'::jsonb,
	CONSTRAINT "iris_records_pkey" PRIMARY KEY ("transmission_id", "record_id"),
	CONSTRAINT "iris_records_status_check" CHECK (status in ('pending', 'accepted', 'rejected')),
	CONSTRAINT "iris_records_corrects_check" CHECK ((corrects_transmission_id is null) = (corrects_record_id is null))
);
--> statement-breakpoint
CREATE INDEX "iris_records_investor_idx" ON "iris_records" ("investor_id", "tax_year");
--> statement-breakpoint
CREATE INDEX "iris_records_form_idx" ON "iris_records" ("tax_form_id");
