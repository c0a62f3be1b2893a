-- Offerings carry their legal limits (issue 26 sections 1-2, PRODUCT.md 43, decisions 1930-1936).
-- Every product belongs to one offering. Products that exist already, and any product inserted
-- without one (the reference seed, fixtures, a hand-made fix), go to the default offering, which
-- default_offering_id() creates when there is none: its exemption is "none" and it has no cap
-- until staff set them, because a migration cannot know under which exemption notes were sold.
CREATE TABLE "offerings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"exemption" text NOT NULL,
	"qualification_date" date,
	"maximum_per_12_months" numeric(14, 2),
	"status" text DEFAULT 'open' NOT NULL,
	"requires_accreditation_evidence" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offerings_exemption_check" CHECK (exemption in ('reg_a_tier_2', 'reg_a_tier_1', 'reg_d_506c', 'none')),
	CONSTRAINT "offerings_status_check" CHECK (status in ('open', 'paused', 'closed')),
	CONSTRAINT "offerings_maximum_check" CHECK (maximum_per_12_months is null or maximum_per_12_months > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "offerings_one_default_key" ON "offerings" ("is_default") WHERE is_default;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION default_offering_id() RETURNS uuid
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  found uuid;
BEGIN
  SELECT id INTO found FROM offerings WHERE is_default;
  IF found IS NULL THEN
    INSERT INTO offerings (name, exemption, is_default) VALUES ('Notes offering', 'none', true)
      ON CONFLICT DO NOTHING;
    SELECT id INTO found FROM offerings WHERE is_default;
  END IF;
  RETURN found;
END $$;
--> statement-breakpoint
ALTER TABLE "investment_products" ADD COLUMN "offering_id" uuid;
--> statement-breakpoint
UPDATE "investment_products" SET "offering_id" = default_offering_id();
--> statement-breakpoint
ALTER TABLE "investment_products" ALTER COLUMN "offering_id" SET DEFAULT default_offering_id();
--> statement-breakpoint
ALTER TABLE "investment_products" ALTER COLUMN "offering_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "investment_products" ADD CONSTRAINT "investment_products_offering_fk"
  FOREIGN KEY ("offering_id") REFERENCES "offerings"("id");
--> statement-breakpoint
CREATE INDEX "investment_products_offering_idx" ON "investment_products" ("offering_id");
--> statement-breakpoint
CREATE TABLE "offering_circulars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offering_id" uuid NOT NULL REFERENCES "offerings"("id") ON DELETE cascade,
	"version" integer NOT NULL,
	"file_name" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" bytea NOT NULL,
	"uploaded_by" uuid REFERENCES "admin_users"("id"),
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offering_circulars_version_check" CHECK (version >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "offering_circulars_version_key" ON "offering_circulars" ("offering_id", "version");
--> statement-breakpoint
CREATE TABLE "circular_acknowledgements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investor_id" uuid NOT NULL REFERENCES "investors"("id"),
	"offering_id" uuid NOT NULL REFERENCES "offerings"("id") ON DELETE cascade,
	"circular_id" uuid NOT NULL REFERENCES "offering_circulars"("id") ON DELETE cascade,
	"version" integer NOT NULL,
	"acknowledged_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "circular_acknowledgements_key" ON "circular_acknowledgements" ("investor_id", "circular_id");
--> statement-breakpoint
-- One row per sale counted against its offering's cap (and, in Tier 2, the investor's limit):
-- purchases, conversions and rollovers alike (a rollover or conversion is a new sale).
CREATE TABLE "offering_sales" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"offering_id" uuid NOT NULL REFERENCES "offerings"("id"),
	"investor_id" uuid NOT NULL REFERENCES "investors"("id"),
	"investment_id" uuid NOT NULL REFERENCES "investments"("id"),
	"kind" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"sold_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offering_sales_kind_check" CHECK (kind in ('purchase', 'conversion', 'rollover')),
	CONSTRAINT "offering_sales_amount_check" CHECK (amount > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "offering_sales_investment_key" ON "offering_sales" ("investment_id");
--> statement-breakpoint
CREATE INDEX "offering_sales_offering_day_idx" ON "offering_sales" ("offering_id", "sold_on");
--> statement-breakpoint
CREATE INDEX "offering_sales_investor_day_idx" ON "offering_sales" ("investor_id", "sold_on");
--> statement-breakpoint
-- Notes sold before offerings existed count against the default offering's 12 months, so a cap
-- staff set later sees what was already sold.
INSERT INTO "offering_sales" (offering_id, investor_id, investment_id, kind, amount, sold_on, created_at)
SELECT p.offering_id, i.investor_id, i.id,
       CASE WHEN i.origin = 'rollover' THEN 'rollover' ELSE 'purchase' END,
       i.principal_amount, i.start_date, i.created_at
FROM investments i JOIN investment_products p ON p.id = i.product_id
WHERE i.principal_amount > 0 AND i.status <> 'cancelled';
--> statement-breakpoint
CREATE TABLE "investor_profiles" (
	"investor_id" uuid PRIMARY KEY NOT NULL REFERENCES "investors"("id"),
	"is_accredited" boolean NOT NULL,
	"accreditation_basis" text,
	"annual_income_encrypted" text,
	"net_worth_encrypted" text,
	"certified_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investor_profiles_basis_check" CHECK (accreditation_basis is null or accreditation_basis in
	  ('income', 'joint_income', 'net_worth', 'professional_licence', 'entity')),
	CONSTRAINT "investor_profiles_shape_check" CHECK (
	  (is_accredited and accreditation_basis is not null)
	  or (not is_accredited and accreditation_basis is null and annual_income_encrypted is not null and net_worth_encrypted is not null))
);
--> statement-breakpoint
CREATE TABLE "investor_profile_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"investor_id" uuid NOT NULL REFERENCES "investors"("id"),
	"is_accredited" boolean NOT NULL,
	"accreditation_basis" text,
	"annual_income_encrypted" text,
	"net_worth_encrypted" text,
	"changed_by" text NOT NULL,
	"proposed_by_admin_id" uuid REFERENCES "admin_users"("id"),
	"approved_by_admin_id" uuid REFERENCES "admin_users"("id"),
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investor_profile_history_changed_by_check" CHECK (changed_by in ('investor', 'staff'))
);
--> statement-breakpoint
CREATE INDEX "investor_profile_history_investor_idx" ON "investor_profile_history" ("investor_id", "id");
--> statement-breakpoint
-- A staff change to an investor's profile waits for a second admin (four-eyes, decision 1935).
CREATE TABLE "investor_profile_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investor_id" uuid NOT NULL REFERENCES "investors"("id"),
	"is_accredited" boolean NOT NULL,
	"accreditation_basis" text,
	"annual_income_encrypted" text,
	"net_worth_encrypted" text,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed_by" uuid NOT NULL REFERENCES "admin_users"("id"),
	"decided_by" uuid REFERENCES "admin_users"("id"),
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investor_profile_overrides_status_check" CHECK (status in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE INDEX "investor_profile_overrides_investor_idx" ON "investor_profile_overrides" ("investor_id", "status");
--> statement-breakpoint
CREATE TABLE "offering_limit_refusals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"investor_id" uuid NOT NULL REFERENCES "investors"("id"),
	"offering_id" uuid NOT NULL REFERENCES "offerings"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"allowed" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offering_limit_refusals_kind_check" CHECK (kind in ('purchase', 'conversion', 'rollover')),
	CONSTRAINT "offering_limit_refusals_reason_check" CHECK (reason in
	  ('offering_cap', 'investor_limit', 'not_accredited', 'evidence_required', 'profile_required'))
);
--> statement-breakpoint
CREATE INDEX "offering_limit_refusals_investor_idx" ON "offering_limit_refusals" ("investor_id", "created_at");
--> statement-breakpoint
CREATE TABLE "accreditation_evidence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investor_id" uuid NOT NULL REFERENCES "investors"("id"),
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"content" bytea NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"reviewed_by" uuid REFERENCES "admin_users"("id"),
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "accreditation_evidence_status_check" CHECK (status in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE INDEX "accreditation_evidence_investor_idx" ON "accreditation_evidence" ("investor_id", "uploaded_at");
