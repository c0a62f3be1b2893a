-- Issues 25 and 27 (PRODUCT.md 41, 44): a 1099-INT also carries box 2 (early withdrawal penalty)
-- and box 4 (federal income tax withheld, backup withholding). Both default to zero so forms
-- issued before them keep their meaning.
ALTER TABLE "tax_forms" ADD COLUMN "early_withdrawal_penalty" numeric(14, 2) NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "tax_forms" ADD COLUMN "federal_tax_withheld" numeric(14, 2) NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "tax_forms" ADD CONSTRAINT "tax_forms_box_2_and_4_check"
  CHECK (early_withdrawal_penalty >= 0 AND federal_tax_withheld >= 0);
