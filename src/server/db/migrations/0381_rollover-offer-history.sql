-- A rollover takes the offer of the maturity date, whatever day the run happens (issue 24 item 7,
-- PRODUCT.md 47, decision 1810). The catalogue keeps its history: every product's offer (type,
-- term, rate, whether active, its window) from the instant it was created or changed, written by
-- a trigger so that no writer (the admin screens, the seed, a hand-made fix) can change an offer
-- without leaving the version it replaced. Products that exist already are taken as they are
-- from their creation: the versions before this migration were not kept.
CREATE TABLE "investment_product_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL REFERENCES "investment_products"("id") ON DELETE cascade,
	"investment_type" text NOT NULL,
	"term_years" integer NOT NULL,
	"interest_rate_annual" numeric(9, 6) NOT NULL,
	"is_active" boolean NOT NULL,
	"available_from" date,
	"available_until" date,
	"valid_from" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "investment_product_history_offer_idx" ON "investment_product_history" ("investment_type", "term_years", "valid_from");
--> statement-breakpoint
INSERT INTO "investment_product_history"
  (product_id, investment_type, term_years, interest_rate_annual, is_active, available_from, available_until, valid_from)
SELECT id, investment_type, term_years, interest_rate_annual, is_active, available_from, available_until, created_at
FROM investment_products;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION investment_product_offer_changed() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO investment_product_history
    (product_id, investment_type, term_years, interest_rate_annual, is_active, available_from, available_until, valid_from)
  VALUES (NEW.id, NEW.investment_type, NEW.term_years, NEW.interest_rate_annual, NEW.is_active, NEW.available_from,
          NEW.available_until, CASE WHEN TG_OP = 'INSERT' THEN NEW.created_at ELSE NEW.updated_at END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER investment_product_offer_created AFTER INSERT ON investment_products
  FOR EACH ROW EXECUTE FUNCTION investment_product_offer_changed();
--> statement-breakpoint
CREATE TRIGGER investment_product_offer_updated AFTER UPDATE ON investment_products
  FOR EACH ROW WHEN (
    (OLD.investment_type, OLD.term_years, OLD.interest_rate_annual, OLD.is_active, OLD.available_from, OLD.available_until)
    IS DISTINCT FROM
    (NEW.investment_type, NEW.term_years, NEW.interest_rate_annual, NEW.is_active, NEW.available_from, NEW.available_until)
  ) EXECUTE FUNCTION investment_product_offer_changed();
--> statement-breakpoint
-- The day the investor was told of a rollover (the run that made it): the 10 days to undo count
-- from it, never from an earlier maturity date (PRODUCT.md 47). Past rollovers: the day of the
-- entry that funded them, which is the day their run told the investor.
ALTER TABLE "investments" ADD COLUMN "rolled_over_on" date;
--> statement-breakpoint
UPDATE "investments" i SET rolled_over_on = (
  SELECT min(t.transaction_date) FROM investment_transactions t
  WHERE t.investment_id = i.id AND t.transaction_type = 'reinvestment' AND t.value_effect > 0)
WHERE i.origin = 'rollover';
