-- Converting to High-Yield is a purchase (PRODUCT.md 37): the investor accepts the Perpetual
-- Note Agreement for the new note, recorded like a purchase's debit authorization (which a
-- conversion has no use for: no money is debited from a bank).
CREATE TABLE "conversion_agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investment_id" uuid NOT NULL,
	"investor_id" uuid NOT NULL,
	"agreement_version" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text
);
--> statement-breakpoint
ALTER TABLE "conversion_agreements" ADD CONSTRAINT "conversion_agreements_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_agreements" ADD CONSTRAINT "conversion_agreements_investor_id_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversion_agreements_investment_key" ON "conversion_agreements" USING btree ("investment_id");
