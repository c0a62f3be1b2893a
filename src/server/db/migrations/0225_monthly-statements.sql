-- Issue 17 item 3 (decision 1720): one monthly statement per investor and month, its figures
-- frozen when generated; the e-mail that it is ready follows its own preference.
CREATE TABLE "investor_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investor_id" uuid NOT NULL,
	"period" date NOT NULL,
	"opening_balance" numeric(14, 2) NOT NULL,
	"purchases" numeric(14, 2) NOT NULL,
	"interest_credited" numeric(14, 2) NOT NULL,
	"interest_paid" numeric(14, 2) NOT NULL,
	"transfers_to_bank" numeric(14, 2) NOT NULL,
	"moved_between_notes" numeric(14, 2) NOT NULL,
	"adjustments" numeric(14, 2) NOT NULL,
	"closing_balance" numeric(14, 2) NOT NULL,
	"accrued_unposted" numeric(14, 2) NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "investor_statements_period_check" CHECK (extract(day from period) = 1),
	CONSTRAINT "investor_statements_reconciles_check" CHECK (closing_balance = opening_balance + purchases + interest_credited - transfers_to_bank + moved_between_notes + adjustments)
);
--> statement-breakpoint
ALTER TABLE "investor_statements" ADD CONSTRAINT "investor_statements_investor_id_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "investor_statements_investor_period_key" ON "investor_statements" USING btree ("investor_id","period");--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "monthly_statement_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "monthly_statement_sms" boolean DEFAULT false NOT NULL;
