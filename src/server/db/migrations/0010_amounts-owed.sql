CREATE TABLE "amounts_owed" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investor_id" uuid NOT NULL,
	"investment_id" uuid,
	"ach_payment_id" uuid,
	"direction" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "amounts_owed_direction_check" CHECK (direction in ('owed_by_investor', 'owed_to_investor')),
	CONSTRAINT "amounts_owed_status_check" CHECK (status in ('open', 'resolved')),
	CONSTRAINT "amounts_owed_amount_check" CHECK (amount > 0),
	CONSTRAINT "amounts_owed_resolved_check" CHECK ((status = 'resolved') = (resolved_at is not null))
);
--> statement-breakpoint
ALTER TABLE "amounts_owed" ADD CONSTRAINT "amounts_owed_investor_id_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amounts_owed" ADD CONSTRAINT "amounts_owed_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amounts_owed" ADD CONSTRAINT "amounts_owed_ach_payment_id_ach_payments_id_fk" FOREIGN KEY ("ach_payment_id") REFERENCES "public"."ach_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "amounts_owed_investor_idx" ON "amounts_owed" USING btree ("investor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "amounts_owed_open_idx" ON "amounts_owed" USING btree ("created_at") WHERE status = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "amounts_owed_payment_key" ON "amounts_owed" USING btree ("ach_payment_id","direction") WHERE ach_payment_id is not null;
