-- Issue 15, identity (decision 1520): every identity verification the KYC provider ran (the
-- sandbox or Plaid Identity Verification), pending and failed ones included, with its
-- watchlist (OFAC) screening result. No PII here: names, dates of birth and TINs stay in
-- tax_records. A hit blocks purchases until staff clear it with a reason.
CREATE TABLE "identity_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investor_id" uuid NOT NULL REFERENCES "investors"("id") ON DELETE cascade,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"provider_status" text NOT NULL,
	"failure_reason" text,
	"watchlist_status" text NOT NULL,
	"watchlist_reference" text,
	"watchlist_cleared_at" timestamp with time zone,
	"watchlist_cleared_by" uuid REFERENCES "admin_users"("id"),
	"watchlist_clear_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_verifications_status_check" CHECK (status in ('approved', 'review', 'rejected')),
	CONSTRAINT "identity_verifications_watchlist_check" CHECK (watchlist_status in ('not_screened', 'clear', 'hit', 'cleared')),
	CONSTRAINT "identity_verifications_cleared_check" CHECK ((watchlist_status = 'cleared') = (watchlist_cleared_at is not null and watchlist_cleared_by is not null and watchlist_clear_reason is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "identity_verifications_reference_key" ON "identity_verifications" USING btree ("provider","reference");
--> statement-breakpoint
CREATE INDEX "identity_verifications_investor_idx" ON "identity_verifications" USING btree ("investor_id","created_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "identity_verifications_hits_idx" ON "identity_verifications" USING btree ("investor_id") WHERE watchlist_status = 'hit';
