-- Tax information on /settings (issue 13 item 14): the TIN kept may be an SSN or an ITIN, and
-- every addition or change of a tax record is audited (field names and last fours only).
ALTER TABLE "tax_records" ADD COLUMN "tin_type" text DEFAULT 'ssn' NOT NULL;
--> statement-breakpoint
ALTER TABLE "tax_records" ADD CONSTRAINT "tax_records_tin_type_check" CHECK (tin_type in ('ssn', 'itin'));
--> statement-breakpoint
CREATE TABLE "tax_record_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investor_id" uuid NOT NULL REFERENCES "investors"("id") ON DELETE cascade,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"session_id" uuid,
	"action" text NOT NULL,
	"changed_fields" text[] NOT NULL,
	"tin_last_four_before" text,
	"tin_last_four_after" text NOT NULL,
	"kyc_status" text NOT NULL,
	"kyc_reference" text,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_record_changes_action_check" CHECK (action in ('added', 'changed'))
);
--> statement-breakpoint
CREATE INDEX "tax_record_changes_investor_idx" ON "tax_record_changes" USING btree ("investor_id","created_at");
