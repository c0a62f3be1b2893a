-- Issue 16 item 3 (decision 1620): staff suspend, reinstate and close investors with a reason,
-- and cancel pending withdrawals with a reason. Every change of status is kept.
ALTER TABLE "investors" ADD COLUMN "status_reason" text;
--> statement-breakpoint
ALTER TABLE "investors" ADD COLUMN "status_changed_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "investor_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investor_id" uuid NOT NULL REFERENCES "investors"("id") ON DELETE cascade,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"reason" text NOT NULL,
	"admin_user_id" uuid NOT NULL REFERENCES "admin_users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investor_status_changes_to_check" CHECK (to_status in ('active', 'suspended', 'closed'))
);
--> statement-breakpoint
CREATE INDEX "investor_status_changes_investor_idx" ON "investor_status_changes" USING btree ("investor_id","created_at");
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "cancellation_reason" text;
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "cancelled_by_admin_id" uuid REFERENCES "admin_users"("id");
