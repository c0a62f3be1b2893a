-- Issues 25 (section 3) and 26 (section 3), PRODUCT.md 41-42, decisions 1920-1924: the investor's
-- consents to electronic delivery (ESIGN records; tax forms, a separate and specific consent),
-- kept as a history of given/withdrawn events with the disclosure version, time, IP and browser;
-- and the paper mail that follows when there is no consent: pieces waiting, print batches, and
-- the date and count staff mark a batch mailed.
CREATE TABLE "electronic_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	-- The order events happened in, even within one clock tick: the latest is the state.
	"seq" bigserial NOT NULL,
	"investor_id" uuid NOT NULL REFERENCES "investors"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"disclosure_version" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	CONSTRAINT "electronic_consents_kind_check" CHECK (kind in ('electronic_records', 'tax_forms')),
	CONSTRAINT "electronic_consents_action_check" CHECK (action in ('given', 'withdrawn'))
);
--> statement-breakpoint
CREATE INDEX "electronic_consents_latest_idx" ON "electronic_consents" ("investor_id", "kind", "seq" DESC);
--> statement-breakpoint
CREATE TABLE "paper_mail_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"tax_year" integer,
	"piece_count" integer NOT NULL,
	"created_by" uuid NOT NULL REFERENCES "admin_users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_on" date,
	"mailed_count" integer,
	"mailed_by" uuid REFERENCES "admin_users"("id"),
	"mailed_recorded_at" timestamp with time zone,
	CONSTRAINT "paper_mail_batches_purpose_check" CHECK (purpose in ('tax_forms', 'records')),
	CONSTRAINT "paper_mail_batches_year_check" CHECK ((purpose = 'tax_forms') = (tax_year is not null)),
	CONSTRAINT "paper_mail_batches_count_check" CHECK (piece_count > 0 AND (mailed_count is null OR mailed_count between 1 and piece_count)),
	CONSTRAINT "paper_mail_batches_mailed_check" CHECK ((mailed_on is null) = (mailed_count is null) AND (mailed_on is null) = (mailed_by is null))
);
--> statement-breakpoint
CREATE INDEX "paper_mail_batches_purpose_idx" ON "paper_mail_batches" ("purpose", "created_at" DESC);
--> statement-breakpoint
CREATE TABLE "paper_mail_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investor_id" uuid NOT NULL REFERENCES "investors"("id") ON DELETE cascade,
	"document_kind" text NOT NULL,
	"document_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"batch_id" uuid REFERENCES "paper_mail_batches"("id"),
	CONSTRAINT "paper_mail_items_kind_check" CHECK (document_kind in ('tax_form', 'statement', 'notice')),
	CONSTRAINT "paper_mail_items_reason_check" CHECK (reason in ('no_consent', 'consent_withdrawn', 'requested'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "paper_mail_items_waiting_key" ON "paper_mail_items" ("document_kind", "document_id") WHERE batch_id is null;
--> statement-breakpoint
CREATE INDEX "paper_mail_items_document_idx" ON "paper_mail_items" ("document_kind", "document_id");
--> statement-breakpoint
CREATE INDEX "paper_mail_items_batch_idx" ON "paper_mail_items" ("batch_id");
--> statement-breakpoint
CREATE INDEX "paper_mail_items_investor_idx" ON "paper_mail_items" ("investor_id", "requested_at" DESC);
